// The `webhook-delivery` queue (docs/webhooks.md): one job per event per subscribed endpoint, id =
// `<event id>-<endpoint id>`, so a repeated enqueue of the same event to the same endpoint is one
// job. The payload is the event as it is sent: ids, decision, types and counts, never content.
// Retries back off exponentially; the endpoint's secret is not in the job (the worker reads it).
import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { z } from 'zod';
import { DECISIONS, DESTINATIONS } from '../engine/types.js';

export const WEBHOOK_QUEUE = 'webhook-delivery';

export const WEBHOOK_EVENTS = ['check.blocked', 'file_check.completed', 'bundle.ready', 'license.revoked', 'webhook.test'] as const;
/** What an endpoint may subscribe to: every event but the test one, which is sent on request only. */
export const SUBSCRIBABLE_EVENTS = ['check.blocked', 'file_check.completed', 'bundle.ready', 'license.revoked'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

const Detected = z.array(z.object({ type: z.string(), count: z.number().int() }));

/** What a check event says of a check: no summary text, no samples, no content. */
export const CheckEventData = z.object({
  preflight_id: z.string(),
  source: z.enum(['text', 'file']),
  destination: z.enum(DESTINATIONS),
  decision: z.enum(DECISIONS),
  policy_id: z.string(),
  policy_version: z.string(),
  detected: Detected,
  request_id: z.string().optional(),
});

export const WebhookEvent = z.object({
  /** `evt_…`: the same in every delivery (and retry) of the event. */
  id: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  created_at: z.string(),
  org_id: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export const WebhookDeliveryJob = z.object({
  endpoint_id: z.string(),
  event: WebhookEvent,
});
export type WebhookDeliveryJob = z.infer<typeof WebhookDeliveryJob>;

export type WebhookQueue = Queue<WebhookDeliveryJob, void>;

export function webhookQueue({ connection, prefix }: { connection: ConnectionOptions; prefix: string }): WebhookQueue {
  return new Queue<WebhookDeliveryJob, void>(WEBHOOK_QUEUE, { connection, prefix });
}

export const deliveryJobId = (eventId: string, endpointId: string) => `${eventId}-${endpointId}`;

function deliveryJobOptions(jobId: string, attempts: number, backoffMs: number): JobsOptions {
  return {
    jobId,
    attempts,
    backoff: { type: 'exponential', delay: backoffMs },
    // The delivery log (per endpoint) is what callers read; jobs need not stay long.
    removeOnComplete: { age: 3_600 },
    removeOnFail: { age: 86_400 },
  };
}

/** Enqueues one event to each of the endpoints, in one round trip. */
export function enqueueDeliveries(queue: WebhookQueue, event: WebhookEvent, endpointIds: readonly string[], opts: { attempts: number; backoffMs: number }) {
  const parsed = WebhookEvent.parse(event);
  return queue.addBulk(
    endpointIds.map((endpoint_id) => ({
      name: parsed.type,
      data: { endpoint_id, event: parsed },
      opts: deliveryJobOptions(deliveryJobId(parsed.id, endpoint_id), opts.attempts, opts.backoffMs),
    })),
  );
}
