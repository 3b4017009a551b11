// Records stored before the audit trail was laid out by slot (audit-layout.ts) have no slot keys and
// are in no audit count, so no listing would find them. The worker gives them both, once, in the
// background: one pass over the collection (the only full read there is), a batch at a time; each
// batch is marked first and counted after, and a marker ends it for good. Two workers never do it at
// once (a Redis lock). A worker that dies mid-batch leaves that batch's records marked but uncounted:
// totals then miss them, listings still show them.
import type { Redis } from 'ioredis';
import type { Db } from 'mongodb';
import { layoutOf, type LayoutFields } from './audit-layout.js';
import type { AuditDoc } from './audit-repository.js';
import type { DailyRollups } from './daily-rollups.js';
import { writeAll } from './bulk-writes.js';

const MARKER = 'audit-slots';
const BATCH = 500;
const LOCK_TTL_MS = 60_000;

interface Logger {
  info(obj: object, msg: string): void;
}

export async function backfillAuditLayout(
  db: Db,
  redis: Redis,
  prefix: string,
  rollups: DailyRollups,
  log: Logger,
  stopping: () => boolean,
): Promise<void> {
  const migrations = db.collection<{ _id: string; done_at: Date; records: number }>('store_migrations');
  if (await migrations.findOne({ _id: MARKER })) return;
  const lock = `${prefix}migrations:${MARKER}`;
  if ((await redis.set(lock, String(process.pid), 'PX', LOCK_TTL_MS, 'NX')) === null) return;
  try {
    const audit = db.collection<AuditDoc & Partial<LayoutFields>>('audit');
    let records = 0;
    let batch: AuditDoc[] = [];
    const flush = async () => {
      await writeAll(
        audit,
        batch.map((doc) => ({ updateOne: { filter: { _id: doc._id }, update: { $set: layoutOf(doc) } } })),
      );
      await rollups.countStored(batch);
      records += batch.length;
      batch = [];
      await redis.pexpire(lock, LOCK_TTL_MS);
    };
    for await (const doc of audit.find({}, { projection: { g: 0 } })) {
      if (stopping()) return;
      if (doc.ob !== undefined) continue;
      batch.push(doc);
      if (batch.length === BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    await migrations.insertOne({ _id: MARKER, done_at: new Date(), records });
    if (records > 0) log.info({ records }, 'audit records from before slots are now listed and counted');
  } finally {
    await redis.del(lock);
  }
}
