// BullMQ queues the API produces to, and the events it waits on. Their Redis connections are their
// own: a queue fails fast when Redis is gone (the request gets 503), while the events stream is a
// blocking reader that must wait out an outage (BullMQ requires maxRetriesPerRequest null for it).
import { QueueEvents, type Queue } from 'bullmq';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { bullPrefix } from '../../jobs/prefix.js';
import { FILE_SCAN_QUEUE, fileScanQueue, type FileScanJob, type FileScanResult } from '../../jobs/file-scan.js';
import { EVIDENCE_EXPORT_QUEUE, evidenceExportQueue, type EvidenceExportQueue } from '../../jobs/evidence-export.js';

export interface Queues {
  /** The key prefix of every BullMQ queue of this deployment. */
  prefix: string;
  fileScan: Queue<FileScanJob, FileScanResult>;
  fileScanEvents: QueueEvents;
  evidenceExport: EvidenceExportQueue;
  evidenceExportEvents: QueueEvents;
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
    const prefix = bullPrefix(app.config.redis.prefix);
    const producer = new Redis(app.config.redis.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectionName: 'preflight-api-queues',
    });
    producer.on('error', (err) => app.log.warn({ err: err.message }, 'queue redis connection error'));
    const events = new Redis(app.config.redis.url, { maxRetriesPerRequest: null, connectionName: 'preflight-api-queue-events' });
    events.on('error', (err) => app.log.warn({ err: err.message }, 'queue events redis connection error'));
    const fileScan = fileScanQueue({ connection: producer, prefix });
    const fileScanEvents = new QueueEvents(FILE_SCAN_QUEUE, { connection: events, prefix });
    fileScan.on('error', (err) => app.log.warn({ err: err.message }, 'file-scan queue error'));
    fileScanEvents.on('error', (err) => app.log.warn({ err: err.message }, 'file-scan events error'));
    await fileScanEvents.waitUntilReady();
    // Each events stream blocks its connection while it reads: one connection per stream.
    const exportEventsConnection = events.duplicate({ connectionName: 'preflight-api-export-events' });
    exportEventsConnection.on('error', (err) => app.log.warn({ err: err.message }, 'export events redis connection error'));
    const evidenceExport = evidenceExportQueue({ connection: producer, prefix });
    const evidenceExportEvents = new QueueEvents(EVIDENCE_EXPORT_QUEUE, { connection: exportEventsConnection, prefix });
    evidenceExport.on('error', (err) => app.log.warn({ err: err.message }, 'evidence-export queue error'));
    evidenceExportEvents.on('error', (err) => app.log.warn({ err: err.message }, 'evidence-export events error'));
    await evidenceExportEvents.waitUntilReady();
    app.decorate('queues', { prefix, fileScan, fileScanEvents, evidenceExport, evidenceExportEvents, all: [fileScan, evidenceExport] });
    app.addHook('onClose', async () => {
      // With Redis gone, BullMQ's close never settles: give it a bound, then drop the connections.
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)));
      await Promise.race([Promise.allSettled([fileScanEvents.close(), fileScan.close(), evidenceExportEvents.close(), evidenceExport.close()]), bound]);
      clearTimeout(timer);
      producer.disconnect();
      events.disconnect();
      exportEventsConnection.disconnect();
    });
  },
  { name: 'queues', dependencies: ['config'] },
);
