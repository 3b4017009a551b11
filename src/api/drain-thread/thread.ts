// The API process's audit drain, on a thread of its own (handle.ts starts it). Decoding, packing,
// storing and counting records is JavaScript that, on the event loop, took about a quarter of its
// time at saturation (bench/RESULTS.md, "The drain on a thread, in gathered batches"). The thread has
// its own Redis and MongoDB clients, answers the handle's requests and posts what the API reports.
import { parentPort, workerData } from 'node:worker_threads';
import { bullPrefix } from '../../jobs/prefix.js';
import { webhookQueue } from '../../jobs/webhook-delivery.js';
import { tallyOf } from '../../metrics/counters.js';
import { WebhookEvents } from '../../services/webhooks.js';
import { startAuditDrainer } from '../../store/audit-drainer.js';
import { AuditJournal } from '../../store/audit-journal.js';
import { connectMongo } from '../../store/mongo.js';
import { createRedis } from '../../store/redis-client.js';
import { createRepositories } from '../../store/repositories.js';
import type { DrainThreadData, FromThread, ToThread } from './messages.js';

const port = parentPort;
if (!port) throw new Error('the audit drain thread runs only as a worker thread');
const { config } = workerData as DrainThreadData;
const post = (message: FromThread) => port.postMessage(message);
const log = {
  warn: (obj: object, msg: string) => post({ kind: 'log', level: 'warn', obj, msg }),
  error: (obj: object, msg: string) => post({ kind: 'log', level: 'error', obj, msg }),
};

async function start() {
  // The API's own connection made the indexes already.
  const mongo = await connectMongo(config.mongodb, { ensureIndexes: false });
  // As the API's own connections: fail fast, so a drain that cannot write retries its batch later.
  const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true } as const;
  const redis = createRedis(config.redis.url, { ...options, commandTimeout: 2_000, enableAutoPipelining: true, connectionName: 'preflight-api-drain' });
  const producer = createRedis(config.redis.url, { ...options, connectionName: 'preflight-api-drain-queue' });
  for (const connection of [redis, producer]) connection.on('error', (err: Error) => log.warn({ err: err.message }, 'redis connection error (audit drain thread)'));
  await Promise.all([redis.connect(), producer.connect()]);
  const repos = createRepositories(mongo, { fileRetentionMs: config.files.retentionMs, masterKey: config.masterKey });
  const queue = webhookQueue({ connection: producer, prefix: bullPrefix(producer, config.redis.prefix) });
  queue.on('error', (err) => log.warn({ err: err.message }, 'webhook queue error (audit drain thread)'));
  const events = new WebhookEvents(repos.webhooks, queue, config.webhooks);
  const journal = new AuditJournal(redis, config.redis.prefix, config.audit.maxBacklog, config.audit.throttleBacklog);
  const { drainBatch, claimIdleMs, drainGatherMs } = config.audit;
  const drainer = await startAuditDrainer(redis, journal, repos, { batchSize: drainBatch, claimIdleMs, gatherMs: drainGatherMs, beforeAck: (docs) => events.checksRecorded(docs) }, log);
  drainer.on('recorded', (docs) => post({ kind: 'recorded', tally: tallyOf(docs) }));
  return {
    drainer,
    async close() {
      await drainer.stop();
      await queue.close();
      await Promise.all([redis, producer].map((c) => c.quit().catch(() => c.disconnect())));
      await mongo.client.close();
    },
  };
}

try {
  const drain = await start();
  const ops: Record<ToThread['op'], () => Promise<void>> = {
    settled: () => drain.drainer.settled(),
    stop: () => drain.drainer.stop(),
    start: () => drain.drainer.start(),
    // The handle ends the thread once this is answered.
    close: () => drain.close(),
  };
  port.on('message', ({ id, op }: ToThread) => {
    ops[op]().then(
      () => post({ kind: 'done', id }),
      (err: unknown) => post({ kind: 'done', id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
  post({ kind: 'ready' });
} catch (err) {
  // The handle ends the thread, and with it any client that did connect.
  post({ kind: 'failed', error: err instanceof Error ? err.message : String(err) });
}
