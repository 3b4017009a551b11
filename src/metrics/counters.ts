// Prometheus counters of what the service did, for API and worker processes alike (each serves its
// own registry: the API on GET /metrics, a worker on its health port). Checks and detections are
// counted when a check's record is drained into the store, by whichever process drains it, so each
// recorded check is counted once across processes (docs/operations.md, "Metrics").
import { Counter, Gauge, type Registry } from 'prom-client';
import { BUILT_IN_DATA_TYPES } from '../engine/index.js';
import type { AuditDoc } from '../store/audit-repository.js';

/** Built-in types are labels as they are; a policy's own detector types (any name) count as CUSTOM, so labels stay few. */
const BUILT_IN = new Set(BUILT_IN_DATA_TYPES);
const typeLabel = (type: string) => (BUILT_IN.has(type) ? type : 'CUSTOM');

type RecordedDoc = Pick<AuditDoc, 'decision' | 'destination' | 'source' | 'detected' | 'created_at'>;

/**
 * What a batch of stored checks adds to the counters, summed: small enough to post from the API's
 * drain thread to the thread that serves /metrics (api/drain-thread), whatever the batch's size.
 */
export interface RecordedTally {
  checks: Array<{ decision: string; destination: string; source: string; count: number }>;
  detections: Array<{ type: string; count: number }>;
  /** When the oldest record of the batch was made (ms since the epoch); null for none. */
  oldest: number | null;
}

export function tallyOf(docs: readonly RecordedDoc[]): RecordedTally {
  const checks = new Map<string, RecordedTally['checks'][number]>();
  const detections = new Map<string, number>();
  let oldest: number | null = null;
  for (const { decision, destination, source, detected, created_at } of docs) {
    const key = `${decision} ${destination} ${source}`;
    const known = checks.get(key);
    if (known) known.count += 1;
    else checks.set(key, { decision, destination, source, count: 1 });
    for (const d of detected) detections.set(typeLabel(d.type), (detections.get(typeLabel(d.type)) ?? 0) + d.count);
    oldest = Math.min(oldest ?? Infinity, created_at.getTime());
  }
  return { checks: [...checks.values()], detections: [...detections].map(([type, count]) => ({ type, count })), oldest };
}

export interface Counters {
  /** Checks just stored: counted by decision, destination and source, with their detections by type. */
  recorded(docs: readonly RecordedDoc[], now?: Date): void;
  /** The same, summed already (tallyOf). */
  tallied(tally: RecordedTally, now?: Date): void;
  /** A file check's job ended: completed, or failed for good with its error code. */
  fileCheck(outcome: 'completed' | 'failed', code?: string): void;
  /** A webhook delivery attempt: delivered, failed (to be retried), or failed for the last time. */
  webhookDelivery(outcome: 'delivered' | 'failed' | 'gave_up'): void;
}

export function createCounters(registry: Registry): Counters {
  const registers = [registry];
  const checks = new Counter({
    name: 'preflight_checks_total',
    help: 'Checks recorded in the audit trail, by decision, destination and source (text or file).',
    labelNames: ['decision', 'destination', 'source'] as const,
    registers,
  });
  const detections = new Counter({
    name: 'preflight_detections_total',
    help: 'Values detected in recorded checks, by data type (a policy’s own detector types as CUSTOM).',
    labelNames: ['type'] as const,
    registers,
  });
  const drainLag = new Gauge({
    name: 'preflight_audit_drain_lag_seconds',
    help: 'From answer to stored: the age of the oldest record in the last batch this process drained into the store.',
    registers,
  });
  const fileChecks = new Counter({
    name: 'preflight_file_checks_total',
    help: 'File check jobs ended in this process: completed, or failed for good (with the error code).',
    labelNames: ['outcome', 'code'] as const,
    registers,
  });
  const deliveries = new Counter({
    name: 'preflight_webhook_deliveries_total',
    help: 'Webhook delivery attempts made by this process: delivered, failed (retried later), gave_up (last attempt failed).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const tallied = (tally: RecordedTally, now = new Date()) => {
    if (tally.oldest === null) return;
    for (const { count, ...labels } of tally.checks) checks.inc(labels, count);
    for (const { type, count } of tally.detections) detections.inc({ type }, count);
    drainLag.set(Math.max(0, now.getTime() - tally.oldest) / 1000);
  };
  return {
    recorded: (docs, now) => tallied(tallyOf(docs), now),
    tallied,
    fileCheck(outcome, code = '') {
      fileChecks.inc({ outcome, code: outcome === 'failed' ? code : '' });
    },
    webhookDelivery(outcome) {
      deliveries.inc({ outcome });
    },
  };
}
