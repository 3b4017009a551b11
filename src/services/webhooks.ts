// Webhooks (docs/webhooks.md): an organization's endpoints, each subscribed to some events, and the
// events themselves. An event is enqueued once per subscribed endpoint (src/jobs/webhook-delivery.ts)
// and delivered, signed, by the worker (src/workers/webhook-delivery.worker.ts). Events carry ids,
// decisions, types and counts: never content, never a summary.
import { createHmac, randomBytes } from 'node:crypto';
import { Errors } from '../errors.js';
import { enqueueDeliveries, type WebhookEventType, type WebhookQueue } from '../jobs/webhook-delivery.js';
import type { KeyVault } from '../store/api-keys.js';
import type { AuditDoc } from '../store/audit-repository.js';
import { withRedis } from '../store/errors.js';
import { newId } from '../store/ids.js';
import type { OrganizationDoc } from '../store/organization-repository.js';
import type { DeliveryLog, DeliveryLogEntry, WebhookDoc, WebhookRepository } from '../store/webhook-repository.js';
import type { Actor, ChangeLog } from './change-log.js';
import { checkWebhookUrl } from './webhook-address.js';

/** Endpoints per organization. */
export const MAX_WEBHOOKS_PER_ORG = 20;

/** `whsec_` and 32 random bytes: shown once, at creation and on rotation. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The signature header's value: HMAC-SHA256 under the secret of `<unix seconds>.<body>`. */
export function signatureHeader(secret: string, body: string, at = Date.now()): string {
  const t = Math.floor(at / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** What the change log keeps of an endpoint: never its secret. */
const settingsOf = (d: Pick<WebhookDoc, 'url' | 'events' | 'description' | 'enabled'>) => ({ url: d.url, events: d.events, description: d.description, enabled: d.enabled });

export interface WebhookInput {
  url: string;
  events: string[];
  description?: string | undefined;
}

export interface WebhookPatch {
  url?: string | undefined;
  events?: string[] | undefined;
  description?: string | undefined;
  enabled?: boolean | undefined;
}

export interface DeliverySettings {
  allowPrivate: boolean;
  attempts: number;
  backoffMs: number;
}

/** What a check event says of a check (jobs/webhook-delivery.ts, CheckEventData). */
export function checkEventData(doc: AuditDoc) {
  return {
    preflight_id: doc._id,
    source: doc.source,
    destination: doc.destination,
    decision: doc.decision,
    policy_id: doc.policy_id,
    policy_version: doc.policy_version,
    detected: doc.detected.map(({ type, count }) => ({ type, count })),
    ...(doc.request_id !== undefined && { request_id: doc.request_id }),
  };
}

/**
 * Sends events out. An event about a thing has an id made from it (`evt_<type>_<thing id>`), so a
 * job that runs again enqueues the same deliveries, not new ones. Events of checks are enqueued by
 * the audit drainer, with the batch that stores their records and before it is acknowledged
 * (`checksRecorded`): one that cannot be enqueued is retried with its batch, never lost. The others
 * (a license revoked, a bundle ready) are enqueued before their caller answers (`emit`): one that
 * cannot be fails the caller, which is made to be repeated (the DELETE of a license answers 503 and
 * finishes on a retry; an export job is retried by BullMQ), so none is lost either.
 */
export class WebhookEvents {
  constructor(
    private readonly repo: Pick<WebhookRepository, 'subscribed'>,
    private readonly queue: WebhookQueue,
    private readonly settings: Pick<DeliverySettings, 'attempts' | 'backoffMs'>,
  ) {}

  /** Fails with RedisUnavailableError (503) when the event cannot be enqueued. */
  async emit(orgId: string, type: WebhookEventType, about: string, data: Record<string, unknown>): Promise<void> {
    const endpoints = await this.repo.subscribed(orgId, type);
    await withRedis(() => this.enqueue(orgId, type, about, data, new Date(), endpoints.map((e) => e._id)));
  }

  /** One event about `about` to each of `endpointIds`. */
  private async enqueue(orgId: string, type: WebhookEventType, about: string, data: Record<string, unknown>, createdAt: Date, endpointIds: readonly string[]): Promise<void> {
    if (endpointIds.length === 0) return;
    const event = { id: `evt_${type.replace('.', '_')}_${about}`, type, created_at: createdAt.toISOString(), org_id: orgId, data };
    await enqueueDeliveries(this.queue, event, endpointIds, this.settings);
  }

  /**
   * The events of checks just stored: check.blocked for a blocked one, file_check.completed for every
   * file check. Endpoints are read once per organization and event type of the batch. Fails if any
   * event could not be enqueued (the drainer then tries the batch again).
   */
  async checksRecorded(docs: readonly AuditDoc[]): Promise<void> {
    const events: Array<{ doc: AuditDoc; type: WebhookEventType }> = [];
    for (const doc of docs) {
      if (doc.decision === 'BLOCKED') events.push({ doc, type: 'check.blocked' });
      if (doc.source === 'file') events.push({ doc, type: 'file_check.completed' });
    }
    const endpoints = new Map<string, Promise<string[]>>();
    const subscribed = (orgId: string, type: WebhookEventType) => {
      const key = `${orgId} ${type}`;
      let ids = endpoints.get(key);
      if (!ids) endpoints.set(key, (ids = this.repo.subscribed(orgId, type).then((found) => found.map((e) => e._id))));
      return ids;
    };
    // created_at is the check's: a batch tried again sends the very same events.
    await Promise.all(events.map(async ({ doc, type }) => this.enqueue(doc.org_id, type, doc._id, checkEventData(doc), doc.created_at, await subscribed(doc.org_id, type))));
  }
}

export class WebhookService {
  constructor(
    private readonly repo: WebhookRepository,
    private readonly deliveries: DeliveryLog,
    private readonly vault: KeyVault,
    private readonly changeLog: ChangeLog,
    private readonly queue: WebhookQueue,
    private readonly settings: DeliverySettings,
  ) {}

  async create(org: OrganizationDoc, input: WebhookInput, actor: Actor, now = new Date()): Promise<{ doc: WebhookDoc; secret: string }> {
    if ((await this.repo.countByOrg(org._id)) >= MAX_WEBHOOKS_PER_ORG) {
      throw Errors.conflict(`An organization holds at most ${MAX_WEBHOOKS_PER_ORG} webhook endpoints; delete one first.`);
    }
    const url = await checkWebhookUrl(input.url, this.settings.allowPrivate);
    const secret = newSecret();
    const doc: WebhookDoc = {
      _id: newId('whk'),
      org_id: org._id,
      url,
      events: [...new Set(input.events)],
      description: input.description ?? '',
      secret_enc: this.vault.encrypt(secret),
      enabled: true,
      disabled_reason: null,
      consecutive_failures: 0,
      failing_since: null,
      created_at: now,
      updated_at: now,
    };
    const change = { actor, action: 'webhook.create', orgId: org._id, targetId: doc._id, before: null, after: settingsOf(doc) } as const;
    await this.changeLog.apply(change, () => this.repo.insert(doc));
    return { doc, secret };
  }

  list(org: OrganizationDoc): Promise<WebhookDoc[]> {
    return this.repo.listByOrg(org._id);
  }

  async get(org: OrganizationDoc, id: string): Promise<WebhookDoc> {
    const doc = await this.repo.findInOrg(org._id, id);
    if (!doc) throw Errors.notFound('Webhook');
    return doc;
  }

  /** Re-enabling an endpoint clears its failures: it gets a fresh run of attempts. */
  async update(org: OrganizationDoc, id: string, patch: WebhookPatch, actor: Actor): Promise<WebhookDoc> {
    const current = await this.get(org, id);
    const now = new Date();
    const set: Partial<WebhookDoc> = { updated_at: now };
    if (patch.url !== undefined) set.url = await checkWebhookUrl(patch.url, this.settings.allowPrivate);
    if (patch.events !== undefined) set.events = [...new Set(patch.events)];
    if (patch.description !== undefined) set.description = patch.description;
    if (patch.enabled !== undefined && patch.enabled !== current.enabled) {
      Object.assign(set, patch.enabled ? { enabled: true, disabled_reason: null, consecutive_failures: 0, failing_since: null } : { enabled: false, disabled_reason: 'manual' });
    }
    const after = { ...current, ...set };
    const change = { actor, action: 'webhook.update', orgId: org._id, targetId: id, before: settingsOf(current), after: settingsOf(after) } as const;
    const updated = await this.changeLog.apply(change, () => this.repo.update(org._id, id, set), (d) => d !== null);
    if (!updated) throw Errors.notFound('Webhook');
    return updated;
  }

  async delete(org: OrganizationDoc, id: string, actor: Actor): Promise<void> {
    const current = await this.get(org, id);
    const change = { actor, action: 'webhook.delete', orgId: org._id, targetId: id, before: settingsOf(current), after: null } as const;
    if (!(await this.changeLog.apply(change, () => this.repo.delete(org._id, id), (deleted) => deleted))) throw Errors.notFound('Webhook');
    await this.deliveries.drop(id);
  }

  /** A new secret; the old one stops signing at once. */
  async rotateSecret(org: OrganizationDoc, id: string, actor: Actor): Promise<{ doc: WebhookDoc; secret: string }> {
    const current = await this.get(org, id);
    const secret = newSecret();
    const change = { actor, action: 'webhook.rotate_secret', orgId: org._id, targetId: id, before: settingsOf(current), after: settingsOf(current) } as const;
    const doc = await this.changeLog.apply(change, () => this.repo.update(org._id, id, { secret_enc: this.vault.encrypt(secret), updated_at: new Date() }), (d) => d !== null);
    if (!doc) throw Errors.notFound('Webhook');
    return { doc, secret };
  }

  /** Enqueues a `webhook.test` event to this endpoint alone (sent even while it is disabled). */
  async sendTest(org: OrganizationDoc, id: string): Promise<{ event_id: string }> {
    const doc = await this.get(org, id);
    const event = { id: `evt_test_${randomBytes(8).toString('hex')}`, type: 'webhook.test' as const, created_at: new Date().toISOString(), org_id: org._id, data: { webhook_id: doc._id } };
    await enqueueDeliveries(this.queue, event, [doc._id], this.settings);
    return { event_id: event.id };
  }

  async deliveryLog(org: OrganizationDoc, id: string, limit: number): Promise<DeliveryLogEntry[]> {
    await this.get(org, id);
    return this.deliveries.list(id, limit);
  }
}
