// Organization lifecycle. Creating one also creates its trial license, its "default" policy group
// and its default policy (DESIGN §9, §10, §21); without transactions, a failed step undoes the
// earlier ones.
import { defaultRules } from '../engine/index.js';
import { Errors } from '../errors.js';
import { DuplicateError } from '../store/errors.js';
import { newId } from '../store/ids.js';
import type { LicenseDoc } from '../store/license-repository.js';
import type { OrganizationDoc, OrganizationSettings } from '../store/organization-repository.js';
import type { Actor, ChangeLog } from './change-log.js';
import type { EvidenceBundleService } from './evidence-bundles.js';
import type { KeyResolver } from './key-resolver.js';
import type { LicenseService } from './licenses.js';
import { DEFAULT_POLICY_FIELDS, type PolicyService } from './policies.js';
import type { Repositories } from '../store/repositories.js';

export interface OrganizationInput {
  name: string;
  slug: string;
  settings: OrganizationSettings;
}

export interface OrganizationPatch {
  name?: string | undefined;
  settings?: Partial<OrganizationSettings> | undefined;
}

/** What the change log keeps of an organization. */
export const organizationSettings = (org: OrganizationDoc) => ({ name: org.name, slug: org.slug, settings: org.settings });

export class OrganizationService {
  constructor(
    private readonly repos: Repositories,
    private readonly keys: KeyResolver,
    private readonly policies: PolicyService,
    private readonly licenses: LicenseService,
    private readonly bundles: Pick<EvidenceBundleService, 'removeByOrg'>,
    private readonly changeLog: ChangeLog,
  ) {}

  /** Logged as three changes: the organization, its trial license and its default policy. */
  async create(input: OrganizationInput, actor: Actor): Promise<{ org: OrganizationDoc; license: LicenseDoc; licenseKey: string }> {
    const now = new Date();
    const org: OrganizationDoc = { _id: newId('org'), ...input, created_at: now, updated_at: now };
    const change = { actor, action: 'organization.create', orgId: org._id, targetId: org._id, before: null, after: organizationSettings(org) } as const;
    return this.changeLog.apply(change, () => this.insertWithOwnedData(org, actor, now));
  }

  /** The organization, then its license and default policy; a failed step undoes the earlier ones. */
  private async insertWithOwnedData(org: OrganizationDoc, actor: Actor, now: Date): Promise<{ org: OrganizationDoc; license: LicenseDoc; licenseKey: string }> {
    try {
      await this.repos.organizations.insert(org);
    } catch (err) {
      if (err instanceof DuplicateError) throw Errors.conflict(`An organization with slug '${org.slug}' already exists.`);
      throw err;
    }
    try {
      const { license, licenseKey } = this.licenses.mint(org._id, { license_type: 'trial' }, now);
      await this.licenses.insertLogged(license, actor);
      await this.policies.create(
        org,
        {
          ...DEFAULT_POLICY_FIELDS,
          name: 'Default policy',
          description: 'Blocks secrets everywhere and PHI to AI tools and vendors; masks personal and financial data.',
          rules: defaultRules(),
        },
        actor,
      );
      return { org, license, licenseKey };
    } catch (err) {
      await this.removeOwnedData(org._id).catch(() => undefined);
      await this.repos.organizations.delete(org._id).catch(() => undefined);
      throw err;
    }
  }

  async update(org: OrganizationDoc, patch: OrganizationPatch, actor: Actor): Promise<OrganizationDoc | null> {
    const set: Partial<OrganizationDoc> = { updated_at: new Date() };
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.settings) set.settings = { ...org.settings, ...patch.settings };
    const change = {
      actor,
      action: 'organization.update',
      orgId: org._id,
      targetId: org._id,
      before: organizationSettings(org),
      after: organizationSettings({ ...org, ...set }),
    } as const;
    const updated = await this.changeLog.apply(change, () => this.repos.organizations.update(org._id, set), (doc) => doc !== null);
    await this.keys.invalidate();
    return updated;
  }

  /**
   * Policies, keys, licenses, groups, analytics and dashboard users go with the org; its audit trail and its change
   * log stay (docs/decisions.md, docs/change-log.md). One entry: what went with it is implied.
   */
  async delete(org: OrganizationDoc, actor: Actor): Promise<void> {
    const change = { actor, action: 'organization.delete', orgId: org._id, targetId: org._id, before: organizationSettings(org), after: null } as const;
    await this.changeLog.apply(change, async () => {
      await this.removeOwnedData(org._id);
      await this.repos.organizations.delete(org._id);
    });
    await this.keys.invalidate();
  }

  private async removeOwnedData(orgId: string): Promise<void> {
    await this.repos.policies.deleteByOrg(orgId);
    await this.repos.licenses.deleteByOrg(orgId);
    await this.repos.policyGroups.deleteByOrg(orgId);
    await this.repos.analytics.deleteByOrg(orgId);
    await this.repos.controlTags.deleteByOrg(orgId);
    await this.repos.teams.deleteByOrg(orgId);
    await this.repos.evidence.deleteByOrg(orgId);
    await this.repos.evidenceSamples.deleteByOrg(orgId);
    await this.repos.frameworkSettings.deleteByOrg(orgId);
    await this.repos.partnerKeys.deleteByOrg(orgId);
    await this.repos.webhooks.deleteByOrg(orgId);
    await this.repos.users.deleteByOrg(orgId);
    await this.bundles.removeByOrg(orgId);
  }
}
