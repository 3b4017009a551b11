// BullMQ queues the API produces to, and the events it waits on. Their Redis connections are their
// own: a queue fails fast when Redis is gone (the request gets 503), while the events stream is a
// blocking reader that must wait out an outage (BullMQ requires maxRetriesPerRequest null for it).
import { QueueEvents, type Queue } from 'bullmq';
import fp from 'fastify-plugin';
import { bullPrefix } from '../../jobs/prefix.js';
import { fileScanQueue, type FileScanJob, type FileScanResult } from '../../jobs/file-scan.js';
import { evidenceExportQueue, type EvidenceExportQueue } from '../../jobs/evidence-export.js';
import { fileRetentionQueue } from '../../jobs/file-retention.js';
import { webhookQueue, type WebhookQueue } from '../../jobs/webhook-delivery.js';
import { createRedis } from '../../store/redis-client.js';

export interface Queues {
  /** The key prefix of every BullMQ queue of this deployment. */
  prefix: string;
  fileScan: Queue<FileScanJob, FileScanResult>;
  fileScanEvents: QueueEvents;
  evidenceExport: EvidenceExportQueue;
  evidenceExportEvents: QueueEvents;
  /** Only read here (gauges, dashboard): the worker schedules its sweeps. */
  fileRetention: Queue;
  webhookDelivery: WebhookQueue;
  /** Every queue, for the ops dashboard and /metrics: a new queue joins this list. */
  all: Queue[];
}

const CLOSE_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    queues: Queues;
  }
}

export default fp(
  async (app) => {
    const producer = createRedis(app.config.redis.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectionName: 'preflight-api-queues',
    });
    const prefix = bullPrefix(producer, app.config.redis.prefix);
    producer.on('error', (err) => app.log.warn({ err: err.message }, 'queue redis connection error'));
    const connections = [producer];
    /** A queue's events stream, on a connection of its own: each stream blocks its connection while it reads. */
    const watch = async (queue: Queue) => {
      const connection = createRedis(app.config.redis.url, { maxRetriesPerRequest: null, connectionName: `preflight-api-${queue.name}-events` });
      connection.on('error', (err) => app.log.warn({ err: err.message }, `${queue.name} events redis connection error`));
      connections.push(connection);
      queue.on('error', (err) => app.log.warn({ err: err.message }, `${queue.name} queue error`));
      const events = new QueueEvents(queue.name, { connection, prefix });
      events.on('error', (err) => app.log.warn({ err: err.message }, `${queue.name} events error`));
      await events.waitUntilReady();
      return events;
    };
    const fileScan = fileScanQueue({ connection: producer, prefix });
    const evidenceExport = evidenceExportQueue({ connection: producer, prefix });
    const fileRetention = fileRetentionQueue({ connection: producer, prefix });
    fileRetention.on('error', (err) => app.log.warn({ err: err.message }, `${fileRetention.name} queue error`));
    const webhookDelivery = webhookQueue({ connection: producer, prefix });
    webhookDelivery.on('error', (err) => app.log.warn({ err: err.message }, 'webhook-delivery queue error'));
    const fileScanEvents = await watch(fileScan);
    const evidenceExportEvents = await watch(evidenceExport);
    app.decorate('queues', {
      prefix,
      fileScan,
      fileScanEvents,
      evidenceExport,
      evidenceExportEvents,
      fileRetention,
      webhookDelivery,
      all: [fileScan, evidenceExport, fileRetention, webhookDelivery],
    });
    app.addHook('onClose', async () => {
      // With Redis gone, BullMQ's close never settles: give it a bound, then drop the connections.
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)));
      const closing = [fileScanEvents, evidenceExportEvents, fileScan, evidenceExport, fileRetention, webhookDelivery].map((c) => c.close());
      await Promise.race([Promise.allSettled(closing), bound]);
      clearTimeout(timer);
      for (const connection of connections) connection.disconnect();
    });
  },
  { name: 'queues', dependencies: ['config'] },
);
