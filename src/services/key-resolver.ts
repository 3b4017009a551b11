// Resolves a policy API key to its policy, organization and license. Results are cached in-process,
// and every cached entry is stamped with a Redis "auth epoch" that any change to keys, policies,
// licenses or organizations replaces, on whichever replica makes it. Each lookup reads the epoch, so
// a regenerated, deleted or deactivated key, or a revoked license, stops working on every replica at
// once. Epochs are random tokens, not counters, so a Redis restart can never bring an old epoch back.
// A caller may instead take a cached principal as it stands (`peekByKey`) and check its epoch itself,
// with other work in one round trip (the check routes' rate limit: src/api/plugins/auth.ts).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Errors } from '../errors.js';
import { hashKey } from '../store/api-keys.js';
import type { LicenseDoc } from '../store/license-repository.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { PolicyDoc } from '../store/policy-repository.js';
import { RedisUnavailableError } from '../store/errors.js';
import type { CountGuard } from '../store/rate-counters.js';
import type { Repositories } from '../store/repositories.js';

export interface PolicyPrincipal {
  policy: PolicyDoc;
  org: OrganizationDoc;
  /** The license the policy runs under: its state and limits apply to the key. Null if it is gone. */
  license: LicenseDoc | null;
}

interface Entry {
  /** '' while no change was ever made. */
  epoch: string;
  principal: PolicyPrincipal;
}

const MAX_ENTRIES = 10_000;

export class KeyResolver {
  private readonly entries = new Map<string, Entry>();
  private readonly epochKey: string;

  constructor(
    private readonly redis: Redis,
    redisPrefix: string,
    private readonly repos: Repositories,
  ) {
    this.epochKey = `${redisPrefix}auth-epoch`;
  }

  private async currentEpoch(): Promise<string> {
    try {
      return (await this.redis.get(this.epochKey)) ?? '';
    } catch (err) {
      // Without the epoch nothing cached can be trusted, now or when Redis comes back.
      this.entries.clear();
      throw Object.assign(Errors.cacheUnavailable(), { cause: err });
    }
  }

  private async cached(cacheKey: string, load: () => Promise<PolicyDoc | null>, beforeLoad?: () => Promise<void>): Promise<PolicyPrincipal | null> {
    const hit = this.entries.get(cacheKey);
    // A key this replica never loaded needs the store whatever the epoch: ask first, read nothing.
    if (!hit) await beforeLoad?.();
    const epoch = await this.currentEpoch();
    if (hit && hit.epoch === epoch) return hit.principal;
    if (hit) await beforeLoad?.();
    const policy = await load();
    const org = policy && (await this.repos.organizations.findByRef(policy.org_id));
    if (!policy || !org) {
      this.entries.delete(cacheKey);
      return null;
    }
    const license = await this.repos.licenses.findById(policy.license_id);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const principal = { policy, org, license };
    this.entries.set(cacheKey, { epoch, principal });
    return principal;
  }

  /** `beforeLoad` runs only when the key must be looked up in the store (it may throw to prevent that). */
  byKey(rawKey: string, beforeLoad?: () => Promise<void>): Promise<PolicyPrincipal | null> {
    const hash = hashKey(rawKey);
    return this.cached(`key:${hash}`, () => this.repos.policies.findByKeyHash(hash), beforeLoad);
  }

  /**
   * A key's principal as cached here, without asking Redis, and the guard that holds while it is
   * current: the epoch it was loaded under. Act on it only once a read of the guard (`confirming`) finds it.
   */
  peekByKey(rawKey: string): { principal: PolicyPrincipal; guard: CountGuard } | null {
    const hit = this.entries.get(`key:${hashKey(rawKey)}`);
    return hit ? { principal: hit.principal, guard: { key: this.epochKey, value: hit.epoch } } : null;
  }

  /** Runs `read`, which reads a guard from `peekByKey`: as with any read of the epoch, without Redis nothing cached is trusted. */
  async confirming<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      if (err instanceof RedisUnavailableError) this.entries.clear();
      throw err;
    }
  }

  byPolicyId(orgId: string, policyId: string): Promise<PolicyPrincipal | null> {
    return this.cached(`id:${orgId}:${policyId}`, () => this.repos.policies.findInOrg(orgId, policyId));
  }

  /** Call after the store has been changed and before answering the request that changed it. */
  async invalidate(): Promise<void> {
    this.entries.clear();
    try {
      await this.redis.set(this.epochKey, randomUUID());
    } catch (err) {
      throw Object.assign(Errors.cacheUnavailable(), { cause: err });
    }
  }
}
