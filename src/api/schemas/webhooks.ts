import { z } from 'zod';
import { SUBSCRIBABLE_EVENTS } from '../../jobs/webhook-delivery.js';
import type { DeliveryLogEntry, WebhookDoc } from '../../store/webhook-repository.js';
import { intParam, Timestamp } from './common.js';
import { OrgParams } from './organizations.js';

const Url = z.string({ error: () => 'must be a string' }).min(1, 'must not be empty').max(2_000, 'must be at most 2000 characters').describe('http(s) URL of a public address (docs/webhooks.md)');
const Events = z.array(z.enum(SUBSCRIBABLE_EVENTS)).min(1, 'must name at least one event').max(SUBSCRIBABLE_EVENTS.length * 2);
const Description = z.string().max(200, 'must be at most 200 characters');

export const WebhookCreate = z.strictObject({ url: Url, events: Events, description: Description.optional() }).meta({
  id: 'WebhookCreate',
  example: { url: 'https://hooks.example.com/preflight', events: ['check.blocked', 'file_check.completed'], description: 'SOC alerts' },
});

export const WebhookUpdate = z
  .strictObject({ url: Url.optional(), events: Events.optional(), description: Description.optional(), enabled: z.boolean().optional().describe('true re-enables an endpoint and clears its failures') })
  .meta({ id: 'WebhookUpdate', example: { enabled: true } });

export const WebhookParams = OrgParams.extend({ webhook_id: z.string().min(1).max(100) });

export const Webhook = z
  .object({
    webhook_id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string(),
    enabled: z.boolean(),
    disabled_reason: z.enum(['manual', 'failing']).nullable().describe('failing: the service disabled it after repeated failed deliveries'),
    consecutive_failures: z.number().int(),
    failing_since: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Webhook' });

export const WebhookSecret = z
  .object({ webhook_id: z.string(), secret: z.string().describe('whsec_…: shown only now; verify Preflight-Signature with it') })
  .meta({ id: 'WebhookSecret' });

export const CreatedWebhook = Webhook.extend({ secret: WebhookSecret.shape.secret }).meta({ id: 'CreatedWebhook' });

export const WebhookTest = z.object({ event_id: z.string() }).meta({ id: 'WebhookTest' });

export const DeliveryQuery = z.object({ limit: intParam('limit', 1, 100, 50) });

export const Delivery = z.object({
  delivery_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int(),
  at: Timestamp,
  outcome: z.enum(['succeeded', 'failed', 'refused']).describe('refused: the URL resolved to an address deliveries may not go to'),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});

export const DeliveryLogPage = z.object({ items: z.array(Delivery) }).meta({ id: 'WebhookDeliveries' });

export function toWebhook(doc: WebhookDoc): z.infer<typeof Webhook> {
  return {
    webhook_id: doc._id,
    url: doc.url,
    events: doc.events,
    description: doc.description,
    enabled: doc.enabled,
    disabled_reason: doc.disabled_reason,
    consecutive_failures: doc.consecutive_failures,
    failing_since: doc.failing_since?.toISOString() ?? null,
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
  };
}

export const toDelivery = (e: DeliveryLogEntry): z.infer<typeof Delivery> => e;
