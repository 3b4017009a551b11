// Records stored before slots existed are laid out and counted once, then listed like the others.
import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../src/services/audit-log.js';
import { auditCountsRepository } from '../../src/store/audit-counts-repository.js';
import { backfillAuditLayout } from '../../src/store/audit-backfill.js';
import { AuditJournal } from '../../src/store/audit-journal.js';
import { auditRepository, type AuditDoc } from '../../src/store/audit-repository.js';
import { auditTextsRepository } from '../../src/store/audit-texts-repository.js';
import { closedDayMarks } from '../../src/store/closed-day-marks.js';
import { slotSeconds } from '../../src/store/slot-seconds.js';
import { newId } from '../../src/store/ids.js';
import { auditKeys } from '../../src/store/redis-keys.js';
import { policyRepository } from '../../src/store/policy-repository.js';
import { drainHarness, keysMatching } from '../helpers/drain.js';

const h = drainHarness('backfill');
const silent = { info: () => undefined };
/** Made like the API makes it: the closed-day marks under the drainers' prefix. */
const auditLog = (prefix: string) =>
  new AuditLog(
    { audit: auditRepository(h.db), auditCounts: auditCountsRepository(h.db), auditTexts: auditTextsRepository(h.db), policies: policyRepository(h.db) },
    closedDayMarks(h.redis(), prefix),
    slotSeconds(h.redis(), prefix),
    { searchBudgetMs: 10_000 },
  );

const record = (at: number, decision: AuditDoc['decision']): AuditDoc => ({
  _id: newId('pf', at),
  org_id: 'org_old',
  org_name: 'Old',
  policy_id: 'pol_old',
  policy_name: 'Old policy',
  policy_version: '1.0',
  destination: 'VENDOR',
  decision,
  summary: 'Masked EMAIL.',
  detected: [],
  prevented: 0,
  source: 'text',
  bytes: 1,
  created_at: new Date(at),
});

describe('backfillAuditLayout', () => {
  it('lays out and counts the records from before slots, once, beside records stored since', async () => {
    const start = Date.parse('2026-02-01T00:00:00Z');
    const old = Array.from({ length: 1_234 }, (_, i) => record(start + i * 97_000, i % 3 === 0 ? 'BLOCKED' : 'ALLOWED'));
    // As a release before slots stored them: no layout fields, counted in no audit count.
    await h.db.collection<AuditDoc>('audit').insertMany(old.map((d) => ({ ...d, journal_entry: '0-1' })));
    // One stored since, through the drainer.
    const journal = new AuditJournal(h.redis(), h.prefix(), 1_000);
    const fresh = record(start + 5_000, 'BLOCKED');
    await journal.append(fresh);
    const drainer = h.drainer(journal);
    await drainer.start();
    await drainer.settled();

    const log = auditLog(journal.prefix);
    expect((await log.list({ orgId: 'org_old', filter: {}, limit: 10, offset: 0 })).total).toBe(1);

    const redis = h.redis();
    for (let run = 0; run < 2; run += 1) {
      await backfillAuditLayout(h.db, redis, journal.prefix, h.rollupsFor(journal), silent, () => false);
    }
    const all = await log.list({ orgId: 'org_old', filter: {}, limit: 500, offset: 1_000 });
    expect(all.total).toBe(1_235);
    const blocked = await log.list({ filter: { decision: 'BLOCKED' }, limit: 500, offset: 0 });
    expect(blocked.total).toBe(old.filter((d) => d.decision === 'BLOCKED').length + 1);
    const newest = [...old, fresh].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a._id < b._id ? 1 : -1));
    expect(all.items.map((d) => d._id)).toEqual(newest.slice(1_000, 1_235).map((d) => d._id));
    expect(await h.db.collection('store_migrations').countDocuments({})).toBe(1);
  }, 120_000);

  it('gives text keys to records laid out by slot before them, counting them by key only', async () => {
    await h.db.collection('store_migrations').deleteMany({});
    const start = Date.parse('2026-03-01T00:00:00Z');
    const journal = new AuditJournal(h.redis(), h.prefix(), 1_000);
    const docs = Array.from({ length: 700 }, (_, i) => ({
      ...record(start + i * 61_000, i % 4 === 0 ? 'BLOCKED' : 'ALLOWED'),
      org_id: 'org_slots',
      summary: i % 2 === 0 ? 'Masked EMAIL.' : 'Blocked SSN.',
    }));
    for (const doc of docs) await journal.append(doc);
    const drainer = h.drainer(journal);
    await drainer.start();
    await drainer.settled();
    await drainer.stop();
    // As the release before text keys left them: slot keys and trigrams, no text key, no texts,
    // counts by category only (and its Redis counters gone, as they expire).
    await h.db.collection('audit').updateMany({ org_id: 'org_slots' }, { $unset: { t: '' }, $set: { g: ['mas', 'ske'] } });
    await h.db.collection('audit_texts').deleteMany({ org_id: 'org_slots' });
    await h.db.collection('audit_text_days').deleteMany({ scope: 'org_slots' });
    await h.db.collection('audit_text_hours').deleteMany({ _id: { $regex: '^org_slots:' } } as object);
    const redis = h.redis();
    for (const key of await keysMatching(redis, `${auditKeys(redis, journal.prefix)}analytics:day:org_slots:*`)) await redis.del(key);

    const log = auditLog(journal.prefix);
    const search = { orgId: 'org_slots', search: 'masked email', filter: {}, limit: 100, offset: 0 };
    expect((await log.list(search)).total).toBe(0);
    for (let run = 0; run < 2; run += 1) {
      await backfillAuditLayout(h.db, redis, journal.prefix, h.rollupsFor(journal), silent, () => false);
    }
    const masked = docs.filter((d) => d.summary === 'Masked EMAIL.').sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a._id < b._id ? 1 : -1));
    const found = await log.list(search);
    expect(found.total).toBe(masked.length);
    expect(found.items.map((d) => d._id)).toEqual(masked.slice(0, 100).map((d) => d._id));
    expect((await log.list({ ...search, search: 'masked email', filter: { decision: 'BLOCKED' } })).total).toBe(masked.filter((d) => d.decision === 'BLOCKED').length);
    // Counted once: the category counts were not added to again.
    expect((await log.list({ orgId: 'org_slots', filter: {}, limit: 1, offset: 0 })).total).toBe(docs.length);
    expect(await h.db.collection('audit').countDocuments({ g: { $exists: true } })).toBe(0);
  }, 120_000);
});
