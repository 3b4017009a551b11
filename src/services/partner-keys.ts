// Compliance partner keys (DESIGN §30): minted and listed in the dashboard, resolved on every request.
// Nothing is cached, so a deleted key stops working on every replica with the next request.
import { Errors } from '../errors.js';
import { hashKey, type KeyVault } from '../store/api-keys.js';
import { newId } from '../store/ids.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { PartnerKeyDoc } from '../store/partner-key-repository.js';
import type { Repositories } from '../store/repositories.js';
import type { Actor, ChangeLog } from './change-log.js';

/** Keys per organization: enough for every auditor and tool, few enough to review at a glance. */
export const MAX_PARTNER_KEYS_PER_ORG = 50;

export interface PartnerKeyWithSecret {
  doc: PartnerKeyDoc;
  apiKey: string;
}

export class PartnerKeyService {
  constructor(
    private readonly repos: Repositories,
    private readonly vault: KeyVault,
    private readonly changeLog: ChangeLog,
  ) {}

  /** Logged by name: the key's id is the entry's target, the key itself is never kept. */
  async create(org: OrganizationDoc, name: string, actor: Actor, now = new Date()): Promise<PartnerKeyWithSecret> {
    if ((await this.repos.partnerKeys.countByOrg(org._id)) >= MAX_PARTNER_KEYS_PER_ORG) {
      throw Errors.conflict(`An organization holds at most ${MAX_PARTNER_KEYS_PER_ORG} partner keys; delete one first.`);
    }
    const minted = this.vault.mint('partner');
    const doc: PartnerKeyDoc = { _id: newId('cpk'), org_id: org._id, name, key_hash: minted.hash, key_enc: minted.encrypted, created_at: now };
    const change = { actor, action: 'partner_key.create', orgId: org._id, targetId: doc._id, before: null, after: { name } } as const;
    await this.changeLog.apply(change, () => this.repos.partnerKeys.insert(doc));
    return { doc, apiKey: minted.raw };
  }

  async list(org: OrganizationDoc): Promise<PartnerKeyWithSecret[]> {
    return (await this.repos.partnerKeys.listByOrg(org._id)).map((doc) => ({ doc, apiKey: this.vault.decrypt(doc.key_enc) }));
  }

  async delete(org: OrganizationDoc, keyId: string, actor: Actor): Promise<boolean> {
    const current = await this.repos.partnerKeys.findInOrg(org._id, keyId);
    if (!current) return false;
    const change = { actor, action: 'partner_key.delete', orgId: org._id, targetId: keyId, before: { name: current.name }, after: null } as const;
    return this.changeLog.apply(change, () => this.repos.partnerKeys.delete(org._id, keyId), (deleted) => deleted);
  }

  /** The key and its organization, or null when either no longer exists. */
  async resolve(rawKey: string): Promise<{ key: PartnerKeyDoc; org: OrganizationDoc } | null> {
    const key = await this.repos.partnerKeys.findByKeyHash(hashKey(rawKey));
    const org = key && (await this.repos.organizations.findByRef(key.org_id));
    return key && org ? { key, org } : null;
  }
}
