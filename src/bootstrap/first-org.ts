// A first organization for a new deployment, made through the same services as POST /api/organizations
// (its trial license and default policy come with it). Running it again finds the one it made.
import type { Redis } from 'ioredis';
import { ApiError } from '../errors.js';
import { ChangeLog } from '../services/change-log.js';
import { KeyResolver } from '../services/key-resolver.js';
import { LicenseService } from '../services/licenses.js';
import { OrganizationService } from '../services/organizations.js';
import { PolicyService } from '../services/policies.js';
import { KeyVault } from '../store/api-keys.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { Repositories } from '../store/repositories.js';

export interface FirstOrgInput {
  name: string;
  slug: string;
  adminEmail: string;
}

export interface FirstOrg {
  org: OrganizationDoc;
  created: boolean;
  policyId: string | null;
  /** The default policy's key; only when this run created the organization. */
  policyKey: string | null;
}

/** The command line counts as the admin token: it holds the master key and the store. */
const BOOTSTRAP_ACTOR = { kind: 'admin', via: 'token', session_hash: null, key_id: null } as const;

export async function ensureFirstOrg(repos: Repositories, redis: Redis, redisPrefix: string, masterKey: string, input: FirstOrgInput): Promise<FirstOrg> {
  const existing = await repos.organizations.findByRef(input.slug);
  if (existing) return { org: existing, created: false, policyId: await defaultPolicyId(repos, existing._id), policyKey: null };
  const vault = new KeyVault(masterKey);
  const keys = new KeyResolver(redis, redisPrefix, repos);
  const changeLog = new ChangeLog(repos.changeLog);
  const policies = new PolicyService(repos, vault, keys, changeLog);
  // Bundles belong to an organization being deleted; bootstrap never deletes one.
  const noBundles = { removeByOrg: async () => undefined };
  // The first organization's license is issued, never revoked here: no webhook can be subscribed yet.
  const noEvents = { emit: async () => undefined };
  const organizations = new OrganizationService(repos, keys, policies, new LicenseService(repos, vault, keys, changeLog, noEvents), noBundles, changeLog);
  const settings = { admin_email: input.adminEmail, primary_color: '#2563eb' };
  try {
    const { org } = await organizations.create({ name: input.name, slug: input.slug, settings }, BOOTSTRAP_ACTOR);
    const policy = (await repos.policies.listByOrg(org._id))[0];
    return { org, created: true, policyId: policy?._id ?? null, policyKey: policy ? policies.apiKeyOf(policy) : null };
  } catch (err) {
    // Another bootstrap made it meanwhile.
    const raced = err instanceof ApiError && err.code === 'conflict' ? await repos.organizations.findByRef(input.slug) : null;
    if (!raced) throw err;
    return { org: raced, created: false, policyId: await defaultPolicyId(repos, raced._id), policyKey: null };
  }
}

async function defaultPolicyId(repos: Repositories, orgId: string): Promise<string | null> {
  return (await repos.policies.listByOrg(orgId))[0]?._id ?? null;
}
