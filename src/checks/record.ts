// The check record, in one place for text and file checks alike: the audit record a check leaves
// (compliance evidence: ids, decision, types and counts, never content), the answer a recorded check
// is read back as, and the lookup of a check's record while it may still be in the journal.
import { evidenceRules, preventedCount } from '../engine/index.js';
import type { CheckOutcome, Decision, Destination } from '../engine/types.js';
import type { AuditJournal } from '../store/audit-journal.js';
import type { AuditDoc, AuditRepository, CheckTrace } from '../store/audit-repository.js';

/** Whom a check ran for, as its audit record names them. */
export type AuditSubject = Pick<AuditDoc, 'org_id' | 'org_name' | 'policy_id' | 'policy_name' | 'policy_version'>;

export function auditSubject(org: { _id: string; name: string }, policy: { _id: string; name: string; version: string }): AuditSubject {
  return { org_id: org._id, org_name: org.name, policy_id: policy._id, policy_name: policy.name, policy_version: policy.version };
}

export interface CheckFacts {
  id: string;
  subject: AuditSubject;
  destination: Destination;
  outcome: Omit<CheckOutcome, 'masked_content'>;
  /** Bytes submitted: the text's UTF-8 length, or the file's size. */
  bytes: number;
  createdAt: Date;
  /** File checks only: what the file was and whether a masked copy was made. */
  file?: NonNullable<AuditDoc['file']>;
  trace?: CheckTrace;
}

/** The audit record of a check. */
export function checkRecord({ id, subject, destination, outcome, bytes, createdAt, file, trace }: CheckFacts): AuditDoc {
  return {
    _id: id,
    ...subject,
    destination,
    decision: outcome.decision,
    summary: outcome.summary,
    detected: outcome.detected.map(({ type, count }) => ({ type, count })),
    prevented: preventedCount(outcome),
    fired_rules: evidenceRules(outcome),
    source: file ? 'file' : 'text',
    bytes,
    ...(file && { file }),
    created_at: createdAt,
    ...(trace?.request_id !== undefined && { request_id: trace.request_id }),
    ...(trace?.metadata !== undefined && { metadata: trace.metadata }),
  };
}

/** What every answer about a check holds; a recorded check keeps no samples, so each `sample` is null. */
export interface CheckAnswer {
  preflight_id: string;
  decision: Decision;
  summary: string;
  detected: Array<{ type: string; count: number; sample: string | null }>;
  policy_version: string;
  created_at: string;
}

export function recordedAnswer(doc: AuditDoc): CheckAnswer {
  return {
    preflight_id: doc._id,
    decision: doc.decision,
    summary: doc.summary,
    detected: doc.detected.map(({ type, count }) => ({ type, count, sample: null })),
    policy_version: doc.policy_version,
    created_at: doc.created_at.toISOString(),
  };
}

/** A check's record by id: the store's copy, or the journal's while it is not drained yet. */
export type RecordedLookup = (id: string) => Promise<AuditDoc | null>;

export function recordedChecks(audit: Pick<AuditRepository, 'findById'>, journal: Pick<AuditJournal, 'pending'>): RecordedLookup {
  return async (id) => (await audit.findById(id)) ?? (await journal.pending(id));
}
