// A synchronous text check: detect, decide, append the audit record to the journal, answer. The
// answer is sent only after its record is in the journal, so an answered check is never missing.
import { evidenceRules, preventedCount } from '../engine/index.js';
import type { CheckOutcome, Destination } from '../engine/types.js';
import type { KeyVault } from '../store/api-keys.js';
import { auditSubject } from '../store/audit-repository.js';
import { newId } from '../store/ids.js';
import { checkOptionsOf } from '../store/policy-repository.js';
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

export class TextCheckService {
  constructor(
    private readonly pool: DetectPool,
    private readonly journal: AuditJournal,
    private readonly vault: KeyVault,
  ) {}

  async run({ policy, org }: PolicyPrincipal, text: string, destination: Destination): Promise<TextCheckResult> {
    const outcome = await this.pool.checkText({ text, options: checkOptionsOf(policy, destination, this.vault.maskingKeyFor(org._id)) });
    const createdAt = new Date();
    const id = newId('pf');
    await this.journal.append({
      _id: id,
      ...auditSubject(org, policy),
      destination,
      decision: outcome.decision,
      summary: outcome.summary,
      detected: outcome.detected.map(({ type, count }) => ({ type, count })),
      prevented: preventedCount(outcome),
      fired_rules: evidenceRules(outcome),
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
