// Everything the worker process runs for file checks, built from the config: the OCR pool, the
// `file-scan` worker and the retention schedule with its worker. Tests start the same thing in-process.
import type { Logger } from 'pino';
import { recordedChecks } from '../checks/record.js';
import type { Config } from '../config/index.js';
import { DetectPool } from '../detect/pool.js';
import { createOcrPool } from '../files/ocr-pool.js';
import { DEFAULT_FILE_LIMITS, type FileLimits } from '../files/types.js';
import { bullPrefix } from '../jobs/prefix.js';
import { scheduleFileSweep } from '../jobs/file-retention.js';
import type { Counters } from '../metrics/counters.js';
import { KeyVault } from '../store/api-keys.js';
import type { AuditJournal } from '../store/audit-journal.js';
import type { Repositories } from '../store/repositories.js';
import { startFileRetentionWorker } from './file-retention.worker.js';
import { startFileScanWorker } from './file-scan.worker.js';
import { createRedis } from '../store/redis-client.js';

export interface FileWorkers {
  /** The `file-scan` and `file-retention` workers are taking jobs. */
  running(): boolean;
  close(): Promise<void>;
}

function fileLimitsOf(config: Config): FileLimits {
  const { maxBytes, maxPixels, maxPages, maxOcrPages } = config.files;
  return { ...DEFAULT_FILE_LIMITS, maxBytes, maxPixels, maxPages, maxOcrPages };
}

export async function startFileWorkers(
  config: Config,
  repos: Pick<Repositories, 'files' | 'audit' | 'webhooks'>,
  journal: AuditJournal,
  log: Logger,
  counters?: Pick<Counters, 'fileCheck'>,
): Promise<FileWorkers> {
  const { files } = repos;
  // Both pools start their threads on the first job that needs them: an idle worker process stays small.
  const ocr = await createOcrPool({ workers: config.files.ocrWorkers, idleMs: config.files.ocrIdleMs });
  // One detection thread per concurrent job: a scan of a large file must not block the event loop
  // that renews the job's lock (docs/files.md, "Exactly once").
  const detect = new DetectPool({
    threads: config.files.concurrency,
    minThreads: 0,
    maxQueue: config.files.concurrency,
    timeoutMs: config.files.detectTimeoutMs,
    inlineMaxChars: config.detect.inlineMaxChars,
  });
  // BullMQ workers block on Redis and must wait out outages: maxRetriesPerRequest null.
  const connection = createRedis(config.redis.url, { maxRetriesPerRequest: null, connectionName: 'preflight-file-workers' });
  connection.on('error', (err) => log.warn({ err: err.message }, 'file workers redis connection error'));
  const prefix = bullPrefix(connection, config.redis.prefix);
  const scan = startFileScanWorker(
    {
      files,
      journal,
      recorded: recordedChecks(repos.audit, journal),
      ocr,
      detect,
      vault: new KeyVault(config.masterKey),
      limits: fileLimitsOf(config),
    },
    {
      connection,
      prefix,
      concurrency: config.files.concurrency,
      lockMs: config.files.lockMs,
      stalledIntervalMs: config.files.stalledIntervalMs,
      counters,
    },
    log,
  );
  const sweepQueue = await scheduleFileSweep(connection, prefix, config.files.sweepEveryMs);
  const sweeper = startFileRetentionWorker(files, connection, prefix, log);
  return {
    running: () => scan.isRunning() && sweeper.isRunning(),
    async close() {
      // Running jobs finish (or, past the process's shutdown timeout, are picked up again as stalled).
      await Promise.allSettled([scan.close(), sweeper.close(), sweepQueue.close()]);
      await Promise.all([ocr.close(), detect.close()]);
      connection.disconnect();
    },
  };
}
