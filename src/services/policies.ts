// Policy lifecycle: server-assigned rule ids, version bumps on rule changes, keys minted and rotated.
import type { Action, Destination, MaskingStyle, Rule } from '../engine/types.js';
import { Errors } from '../errors.js';
import type { KeyVault } from '../store/api-keys.js';
import { newId } from '../store/ids.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { PolicyDoc } from '../store/policy-repository.js';
import type { KeyResolver } from './key-resolver.js';
import { DEFAULT_POLICY_GROUP } from './plans.js';
import type { Repositories } from './repositories.js';

export interface RuleInput {
  id?: string | undefined;
  name: string;
  enabled: boolean;
  dataTypes: string[];
  destinations: Destination[];
  action: Action;
}

export interface PolicyInput {
  name: string;
  description: string;
  tags: string[];
  rules: RuleInput[];
  masking: MaskingStyle;
  group: string;
  is_active: boolean;
}

export type PolicyPatch = Partial<PolicyInput>;

const INITIAL_VERSION = '1.0';

export function nextVersion(version: string): string {
  const [major = '1', minor = '0'] = version.split('.');
  return `${major}.${Number(minor) + 1}`;
}

/** Keeps the ids of rules the caller sent back; gives new rules new ids. */
export function assignRuleIds(input: RuleInput[], existing: Rule[]): Rule[] {
  const known = new Set(existing.map((r) => r.id));
  const seen = new Set<string>();
  return input.map((r) => {
    if (r.id !== undefined) {
      if (!known.has(r.id)) throw Errors.validation(`rules: rule id '${r.id}' does not belong to this policy.`);
      if (seen.has(r.id)) throw Errors.validation(`rules: rule id '${r.id}' appears twice.`);
      seen.add(r.id);
    }
    return {
      id: r.id ?? newId('rule'),
      name: r.name,
      enabled: r.enabled,
      dataTypes: [...new Set(r.dataTypes.map((t) => t.toUpperCase()))],
      destinations: [...new Set(r.destinations)],
      action: r.action,
    };
  });
}

const sameRules = (a: Rule[], b: Rule[]) => JSON.stringify(a) === JSON.stringify(b);

export class PolicyService {
  constructor(
    private readonly repos: Repositories,
    private readonly vault: KeyVault,
    private readonly keys: KeyResolver,
  ) {}

  /** A new policy runs under the org's current license. */
  async create(org: OrganizationDoc, input: PolicyInput): Promise<PolicyDoc> {
    const now = new Date();
    const license = await this.repos.licenses.findCurrent(org._id, now);
    if (!license) throw Errors.noActiveLicense();
    const key = this.vault.mint('policy');
    const doc: PolicyDoc = {
      _id: newId('pol'),
      org_id: org._id,
      name: input.name,
      description: input.description,
      version: INITIAL_VERSION,
      tags: input.tags,
      is_active: input.is_active,
      group: input.group,
      license_id: license._id,
      masking: input.masking,
      rules: assignRuleIds(input.rules, []),
      key_hash: key.hash,
      key_enc: key.encrypted,
      created_at: now,
      updated_at: now,
    };
    await this.repos.policyGroups.ensure(org._id, doc.group);
    await this.repos.policies.insert(doc);
    return doc;
  }

  async update(org: OrganizationDoc, policyId: string, patch: PolicyPatch): Promise<PolicyDoc | null> {
    const current = await this.repos.policies.findInOrg(org._id, policyId);
    if (!current) return null;
    const { rules: ruleInput, ...fields } = patch;
    if (fields.group !== undefined) await this.repos.policyGroups.ensure(org._id, fields.group);
    const now = new Date();
    const set: Partial<PolicyDoc> = { ...fields, updated_at: now };
    if (fields.is_active === true) {
      // An activated policy runs under the org's current license (its old one may be revoked or expired).
      const license = await this.repos.licenses.findCurrent(org._id, now);
      if (!license) throw Errors.noActiveLicense();
      set.license_id = license._id;
    }
    if (ruleInput) {
      const rules = assignRuleIds(ruleInput, current.rules);
      if (!sameRules(rules, current.rules)) {
        set.rules = rules;
        set.version = nextVersion(current.version);
      }
    }
    const updated = await this.repos.policies.update(org._id, policyId, set);
    await this.keys.invalidate();
    return updated;
  }

  async regenerateKey(org: OrganizationDoc, policyId: string): Promise<{ policy: PolicyDoc; apiKey: string } | null> {
    const key = this.vault.mint('policy');
    const policy = await this.repos.policies.update(org._id, policyId, {
      key_hash: key.hash,
      key_enc: key.encrypted,
      updated_at: new Date(),
    });
    if (!policy) return null;
    await this.keys.invalidate();
    return { policy, apiKey: key.raw };
  }

  async delete(org: OrganizationDoc, policyId: string): Promise<boolean> {
    const deleted = await this.repos.policies.delete(org._id, policyId);
    if (deleted) await this.keys.invalidate();
    return deleted;
  }

  apiKeyOf(doc: PolicyDoc): string {
    return this.vault.decrypt(doc.key_enc);
  }
}

export const DEFAULT_POLICY_FIELDS = {
  description: '',
  tags: [] as string[],
  masking: 'label' as MaskingStyle,
  group: DEFAULT_POLICY_GROUP,
  is_active: true,
};
