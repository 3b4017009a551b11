// Licenses (DESIGN §9, §11): issuing, revoking, and what state a license is in at a given moment.
// Revocation deactivates every policy running under the license and reaches every replica at once
// (key-cache epoch). Expiry needs no write: a license past `expires_at` reads as `expired` and
// behaves as revoked.
import { Errors } from '../errors.js';
import { hashKey, isWellFormedKey, type KeyVault } from '../store/api-keys.js';
import { newId } from '../store/ids.js';
import type { LicenseDoc, LicenseType } from '../store/license-repository.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { Actor, ChangeLog } from './change-log.js';
import type { KeyResolver } from './key-resolver.js';
import { DEFAULT_POLICY_GROUP, PLAN_DEFAULTS } from './plans.js';
import type { Repositories } from '../store/repositories.js';
import type { WebhookEvents } from './webhooks.js';

export type LicenseStatus = 'active' | 'revoked' | 'expired';

export function licenseStatus(doc: LicenseDoc, now = new Date()): LicenseStatus {
  if (doc.status === 'revoked') return 'revoked';
  return doc.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** Throws the 403 for a license that cannot run checks or validate; `body` adds fields (e.g. `valid: false`). */
export function assertLicenseActive(license: LicenseDoc | null, now = new Date(), body: Record<string, unknown> = {}): void {
  if (!license) throw Errors.noActiveLicense();
  const status = licenseStatus(license, now);
  if (status === 'revoked') throw Errors.licenseRevoked(body);
  if (status === 'expired') throw Errors.licenseExpired(license.expires_at, body);
}

export interface LicenseLimits {
  requestsPerMinute: number;
  requestsPerDay: number;
  checksPerMonth: number;
}

export function limitsOf(license: LicenseDoc): LicenseLimits {
  const plan = PLAN_DEFAULTS[license.license_type];
  return {
    requestsPerMinute: license.requests_per_minute ?? plan.requestsPerMinute,
    requestsPerDay: license.requests_per_day ?? plan.requestsPerDay,
    checksPerMonth: license.max_checks_per_month,
  };
}

export interface LicenseInput {
  license_type: LicenseType;
  expires_at?: Date | undefined;
  max_checks_per_month?: number | undefined;
  requests_per_minute?: number | undefined;
  requests_per_day?: number | undefined;
}

const DAY_MS = 86_400_000;

/** What the change log keeps of a license: never its key, hash or ciphertext. */
export const licenseSettings = (doc: LicenseDoc) => ({
  license_type: doc.license_type,
  status: doc.status,
  expires_at: doc.expires_at,
  max_checks_per_month: doc.max_checks_per_month,
  requests_per_minute: doc.requests_per_minute,
  requests_per_day: doc.requests_per_day,
  default_policy_group: doc.default_policy_group,
});

export class LicenseService {
  constructor(
    private readonly repos: Repositories,
    private readonly vault: KeyVault,
    private readonly keys: KeyResolver,
    private readonly changeLog: ChangeLog,
    private readonly events: Pick<WebhookEvents, 'emit'>,
  ) {}

  /** A license document for an org, with its raw key (shown to the caller, never stored). */
  mint(orgId: string, input: LicenseInput, now: Date): { license: LicenseDoc; licenseKey: string } {
    const plan = PLAN_DEFAULTS[input.license_type];
    const key = this.vault.mint('license');
    const license: LicenseDoc = {
      _id: newId('lic'),
      org_id: orgId,
      key_hash: key.hash,
      key_enc: key.encrypted,
      license_type: input.license_type,
      status: 'active',
      expires_at: input.expires_at ?? new Date(now.getTime() + plan.validDays * DAY_MS),
      max_checks_per_month: input.max_checks_per_month ?? plan.maxChecksPerMonth,
      requests_per_minute: input.requests_per_minute ?? null,
      requests_per_day: input.requests_per_day ?? null,
      default_policy_group: DEFAULT_POLICY_GROUP,
      created_at: now,
      updated_at: now,
    };
    return { license, licenseKey: key.raw };
  }

  /** The new license becomes the org's current one: every policy of the org now runs under it. */
  async issue(org: OrganizationDoc, input: LicenseInput, actor: Actor): Promise<{ license: LicenseDoc; licenseKey: string }> {
    const now = new Date();
    if (input.expires_at && input.expires_at.getTime() <= now.getTime()) {
      throw Errors.validation('Invalid request. expires_at: must be in the future.');
    }
    if (input.license_type !== 'enterprise' && (input.requests_per_minute !== undefined || input.requests_per_day !== undefined)) {
      throw Errors.validation('Invalid request. requests_per_minute and requests_per_day can only be set on enterprise licenses.');
    }
    const issued = this.mint(org._id, input, now);
    await this.insertLogged(issued.license, actor);
    await this.repos.policies.moveToLicense(org._id, issued.license._id);
    await this.keys.invalidate();
    return issued;
  }

  /** Stores a minted license, recorded in the change log as issued. */
  async insertLogged(license: LicenseDoc, actor: Actor): Promise<void> {
    const change = { actor, action: 'license.issue', orgId: license.org_id, targetId: license._id, before: null, after: licenseSettings(license) } as const;
    await this.changeLog.apply(change, () => this.repos.licenses.insert(license));
  }

  /**
   * Revokes and deactivates the license's policies; false when the org has no such license. Only
   * an active license's revocation is a change to record: a repeat merely finishes the job.
   */
  async revoke(org: OrganizationDoc, licenseId: string, actor: Actor): Promise<boolean> {
    const current = await this.repos.licenses.findById(licenseId);
    if (current?.org_id !== org._id) return false;
    const revoke = () => this.revokeNow(org, licenseId);
    if (current.status === 'revoked') return revoke();
    const before = licenseSettings(current);
    const change = { actor, action: 'license.revoke', orgId: org._id, targetId: licenseId, before, after: { ...before, status: 'revoked' } } as const;
    return this.changeLog.apply(change, revoke, (revoked) => revoked);
  }

  private async revokeNow(org: OrganizationDoc, licenseId: string): Promise<boolean> {
    const now = new Date();
    // License first: if the process dies before the policies are updated, checks are still refused
    // (license_revoked), and repeating the DELETE finishes the job.
    const license = await this.repos.licenses.revoke(org._id, licenseId, now);
    if (!license) return false;
    await this.repos.policies.deactivateByLicense(org._id, licenseId, now);
    await this.keys.invalidate();
    // The license's own revocation time (a repeated DELETE keeps it), so a repeat sends the same event.
    await this.events.emit(org._id, 'license.revoked', licenseId, { license_id: licenseId, revoked_at: license.updated_at.toISOString() });
    return true;
  }

  /** A license key presented by an SDK: 401 when malformed or unknown, 403 (`valid: false`) when revoked or expired. */
  /** `beforeLookup` runs before the store is asked (it may throw to prevent that). */
  async authenticate(rawKey: string, beforeLookup?: () => Promise<void>): Promise<LicenseDoc> {
    if (!isWellFormedKey('license', rawKey)) throw Errors.malformedLicenseKey();
    await beforeLookup?.();
    const license = await this.repos.licenses.findByKeyHash(hashKey(rawKey));
    if (!license) throw Errors.unknownLicenseKey();
    assertLicenseActive(license, new Date(), { valid: false });
    return license;
  }

  keyOf(doc: LicenseDoc): string {
    return this.vault.decrypt(doc.key_enc);
  }
}
