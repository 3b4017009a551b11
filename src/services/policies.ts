// Policy lifecycle: server-assigned rule ids, version bumps on changes that alter detection or
// decisions, keys minted and rotated.
import { DEFAULT_MIN_CONFIDENCE, isKnownDataType } from '../engine/index.js';
import type { Action, AllowEntry, Category, CustomDetectorSpec, Destination, MaskingStyle, Rule } from '../engine/types.js';
import { Errors } from '../errors.js';
import type { KeyVault } from '../store/api-keys.js';
import { newId } from '../store/ids.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { PolicyDoc } from '../store/policy-repository.js';
import { REDACTED, type Actor, type ChangeLog } from './change-log.js';
import type { KeyResolver } from './key-resolver.js';
import { DEFAULT_POLICY_GROUP } from './plans.js';
import type { Repositories } from '../store/repositories.js';

export interface RuleInput {
  id?: string | undefined;
  name: string;
  enabled: boolean;
  dataTypes: string[];
  destinations: Destination[];
  action: Action;
}

export interface CustomDetectorInput {
  name: string;
  category: Category;
  pattern?: string | undefined;
  keywords?: string[] | undefined;
  case_sensitive: boolean;
}

export interface AllowInput {
  value?: string | undefined;
  pattern?: string | undefined;
}

export interface PolicyInput {
  name: string;
  description: string;
  tags: string[];
  rules: RuleInput[];
  masking: MaskingStyle;
  group: string;
  is_active: boolean;
  custom_detectors: CustomDetectorInput[];
  allow: AllowInput[];
  min_confidence: number;
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

/** Rule data types that are neither built in nor one of the policy's custom detectors, with their paths. */
export function unknownDataTypes(
  rules: ReadonlyArray<{ dataTypes: readonly string[] }>,
  customNames: ReadonlySet<string>,
): Array<{ path: Array<string | number>; message: string }> {
  return rules.flatMap((rule, i) =>
    rule.dataTypes.flatMap((name, j) =>
      isKnownDataType(name, customNames)
        ? []
        : [{ path: ['rules', i, 'dataTypes', j], message: `unknown data type '${name}': not a category, a built-in type or a custom detector of this policy` }],
    ),
  );
}

/** The engine's shape of an allow entry: exactly one key (the API checks there is exactly one). */
export function toAllowEntry(e: AllowInput): AllowEntry {
  return e.value !== undefined ? { value: e.value } : { pattern: e.pattern ?? '' };
}

/** Stored shape: names upper-case, no absent keys (the driver would store them as null). */
export function toCustomDetectors(input: CustomDetectorInput[]): CustomDetectorSpec[] {
  return input.map((d) => ({
    name: d.name.trim().toUpperCase(),
    category: d.category,
    ...(d.pattern !== undefined ? { pattern: d.pattern } : { keywords: (d.keywords ?? []).map((k) => k.trim()) }),
    case_sensitive: d.case_sensitive,
  }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the change log keeps of a policy: its settings, never its key. An allowlist's literal values
 * may be the very data the policy guards (an address, an account number), so only their patterns show.
 */
export function policySettings(doc: Omit<PolicyDoc, 'key_hash' | 'key_enc' | 'created_at' | 'updated_at'>) {
  return {
    name: doc.name,
    description: doc.description,
    version: doc.version,
    tags: doc.tags,
    is_active: doc.is_active,
    group: doc.group,
    license_id: doc.license_id,
    masking: doc.masking,
    rules: doc.rules,
    custom_detectors: doc.custom_detectors,
    allow: doc.allow.map((entry) => ('value' in entry ? { value: REDACTED } : entry)),
    min_confidence: doc.min_confidence,
  };
}

export class PolicyService {
  constructor(
    private readonly repos: Repositories,
    private readonly vault: KeyVault,
    private readonly keys: KeyResolver,
    private readonly changeLog: ChangeLog,
  ) {}

  /** A new policy runs under the org's current license. */
  async create(org: OrganizationDoc, input: PolicyInput, actor: Actor): Promise<PolicyDoc> {
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
      custom_detectors: toCustomDetectors(input.custom_detectors),
      allow: input.allow.map(toAllowEntry),
      min_confidence: input.min_confidence,
      key_hash: key.hash,
      key_enc: key.encrypted,
      created_at: now,
      updated_at: now,
    };
    await this.repos.policyGroups.ensure(org._id, doc.group);
    const change = { actor, action: 'policy.create', orgId: org._id, targetId: doc._id, before: null, after: policySettings(doc) } as const;
    await this.changeLog.apply(change, () => this.repos.policies.insert(doc));
    return doc;
  }

  /**
   * Applies a partial update. Rules, custom detectors, allowlist and min_confidence all change what a
   * check answers, so a real change to any of them bumps the version.
   */
  async update(org: OrganizationDoc, policyId: string, patch: PolicyPatch, actor: Actor): Promise<PolicyDoc | null> {
    const current = await this.repos.policies.findInOrg(org._id, policyId);
    if (!current) return null;
    const { rules: ruleInput, custom_detectors: detectorInput, allow: allowInput, min_confidence, ...fields } = patch;
    const detection: Pick<PolicyDoc, 'rules' | 'custom_detectors' | 'allow' | 'min_confidence'> = {
      rules: ruleInput ? assignRuleIds(ruleInput, current.rules) : current.rules,
      custom_detectors: detectorInput ? toCustomDetectors(detectorInput) : current.custom_detectors,
      allow: allowInput ? allowInput.map(toAllowEntry) : current.allow,
      min_confidence: min_confidence ?? current.min_confidence,
    };
    // Rules may name the policy's custom detectors: checked against the policy as it will be.
    const unknown = unknownDataTypes(detection.rules, new Set(detection.custom_detectors.map((d) => d.name)));
    if (unknown.length > 0) {
      throw Errors.validation(`Invalid request. ${unknown.slice(0, 5).map((u) => `${u.path.join('.')}: ${u.message}`).join('; ')}.`);
    }
    if (fields.group !== undefined) await this.repos.policyGroups.ensure(org._id, fields.group);
    const now = new Date();
    const set: Partial<PolicyDoc> = { ...fields, updated_at: now };
    if (fields.is_active === true) {
      // An activated policy runs under the org's current license (its old one may be revoked or expired).
      const license = await this.repos.licenses.findCurrent(org._id, now);
      if (!license) throw Errors.noActiveLicense();
      set.license_id = license._id;
    }
    const changed = (Object.keys(detection) as Array<keyof typeof detection>).filter((k) => !same(detection[k], current[k]));
    if (changed.length > 0) {
      Object.assign(set, Object.fromEntries(changed.map((k) => [k, detection[k]])));
      set.version = nextVersion(current.version);
    }
    const change = {
      actor,
      action: 'policy.update',
      orgId: org._id,
      targetId: policyId,
      before: policySettings(current),
      after: policySettings({ ...current, ...set }),
    } as const;
    const updated = await this.changeLog.apply(change, () => this.repos.policies.update(org._id, policyId, set), (doc) => doc !== null);
    await this.keys.invalidate();
    // A rule dropped from the list takes its control tags with it (after the update, so a tag added meanwhile sees the rule gone).
    if (updated && current.rules.some((r) => !updated.rules.some((u) => u.id === r.id))) {
      await this.repos.controlTags.deleteByPolicyExceptRules(org._id, policyId, updated.rules.map((r) => r.id));
    }
    return updated;
  }

  /** Logged without before or after: the only thing that changes is the key, which the log never holds. */
  async regenerateKey(org: OrganizationDoc, policyId: string, actor: Actor): Promise<{ policy: PolicyDoc; apiKey: string } | null> {
    if (!(await this.repos.policies.findInOrg(org._id, policyId))) return null;
    const key = this.vault.mint('policy');
    const change = { actor, action: 'policy.regenerate_key', orgId: org._id, targetId: policyId, before: null, after: null } as const;
    const set = { key_hash: key.hash, key_enc: key.encrypted, updated_at: new Date() };
    const policy = await this.changeLog.apply(change, () => this.repos.policies.update(org._id, policyId, set), (doc) => doc !== null);
    if (!policy) return null;
    await this.keys.invalidate();
    return { policy, apiKey: key.raw };
  }

  /** The entry keeps the policy's rules: their control tags go with them. */
  async delete(org: OrganizationDoc, policyId: string, actor: Actor): Promise<boolean> {
    const current = await this.repos.policies.findInOrg(org._id, policyId);
    if (!current) return false;
    const change = { actor, action: 'policy.delete', orgId: org._id, targetId: policyId, before: policySettings(current), after: null } as const;
    const deleted = await this.changeLog.apply(change, () => this.repos.policies.delete(org._id, policyId), (done) => done);
    if (!deleted) return false;
    await this.keys.invalidate();
    await this.repos.controlTags.deleteByPolicy(org._id, policyId);
    return true;
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
  custom_detectors: [] as CustomDetectorInput[],
  allow: [] as AllowInput[],
  min_confidence: DEFAULT_MIN_CONFIDENCE,
};
