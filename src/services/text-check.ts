// A synchronous text check: detect, decide, append the audit record to the journal, answer. The
// answer is sent only after its record is in the journal, so an answered check is never missing.
import { createHmac } from 'node:crypto';
import type { CheckOutcome, Destination } from '../engine/types.js';
import type { KeyVault } from '../store/api-keys.js';
import { newId } from '../store/ids.js';
import type { AuditJournal } from '../store/audit-journal.js';
import type { DetectPool } from './detect-pool.js';
import type { PolicyPrincipal } from './key-resolver.js';

export interface TextCheckResult {
  preflight_id: string;
  decision: CheckOutcome['decision'];
  summary: string;
  detected: CheckOutcome['detected'];
  masked_content: string | null;
  policy_version: string;
  created_at: string;
}

/** Detections kept from the destination: everything when blocked, else what masking replaced. */
export function preventedCount(outcome: CheckOutcome): number {
  if (outcome.decision === 'BLOCKED') return outcome.detected.reduce((n, d) => n + d.count, 0);
  return outcome.fired_rules.filter((r) => r.action === 'MASK').reduce((n, r) => n + r.count, 0);
}

export class TextCheckService {
  constructor(
    private readonly pool: DetectPool,
    private readonly journal: AuditJournal,
    private readonly vault: KeyVault,
  ) {}

  /** Hash-style masks are keyed per organization, so equal values do not correlate across orgs. */
  private hashKeyFor(orgId: string): string {
    return createHmac('sha256', this.vault.maskingKey).update(orgId).digest('base64');
  }

  async run({ policy, org }: PolicyPrincipal, text: string, destination: Destination): Promise<TextCheckResult> {
    const outcome = await this.pool.checkText({
      text,
      options: {
        rules: policy.rules,
        destination,
        masking: policy.masking,
        hashKey: this.hashKeyFor(org._id),
        // Plain specs, compiled (and cached) by whichever thread scans: RE2 programs cannot be sent.
        customDetectors: policy.custom_detectors,
        allow: policy.allow,
        minConfidence: policy.min_confidence,
      },
    });
    const createdAt = new Date();
    const id = newId('pf');
    await this.journal.append({
      _id: id,
      org_id: org._id,
      org_name: org.name,
      policy_id: policy._id,
      policy_name: policy.name,
      policy_version: policy.version,
      destination,
      decision: outcome.decision,
      summary: outcome.summary,
      detected: outcome.detected.map(({ type, count }) => ({ type, count })),
      prevented: preventedCount(outcome),
      source: 'text',
      bytes: Buffer.byteLength(text, 'utf8'),
      created_at: createdAt,
    });
    return {
      preflight_id: id,
      decision: outcome.decision,
      summary: outcome.summary,
      detected: outcome.detected,
      masked_content: outcome.masked_content,
      policy_version: policy.version,
      created_at: createdAt.toISOString(),
    };
  }
}
