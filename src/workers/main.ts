// The worker process: background work that must not run on the API's request path: file checks
// (the `file-scan` queue) and their retention sweep, evidence bundles (the `evidence-export` queue),
// and draining the audit journal into the store.
import { pino, type Logger } from 'pino';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { ConfigError, loadConfig, type Config } from '../config/index.js';
import { errorForLog } from '../config/logging.js';
import { createCounters, type Counters } from '../metrics/counters.js';
import { backfillAuditLayout } from '../store/audit-backfill.js';
import { startAuditDrainer } from '../store/audit-drainer.js';
import { AuditJournal } from '../store/audit-journal.js';
import { connectMongo } from '../store/mongo.js';
import { DailyRollups } from '../store/daily-rollups.js';
import { createRepositories } from '../store/repositories.js';
import { startTracing } from '../tracing/sdk.js';
import { startEvidenceWorkers } from './evidence-workers.js';
import { startFileWorkers } from './file-workers.js';
import { startHealthServer, withinProbeTimeout, type WorkerReadiness } from './health.js';
import { startWebhookWorkers, webhookEventsOf } from './webhook-workers.js';
import { createRedis } from '../store/redis-client.js';

const SHUTDOWN_TIMEOUT_MS = 15_000;

interface Started {
  readiness(): Promise<WorkerReadiness>;
  /** Stops it all, in reverse order. */
  stop(): Promise<void>;
}

/** Starts the queue workers, the audit drainer and the backfill. */
async function start(config: Config, log: Logger, counters: Counters): Promise<Started> {
  const mongo = await connectMongo(config.mongodb);
  const repos = createRepositories(mongo, { fileRetentionMs: config.files.retentionMs, masterKey: config.masterKey });
  // Workers wait out Redis outages instead of failing commands (BullMQ needs the same).
  const redis = createRedis(config.redis.url, { maxRetriesPerRequest: null, connectionName: 'preflight-worker' });
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis connection error'));
  const journal = new AuditJournal(redis, config.redis.prefix, config.audit.maxBacklog, config.audit.throttleBacklog);
  const events = webhookEventsOf(config, repos, redis);
  const drainer = await startAuditDrainer(
    redis,
    journal,
    repos,
    { batchSize: config.audit.drainBatch, claimIdleMs: config.audit.claimIdleMs, gatherMs: config.audit.drainGatherMs, beforeAck: (docs) => events.checksRecorded(docs) },
    log,
  );
  drainer.on('recorded', (docs) => counters.recorded(docs));
  const fileWorkers = await startFileWorkers(config, repos, journal, log, counters);
  const evidenceWorkers = startEvidenceWorkers(config, repos, log);
  const webhookWorkers = startWebhookWorkers(config, repos, log, counters);
  let stopping = false;
  const backfill = backfillAuditLayout(mongo.db, redis, config.redis.prefix, new DailyRollups(redis, config.redis.prefix, repos), log, () => stopping).catch(
    (err: unknown) => log.error({ err }, 'audit backfill failed; it runs again at the next start'),
  );
  log.info('worker started: file checks, file retention, evidence bundles, webhook deliveries, audit journal drain and analytics');
  return {
    readiness: async () => {
      const [redisUp, mongodb] = await Promise.all([withinProbeTimeout(redis.ping()), withinProbeTimeout(mongo.db.command({ ping: 1 }))]);
      return { workers: !stopping && fileWorkers.running() && evidenceWorkers.running() && webhookWorkers.running(), redis: redisUp, mongodb };
    },
    stop: async () => {
      stopping = true;
      await Promise.all([fileWorkers.close(), evidenceWorkers.close(), webhookWorkers.close(), backfill]);
      await drainer.stop();
      redis.disconnect();
      await mongo.client.close();
    },
  };
}

/** Not ready until start-up ends. */
async function serveHealth(config: Config, started: Promise<Started>, metrics: Registry, log: Logger): Promise<void> {
  if (config.workerHealthPort === null) return;
  let current: Started | null = null;
  void started.then((s) => (current = s), () => undefined);
  const notYet: WorkerReadiness = { workers: false, redis: false, mongodb: false };
  const server = await startHealthServer(config.workerHealthPort, config.host, async () => (current ? current.readiness() : notYet), metrics);
  server.unref();
  log.info({ port: config.workerHealthPort }, 'worker health port listening');
}

function main(): void {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, name: 'preflight-worker', serializers: { err: errorForLog } });
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });
  // Tracing first (OTEL_* variables; tracing/sdk.ts): a job's spans join its request's trace.
  const tracing = startTracing('preflight-worker');
  const started = tracing.then(() => start(config, log, createCounters(metrics)));
  const failed = (err: unknown) => {
    console.error(`preflight worker: failed to start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  };
  started.catch(failed);
  serveHealth(config, started, metrics, log).catch(failed);

  // Installed before start-up finishes (it waits for the stores): a signal then waits for it.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    started
      .then((s) => s.stop())
      .then(() => tracing)
      .then((stopTracing) => stopTracing?.())
      .then(
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

try {
  main();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `preflight worker: failed to start: ${String(err)}`);
  process.exit(1);
}
