// The webhook delivery worker, built from the config (the worker process starts it; tests start the
// same thing in-process).
import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import { bullPrefix } from '../jobs/prefix.js';
import { webhookQueue } from '../jobs/webhook-delivery.js';
import type { Counters } from '../metrics/counters.js';
import { WebhookEvents } from '../services/webhooks.js';
import { KeyVault } from '../store/api-keys.js';
import type { Repositories } from '../store/repositories.js';
import { deliveryLog } from '../store/webhook-repository.js';
import { startWebhookDeliveryWorker } from './webhook-delivery.worker.js';
import type { Redis } from 'ioredis';
import { createRedis } from '../store/redis-client.js';

/** The producer side, for workers whose jobs raise events (file checks, bundles); on their connection. */
export function webhookEventsOf(config: Config, repos: Pick<Repositories, 'webhooks'>, connection: Redis): WebhookEvents {
  const queue = webhookQueue({ connection, prefix: bullPrefix(connection, config.redis.prefix) });
  return new WebhookEvents(repos.webhooks, queue, config.webhooks);
}

export interface WebhookWorkers {
  /** The `webhook-delivery` worker is taking jobs. */
  running(): boolean;
  close(): Promise<void>;
}

export function startWebhookWorkers(config: Config, repos: Pick<Repositories, 'webhooks'>, log: Logger, counters?: Pick<Counters, 'webhookDelivery'>): WebhookWorkers {
  // BullMQ workers block on Redis and must wait out outages: maxRetriesPerRequest null.
  const connection = createRedis(config.redis.url, { maxRetriesPerRequest: null, connectionName: 'preflight-webhook-workers' });
  connection.on('error', (err) => log.warn({ err: err.message }, 'webhook workers redis connection error'));
  // The delivery log on a connection of its own: the worker's blocks while it waits for jobs.
  const logConnection = createRedis(config.redis.url, { maxRetriesPerRequest: null, connectionName: 'preflight-webhook-log' });
  logConnection.on('error', (err) => log.warn({ err: err.message }, 'webhook log redis connection error'));
  const { allowPrivate, timeoutMs, disableAfterFailures, disableAfterMs, concurrency } = config.webhooks;
  const worker = startWebhookDeliveryWorker(
    {
      webhooks: repos.webhooks,
      deliveries: deliveryLog(logConnection, config.redis.prefix),
      vault: new KeyVault(config.masterKey),
      settings: { allowPrivate, timeoutMs, disableAfterFailures, disableAfterMs },
    },
    { connection, prefix: bullPrefix(connection, config.redis.prefix), concurrency, counters },
    log,
  );
  return {
    running: () => worker.isRunning(),
    async close() {
      await worker.close();
      connection.disconnect();
      logConnection.disconnect();
    },
  };
}
