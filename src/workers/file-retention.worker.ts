// Sweeps what file checks and bundles leave behind (DESIGN §23; docs/store.md, "Files"): masked files
// after their retention period, uploads no job will read any more (an API that died between storing
// and enqueueing, or while storing), chunks of bundles cut off while written; and moves the files of
// the old per-file layout into the shared buckets, until none is left.
import { Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import { FILE_RETENTION_QUEUE } from '../jobs/file-retention.js';
import type { FileStore } from '../store/file-store.js';

export function startFileRetentionWorker(files: FileStore, connection: ConnectionOptions, prefix: string, log: Logger): Worker {
  const worker = new Worker(
    FILE_RETENTION_QUEUE,
    async () => {
      const swept = await files.sweep(new Date());
      if (swept.masked + swept.upload + swept.bundle + swept.moved > 0) log.info(swept, 'swept expired files; moved files of the old layout');
      return swept;
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('error', (err) => log.warn({ err: err.message }, 'file-retention worker error'));
  return worker;
}
