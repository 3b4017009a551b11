// The `file-retention` queue: one BullMQ job scheduler (the same id from every worker process, so
// there is one schedule however many run) sweeps masked files past their retention and stale uploads.
import { Queue, type ConnectionOptions } from 'bullmq';

export const FILE_RETENTION_QUEUE = 'file-retention';
const SCHEDULER_ID = 'sweep-files';

/** The queue as its producers and readers see it: the worker's schedule, the API's gauges and dashboard. */
export const fileRetentionQueue = (opts: { connection: ConnectionOptions; prefix: string }) => new Queue(FILE_RETENTION_QUEUE, opts);

export async function scheduleFileSweep(connection: ConnectionOptions, prefix: string, everyMs: number): Promise<Queue> {
  const queue = fileRetentionQueue({ connection, prefix });
  await queue.upsertJobScheduler(SCHEDULER_ID, { every: everyMs }, { name: 'sweep', opts: { removeOnComplete: 10, removeOnFail: 50 } });
  return queue;
}
