// The worker process: background work that must not run on the API's request path: file checks
// (the `file-scan` queue) and their retention sweep, and draining the audit journal into the store.
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { ConfigError, loadConfig } from '../config/index.js';
import { startAuditDrainer } from '../store/audit-drainer.js';
import { startFileWorkers } from './file-workers.js';
import { AuditJournal } from '../store/audit-journal.js';
import { analyticsRepository } from '../store/analytics-repository.js';
import { auditRepository } from '../store/audit-repository.js';
import { connectMongo } from '../store/mongo.js';

const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, name: 'preflight-worker' });
  const mongo = await connectMongo(config.mongodb);
  // Workers wait out Redis outages instead of failing commands (BullMQ needs the same).
  const redis = new Redis(config.redis.url, { maxRetriesPerRequest: null, connectionName: 'preflight-worker' });
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis connection error'));
  const journal = new AuditJournal(redis, config.redis.prefix, config.audit.maxBacklog);
  const drainer = await startAuditDrainer(
    redis,
    journal,
    { audit: auditRepository(mongo.db), analytics: analyticsRepository(mongo.db) },
    { batchSize: config.audit.drainBatch, claimIdleMs: config.audit.claimIdleMs },
    log,
  );
  const fileWorkers = await startFileWorkers(config, mongo.db, journal, log);
  log.info('worker started: file checks, file retention, audit journal drain and analytics');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    (async () => {
      await fileWorkers.close();
      await drainer.stop();
      redis.disconnect();
      await mongo.client.close();
    })().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `preflight worker: failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
