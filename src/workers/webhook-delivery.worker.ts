// The `webhook-delivery` processor (docs/webhooks.md): reads the endpoint, signs the event under its
// secret and POSTs it, connecting only to addresses the SSRF guard passed at that moment. A 2xx is
// success; anything else, a timeout or a network error fails the attempt, which BullMQ retries with
// exponential backoff. Every attempt goes to the endpoint's delivery log. An endpoint that fails
// `disableAfterFailures` attempts in a row, or keeps failing for `disableAfterMs`, is disabled.
// Each request has its own timeout and the worker runs many at once: a receiver that hangs holds one
// slot for at most the timeout, and other endpoints' deliveries go on.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { WEBHOOK_QUEUE, WebhookDeliveryJob } from '../jobs/webhook-delivery.js';
import type { Counters } from '../metrics/counters.js';
import { AddressRefusedError, allowedAddresses, guardedLookup } from '../services/webhook-address.js';
import { signatureHeader } from '../services/webhooks.js';
import type { KeyVault } from '../store/api-keys.js';
import type { DeliveryLog, DeliveryLogEntry, WebhookDoc, WebhookRepository } from '../store/webhook-repository.js';

export interface WebhookDeliveryDeps {
  webhooks: Pick<WebhookRepository, 'findById' | 'succeeded' | 'failed' | 'disableFailing'>;
  deliveries: Pick<DeliveryLog, 'append'>;
  vault: Pick<KeyVault, 'decrypt'>;
  settings: { allowPrivate: boolean; timeoutMs: number; disableAfterFailures: number; disableAfterMs: number };
}

/** POSTs the body; answers the status code. Redirects are not followed (a 3xx is a failure). */
async function post(url: string, body: string, headers: Record<string, string>, deps: WebhookDeliveryDeps): Promise<number> {
  const target = new URL(url);
  // A name is checked by the lookup as it connects; an address literal never goes through a lookup.
  if (isIP(target.hostname.replace(/^\[|\]$/g, ''))) await allowedAddresses(target.hostname, deps.settings.allowPrivate);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(deps.settings.allowPrivate),
        signal: AbortSignal.timeout(deps.settings.timeoutMs),
        agent: false,
      },
      (res) => {
        // The status is all that counts; the body is not read.
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    req.on('error', (err) => reject(err.name === 'TimeoutError' || err.name === 'AbortError' ? new Error(`no answer within ${deps.settings.timeoutMs} ms`) : err));
    req.end(body);
  });
}

/** A failure's reason for the log: short, and never a response body. */
const reasonOf = (err: unknown) => (err instanceof Error ? (err.cause instanceof AddressRefusedError ? err.cause.message : err.message) : String(err)).slice(0, 200);

export type WebhookJobHandle = Pick<Job<WebhookDeliveryJob, void>, 'data' | 'attemptsMade' | 'id'>;

export function webhookDeliveryProcessor(deps: WebhookDeliveryDeps) {
  return async (job: WebhookJobHandle): Promise<void> => {
    const parsed = WebhookDeliveryJob.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('malformed webhook job');
    const { endpoint_id, event } = parsed.data;
    const endpoint = await deps.webhooks.findById(endpoint_id);
    // Deleted, or disabled since the event: nothing to send (a test event is sent all the same).
    if (!endpoint || (!endpoint.enabled && event.type !== 'webhook.test')) return;
    const body = JSON.stringify(event);
    const started = Date.now();
    const entry = (outcome: DeliveryLogEntry['outcome'], status: number | null, error: string | null): DeliveryLogEntry => ({
      delivery_id: job.id ?? '',
      event_id: event.id,
      event_type: event.type,
      attempt: job.attemptsMade + 1,
      at: new Date(started).toISOString(),
      outcome,
      status_code: status,
      error,
      duration_ms: Date.now() - started,
    });
    let status: number;
    try {
      status = await post(endpoint.url, body, headersOf(endpoint, deps, body, event.type, event.id, job.id ?? ''), deps);
    } catch (err) {
      const refused = err instanceof AddressRefusedError;
      await deps.deliveries.append(endpoint_id, entry(refused ? 'refused' : 'failed', null, reasonOf(err)));
      const disabled = await countFailure(deps, endpoint);
      // An address refused now will not be allowed on a retry; a disabled endpoint gets no retry.
      if (refused || disabled) throw new UnrecoverableError(reasonOf(err));
      throw err;
    }
    if (status >= 200 && status < 300) {
      await deps.deliveries.append(endpoint_id, entry('succeeded', status, null));
      await deps.webhooks.succeeded(endpoint_id);
      return;
    }
    await deps.deliveries.append(endpoint_id, entry('failed', status, `answered ${status}`));
    if (await countFailure(deps, endpoint)) throw new UnrecoverableError(`answered ${status}; endpoint disabled`);
    throw new Error(`answered ${status}`);
  };
}

function headersOf(endpoint: WebhookDoc, deps: WebhookDeliveryDeps, body: string, type: string, eventId: string, deliveryId: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Preflight-Webhooks/1',
    'preflight-event': type,
    'preflight-event-id': eventId,
    'preflight-delivery': deliveryId,
    'preflight-signature': signatureHeader(deps.vault.decrypt(endpoint.secret_enc), body),
  };
}

/** Counts a failed attempt; disables the endpoint past the limits. Answers whether it is now disabled. */
async function countFailure(deps: WebhookDeliveryDeps, endpoint: WebhookDoc): Promise<boolean> {
  const now = new Date();
  const counted = await deps.webhooks.failed(endpoint._id, now);
  if (!counted) return true;
  const { disableAfterFailures, disableAfterMs } = deps.settings;
  const tooMany = counted.consecutive_failures >= disableAfterFailures;
  const tooLong = counted.failing_since !== null && now.getTime() - counted.failing_since.getTime() >= disableAfterMs;
  if (!tooMany && !tooLong) return false;
  await deps.webhooks.disableFailing(endpoint._id, now);
  return true;
}

export interface WebhookWorkerOptions {
  connection: ConnectionOptions;
  prefix: string;
  concurrency: number;
  counters?: Pick<Counters, 'webhookDelivery'>;
}

export function startWebhookDeliveryWorker(deps: WebhookDeliveryDeps, opts: WebhookWorkerOptions, log: Logger): Worker<WebhookDeliveryJob, void> {
  const worker = new Worker<WebhookDeliveryJob, void>(WEBHOOK_QUEUE, webhookDeliveryProcessor(deps), {
    connection: opts.connection,
    prefix: opts.prefix,
    concurrency: opts.concurrency,
  });
  worker.on('completed', () => opts.counters?.webhookDelivery('delivered'));
  worker.on('failed', (job, err) => {
    if (!job) return;
    opts.counters?.webhookDelivery(job.attemptsMade >= (job.opts.attempts ?? 1) ? 'gave_up' : 'failed');
    log.warn({ job: job.id, attempt: job.attemptsMade, err: err.message }, 'webhook delivery failed');
  });
  worker.on('error', (err) => log.warn({ err: err.message }, 'webhook worker error'));
  return worker;
}
