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

export interface Counters {
  /** Checks just stored: counted by decision, destination and source, with their detections by type. */
  recorded(docs: readonly Pick<AuditDoc, 'decision' | 'destination' | 'source' | 'detected' | 'created_at'>[], now?: Date): void;
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
  return {
    recorded(docs, now = new Date()) {
      if (docs.length === 0) return;
      let oldest = now.getTime();
      for (const doc of docs) {
        checks.inc({ decision: doc.decision, destination: doc.destination, source: doc.source });
        for (const d of doc.detected) detections.inc({ type: typeLabel(d.type) }, d.count);
        oldest = Math.min(oldest, doc.created_at.getTime());
      }
      drainLag.set(Math.max(0, now.getTime() - oldest) / 1000);
    },
    fileCheck(outcome, code = '') {
      fileChecks.inc({ outcome, code: outcome === 'failed' ? code : '' });
    },
    webhookDelivery(outcome) {
      deliveries.inc({ outcome });
    },
  };
}
