// The `file-retention` queue: one BullMQ job scheduler (the same id from every worker process, so
// there is one schedule however many run) sweeps masked files past their retention and stale uploads.
import { Queue, type ConnectionOptions } from 'bullmq';

export const FILE_RETENTION_QUEUE = 'file-retention';
const SCHEDULER_ID = 'sweep-files';

export async function scheduleFileSweep(connection: ConnectionOptions, prefix: string, everyMs: number): Promise<Queue> {
  const queue = new Queue(FILE_RETENTION_QUEUE, { connection, prefix });
  await queue.upsertJobScheduler(SCHEDULER_ID, { every: everyMs }, { name: 'sweep', opts: { removeOnComplete: 10, removeOnFail: 50 } });
  return queue;
}
