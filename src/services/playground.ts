// The check playground (docs/users-and-roles.md): an analyst, admin or owner signed in to the
// dashboard runs a text check under one of its organization's policies without holding the policy's
// key, of text or of a file. It is a real check: recorded in the audit trail, counted against the
// plan's limits and the license's monthly quota like a check made with the key.
import type { Destination, FindingSpan } from '../engine/types.js';
import { Errors } from '../errors.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { PolicyDoc } from '../store/policy-repository.js';
import type { Repositories } from '../store/repositories.js';
import type { KeyResolver, PolicyPrincipal } from './key-resolver.js';
import { assertLicenseActive } from './licenses.js';
import type { RateLimits } from './rate-limits.js';
import type { TextCheckResult, TextCheckService } from './text-check.js';

export class PlaygroundService {
  constructor(
    private readonly repos: Repositories,
    private readonly keys: KeyResolver,
    private readonly rateLimits: RateLimits,
    private readonly textChecks: TextCheckService,
  ) {}

  /** The policies one may pick, without their keys or rules. */
  policies(org: OrganizationDoc): Promise<PolicyDoc[]> {
    return this.repos.policies.listByOrg(org._id);
  }

  /**
   * The policy a playground check runs under, as its key would resolve it, with the check counted
   * against its plan and quota; null when the organization has no such policy.
   */
  async target(org: OrganizationDoc, policyId: string): Promise<PolicyPrincipal | null> {
    const target = await this.keys.byPolicyId(org._id, policyId);
    if (!target) return null;
    if (!target.policy.is_active) throw Errors.policyInactive();
    assertLicenseActive(target.license);
    const outcome = await this.rateLimits.check(target);
    if (!outcome.allowed) throw outcome.quota ? Errors.quotaExceeded(outcome.detail, outcome.retryAfterS) : Errors.rateLimited(outcome.detail, outcome.retryAfterS);
    return target;
  }

  /** With where each finding is in the text, which the page holds; null when the organization has no such policy. */
  async checkText(org: OrganizationDoc, policyId: string, text: string, destination: Destination): Promise<(TextCheckResult & { spans: FindingSpan[] }) | null> {
    const target = await this.target(org, policyId);
    return target && this.textChecks.runWithSpans(target, text, destination);
  }
}
