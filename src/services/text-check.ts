// A synchronous text check: detect, decide, append the audit record to the journal, answer. The
// answer is sent only after its record is in the journal, so an answered check is never missing.
import { checkOptionsOf } from '../checks/options.js';
import { auditSubject, checkRecord, recordedAnswer, type CheckAnswer } from '../checks/record.js';
import type { DetectPool } from '../detect/pool.js';
import type { CheckTextTask } from '../detect/thread.js';
import type { CheckOutcome, Destination, FindingSpan } from '../engine/types.js';
import type { KeyVault } from '../store/api-keys.js';
import type { AuditJournal } from '../store/audit-journal.js';
import type { CheckTrace } from '../store/audit-repository.js';
import { newId } from '../store/ids.js';
import { inSpan } from '../tracing/spans.js';
import type { PolicyPrincipal } from './key-resolver.js';

/** The recorded check, with what only its caller sees: samples and the masked copy. */
export interface TextCheckResult extends CheckAnswer {
  detected: CheckOutcome['detected'];
  masked_content: string | null;
}

export class TextCheckService {
  constructor(
    private readonly pool: DetectPool,
    private readonly journal: AuditJournal,
    private readonly vault: KeyVault,
  ) {}

  async run(principal: PolicyPrincipal, text: string, destination: Destination, trace: CheckTrace = {}): Promise<TextCheckResult> {
    return (await this.recorded(principal, text, destination, trace, (task) => this.pool.checkText(task))).answer;
  }

  /** The playground's check: also where each finding is, so the page that sent the text can mark it. */
  async runWithSpans(principal: PolicyPrincipal, text: string, destination: Destination): Promise<TextCheckResult & { spans: FindingSpan[] }> {
    const { answer, outcome } = await this.recorded(principal, text, destination, {}, (task) => this.pool.checkWithSpans(task));
    return { ...answer, spans: outcome.spans };
  }

  private async recorded<O extends CheckOutcome>(
    { policy, org }: PolicyPrincipal,
    text: string,
    destination: Destination,
    trace: CheckTrace,
    detect: (task: CheckTextTask) => Promise<O>,
  ): Promise<{ answer: TextCheckResult; outcome: O }> {
    const options = checkOptionsOf(policy, destination, this.vault.maskingKeyFor(org._id));
    const outcome = await inSpan('detect', () => detect({ text, options }), { attributes: { 'preflight.text.bytes': Buffer.byteLength(text, 'utf8') } });
    const record = checkRecord({
      id: newId('pf'),
      subject: auditSubject(org, policy),
      destination,
      outcome,
      bytes: Buffer.byteLength(text, 'utf8'),
      createdAt: new Date(),
      trace,
    });
    // Its webhook events go out when the record is drained (WebhookEvents.checksRecorded).
    await inSpan('journal.append', () => this.journal.append(record));
    return { answer: { ...recordedAnswer(record), detected: outcome.detected, masked_content: outcome.masked_content }, outcome };
  }
}
