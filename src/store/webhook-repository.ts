// Webhook endpoints (docs/webhooks.md) and their delivery logs. An endpoint's signing secret must be
// read back to sign, so it is kept as AES-256-GCM ciphertext under the master key (KeyVault), never
// hashed. The delivery log is a capped Redis list per endpoint: bounded, newest first, no sweep.
import type { Redis } from 'ioredis';
import type { Db } from 'mongodb';

export interface WebhookDoc {
  /** `whk_…` */
  _id: string;
  org_id: string;
  url: string;
  events: string[];
  description: string;
  secret_enc: string;
  enabled: boolean;
  /** Why it is disabled: `manual`, or `failing` when the delivery worker turned it off. */
  disabled_reason: 'manual' | 'failing' | null;
  /** Failed attempts since the last success, and when the first of them failed. */
  consecutive_failures: number;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryLogEntry {
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  at: string;
  outcome: 'succeeded' | 'failed' | 'refused';
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** Entries kept per endpoint. */
export const DELIVERY_LOG_LENGTH = 100;

export type WebhookRepository = ReturnType<typeof webhookRepository>;

export function webhookRepository(db: Db) {
  const col = db.collection<WebhookDoc>('webhooks');
  return {
    async insert(doc: WebhookDoc): Promise<void> {
      await col.insertOne(doc);
    },
    findById(id: string): Promise<WebhookDoc | null> {
      return col.findOne({ _id: id });
    },
    findInOrg(orgId: string, id: string): Promise<WebhookDoc | null> {
      return col.findOne({ _id: id, org_id: orgId });
    },
    listByOrg(orgId: string): Promise<WebhookDoc[]> {
      return col.find({ org_id: orgId }).sort({ created_at: 1, _id: 1 }).toArray();
    },
    countByOrg(orgId: string): Promise<number> {
      return col.countDocuments({ org_id: orgId });
    },
    /** An organization's enabled endpoints subscribed to an event (an organization has a handful). */
    async subscribed(orgId: string, event: string): Promise<WebhookDoc[]> {
      return (await col.find({ org_id: orgId, enabled: true }).toArray()).filter((d) => d.events.includes(event));
    },
    async update(orgId: string, id: string, set: Partial<WebhookDoc>): Promise<WebhookDoc | null> {
      return col.findOneAndUpdate({ _id: id, org_id: orgId }, { $set: set }, { returnDocument: 'after' });
    },
    async delete(orgId: string, id: string): Promise<boolean> {
      return (await col.deleteOne({ _id: id, org_id: orgId })).deletedCount === 1;
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
    async succeeded(id: string): Promise<void> {
      await col.updateOne({ _id: id, consecutive_failures: { $ne: 0 } }, { $set: { consecutive_failures: 0, failing_since: null } });
    },
    /** Counts a failed attempt; answers the endpoint as it now is. */
    async failed(id: string, at: Date): Promise<WebhookDoc | null> {
      await col.updateOne({ _id: id, failing_since: null }, { $set: { failing_since: at } });
      return col.findOneAndUpdate({ _id: id }, { $inc: { consecutive_failures: 1 } }, { returnDocument: 'after' });
    },
    /** Turns an endpoint off because it keeps failing, unless someone changed it meanwhile. */
    async disableFailing(id: string, at: Date): Promise<boolean> {
      const res = await col.updateOne({ _id: id, enabled: true }, { $set: { enabled: false, disabled_reason: 'failing', updated_at: at } });
      return res.modifiedCount === 1;
    },
  };
}

/** The delivery logs, in Redis: LPUSH then LTRIM keeps the newest entries of each endpoint. */
export function deliveryLog(redis: Redis, prefix: string) {
  const key = (endpointId: string) => `${prefix}webhook:log:${endpointId}`;
  return {
    async append(endpointId: string, entry: DeliveryLogEntry): Promise<void> {
      await redis.multi().lpush(key(endpointId), JSON.stringify(entry)).ltrim(key(endpointId), 0, DELIVERY_LOG_LENGTH - 1).exec();
    },
    async list(endpointId: string, limit: number): Promise<DeliveryLogEntry[]> {
      return (await redis.lrange(key(endpointId), 0, limit - 1)).map((s) => JSON.parse(s) as DeliveryLogEntry);
    },
    async drop(endpointId: string): Promise<void> {
      await redis.del(key(endpointId));
    },
  };
}
export type DeliveryLog = ReturnType<typeof deliveryLog>;
