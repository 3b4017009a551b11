// The `evidence-export` queue (DESIGN §13, §31): one job per export/all bundle. An on-demand job's id
// is its bundle's id, so concurrent requests of one throttle window share one job. Scheduled bundles
// come from one BullMQ job scheduler per organization; each run's bundle id is derived from the run's
// job, so a retried run rewrites the same bundle.
import { createHash } from 'node:crypto';
import { Queue, type ConnectionOptions, type JobsOptions, type JobSchedulerJson } from 'bullmq';
import { z } from 'zod';

export const EVIDENCE_EXPORT_QUEUE = 'evidence-export';

const Days = z.number().int().min(1).max(180);

export const EvidenceExportJob = z.discriminatedUnion('trigger', [
  z.object({ trigger: z.literal('on_demand'), bundle_id: z.string(), org_id: z.string(), days: Days }),
  z.object({ trigger: z.literal('scheduled'), org_id: z.string(), days: Days }),
]);
export type EvidenceExportJob = z.infer<typeof EvidenceExportJob>;

/** What a run wrote; null when it wrote nothing (a scheduled run for an organization that is gone). */
export type EvidenceExportResult = { bundle_id: string; size: number; sha256: string } | null;


export type EvidenceExportQueue = Queue<EvidenceExportJob, EvidenceExportResult>;

export function evidenceExportQueue({ connection, prefix }: { connection: ConnectionOptions; prefix: string }): EvidenceExportQueue {
  return new Queue<EvidenceExportJob, EvidenceExportResult>(EVIDENCE_EXPORT_QUEUE, { connection, prefix });
}

/** A finished job answers requests that waited on it or poll its bundle; the bundle itself is in the store. */
const KEEP_COMPLETED_S = 3_600;
/** A failed job says why to whoever polls its bundle; kept a day. */
const KEEP_FAILED_S = 86_400;

function runOptions(attempts: number) {
  return {
    attempts,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { age: KEEP_COMPLETED_S },
    removeOnFail: { age: KEEP_FAILED_S },
  } satisfies JobsOptions;
}

/** Adding a job whose id exists is a no-op: every request of a window gets the one job. */
export function enqueueBundle(queue: EvidenceExportQueue, job: Extract<EvidenceExportJob, { trigger: 'on_demand' }>, attempts: number) {
  return queue.add('export-all', EvidenceExportJob.parse(job), { ...runOptions(attempts), jobId: job.bundle_id });
}

export const scheduleId = (orgId: string) => `bundles-${orgId}`;

export interface BundleSchedule {
  cron: string;
  days: number;
  timezone: string;
}

export function upsertBundleSchedule(queue: EvidenceExportQueue, orgId: string, schedule: BundleSchedule, attempts: number) {
  return queue.upsertJobScheduler(
    scheduleId(orgId),
    { pattern: schedule.cron, tz: schedule.timezone },
    { name: 'scheduled-bundle', data: { trigger: 'scheduled', org_id: orgId, days: schedule.days }, opts: runOptions(attempts) },
  );
}

/** The schedule as stored in its job scheduler; null when the scheduler is not one of ours. */
export function scheduleOf(scheduler: JobSchedulerJson<EvidenceExportJob>): (BundleSchedule & { next: number | null }) | null {
  const data = scheduler.template?.data;
  if (!scheduler.pattern || data?.trigger !== 'scheduled') return null;
  return { cron: scheduler.pattern, days: data.days, timezone: scheduler.tz ?? 'UTC', next: scheduler.next ?? null };
}

/**
 * The bundle id of a scheduled run: the time it was due, in the form of every id (src/store/ids.ts),
 * and a digest of the run's job id. Every attempt of a run has the same job, hence the same bundle.
 */
export function scheduledBundleId(jobId: string, dueAt: number): string {
  const time = dueAt.toString(36).padStart(9, '0');
  return `bnd_${time}000${createHash('sha256').update(jobId).digest('hex').slice(0, 12)}`;
}
