// Records stored before the audit trail was laid out by slot (audit-layout.ts) have no slot keys and
// are in no audit count, so no listing would find them; records stored before text keys have slot
// keys (and trigrams, `g`, no longer used) but no text key, so no search in their organization finds
// them. The worker lays them out, once, in the background: one pass over the collection (the only
// full read there is), a batch at a time; each batch's texts are stored, its records marked, then
// counted (all counts, or only by text key), and a marker ends it for good. Two workers never do it
// at once (a Redis lock). A worker that dies mid-batch leaves that batch's records marked but
// uncounted: totals then miss them, listings still show them.
import type { Redis } from 'ioredis';
import type { Db } from 'mongodb';
import { layoutOf, type LayoutFields } from './audit-layout.js';
import { unpackAudit, type AuditDoc } from './audit-repository.js';
import type { DailyRollups } from './daily-rollups.js';
import { auditTextsRepository } from './audit-texts-repository.js';
import { writeAll } from './bulk-writes.js';

const MARKER = 'audit-text-keys';
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
    const audit = db.collection<AuditDoc & Partial<LayoutFields> & { g?: string[] }>('audit');
    const texts = auditTextsRepository(db);
    let records = 0;
    // Never laid out (counted in nothing), and laid out by slot only (counted by category already).
    const batches = { all: [] as AuditDoc[], texts: [] as AuditDoc[] };
    const flush = async (which: 'all' | 'texts') => {
      const batch = batches[which];
      await texts.record(batch);
      await writeAll(
        audit,
        batch.map((doc) => ({ updateOne: { filter: { _id: doc._id }, update: { $set: layoutOf(doc), $unset: { g: '' } } } })),
      );
      await rollups.countStored(batch, which);
      records += batch.length;
      batches[which] = [];
      await redis.pexpire(lock, LOCK_TTL_MS);
    };
    for await (const stored of audit.find({}, { projection: { g: 0 } })) {
      if (stopping()) return;
      if (stored.t !== undefined) continue;
      const which = stored.ob === undefined ? 'all' : 'texts';
      batches[which].push(unpackAudit(stored));
      if (batches[which].length === BATCH) await flush(which);
    }
    for (const which of ['all', 'texts'] as const) if (batches[which].length > 0) await flush(which);
    await migrations.insertOne({ _id: MARKER, done_at: new Date(), records });
    if (records > 0) log.info({ records }, 'audit records from before slots or text keys are now listed, searched and counted');
  } finally {
    await redis.del(lock);
  }
}
