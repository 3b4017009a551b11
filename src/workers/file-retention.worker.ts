// Sweeps what file checks leave behind (DESIGN §23): masked files after their retention period, and
// uploads no job will read any more (an API that died between storing and enqueueing).
import { Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import { FILE_RETENTION_QUEUE } from '../jobs/file-retention.js';
import type { FileStore } from '../store/file-store.js';

/** An upload older than this has no job left to read it: jobs retry within minutes, not a day. */
const STALE_UPLOAD_MS = 24 * 3_600_000;

export function startFileRetentionWorker(files: FileStore, connection: ConnectionOptions, prefix: string, log: Logger): Worker {
  const worker = new Worker(
    FILE_RETENTION_QUEUE,
    async () => {
      const swept = await files.sweep(new Date(), STALE_UPLOAD_MS);
      if (swept.masked + swept.uploads > 0) log.info(swept, 'swept expired masked files and stale uploads');
      return swept;
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('error', (err) => log.warn({ err: err.message }, 'file-retention worker error'));
  return worker;
}
