// Write-time analytics counted by the drainers: each audit record exactly once, whatever crashes,
// redeliveries or duplicate appends happen on the way (store/daily-rollups.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { AuditJournal } from '../../src/store/audit-journal.js';
import { auditRepository, type AuditDoc } from '../../src/store/audit-repository.js';
import { analyticsRepository } from '../../src/store/analytics-repository.js';
import { auditCountsRepository } from '../../src/store/audit-counts-repository.js';
import { DailyRollups } from '../../src/store/daily-rollups.js';
import { evidenceRepository, unpack } from '../../src/store/evidence-repository.js';
import { evidenceSamplesRepository } from '../../src/store/evidence-samples-repository.js';
import { newId } from '../../src/store/ids.js';
import { auditKeys } from '../../src/store/redis-keys.js';
import { drainHarness } from '../helpers/drain.js';

const h = drainHarness('rollup');
const { redis, drainer, rollupsFor } = h;
const journal = () => new AuditJournal(redis(), h.prefix(), 10_000);
/** Where the journal's drain keeps its counters (tagged for one slot on a cluster). */
const keysOf = (j: AuditJournal) => auditKeys(redis(), j.prefix);

const ORG = 'org_rollup';
const record = (over: Partial<AuditDoc> = {}): AuditDoc => ({
  _id: newId('pf'),
  org_id: ORG,
  org_name: 'R',
  policy_id: 'pol_r',
  policy_name: 'P',
  policy_version: '1.0',
  destination: 'AI_TOOL',
  decision: 'ALLOWED_WITH_MASKING',
  summary: 's',
  detected: [{ type: 'EMAIL', count: 2 }],
  prevented: 2,
  source: 'text',
  bytes: 10,
  created_at: new Date('2026-03-04T05:06:07Z'),
  ...over,
});
const rollup = () => h.db.collection('analytics_daily').findOne({ _id: `${ORG}:2026-03-04` } as object);

/** The day's evidence per rule, as stored (packed: see evidence-repository.ts). */
const evidence = async () => {
  const doc = await h.db.collection('evidence_daily').findOne({ _id: `${ORG}:2026-03-04` } as object);
  return doc && { ...doc, rules: unpack(doc.rules as string) };
};

afterEach(async () => {
  await h.db.collection('analytics_daily').deleteMany({});
  await h.db.collection('evidence_daily').deleteMany({});
});

describe('daily rollups', () => {
  it('counts decisions, bytes, prevented exposures and detections per org per UTC day', async () => {
    const j = journal();
    await j.append(record());
    await j.append(record({ decision: 'BLOCKED', detected: [{ type: 'SSN', count: 1 }, { type: 'EMAIL', count: 1 }], bytes: 5 }));
    await j.append(record({ decision: 'ALLOWED', detected: [], prevented: 0, bytes: 7 }));
    await j.append(record({ created_at: new Date('2026-03-05T00:00:00Z') }));
    const d = drainer(j);
    await d.start();
    await d.settled();
    expect(await rollup()).toEqual({
      _id: `${ORG}:2026-03-04`,
      org_id: ORG,
      day: '2026-03-04',
      checks_total: 3,
      allowed: 1,
      masked: 1,
      blocked: 1,
      bytes_processed: 22,
      prevented: 4,
      detections: { EMAIL: 3, SSN: 1 },
    });
    expect(await h.db.collection('analytics_daily').findOne({ _id: `${ORG}:2026-03-05` } as object)).toMatchObject({ checks_total: 1 });
  });

  it('counts a record redelivered after a crash once: stored by the dead consumer, claimed by another', async () => {
    const j = journal();
    const first = drainer(j);
    await first.start();
    await first.stop();
    const docs = [record(), record(), record()];
    for (const doc of docs) await j.append(doc);
    // A consumer reads the entries, stores them, and dies before acknowledging (and counting) them.
    const crashed = redis();
    const read = (await crashed.xreadgroup('GROUP', 'audit-writers', 'crashed', 'COUNT', 10, 'STREAMS', j.stream, '>')) as Array<[string, Array<[string, string[]]>]>;
    const entries = read[0]![1];
    await auditRepository(h.db).storeOnce(entries.map(([id], i) => ({ ...docs[i]!, journal_entry: id })));
    const survivor = drainer(j, 300);
    await survivor.start();
    await survivor.settled();
    expect(await rollup()).toMatchObject({ checks_total: 3, masked: 3, detections: { EMAIL: 6 } });
  });

  it('counts a batch once when another drainer claimed and acknowledged part of it meanwhile', async () => {
    const j = journal();
    const group = drainer(j);
    await group.start();
    await group.stop();
    const docs = [record(), record({ decision: 'BLOCKED' }), record()];
    for (const doc of docs) await j.append(doc);
    const r = redis();
    const read = (await r.xreadgroup('GROUP', 'audit-writers', 'slow', 'COUNT', 10, 'STREAMS', j.stream, '>')) as Array<[string, Array<[string, string[]]>]>;
    const entries = read[0]![1].map(([id], i) => ({ id, doc: docs[i]! }));
    const all = new Set(entries.map((e) => e.id));
    // The slow drainer stalled: another claimed its second entry, stored, acknowledged and counted it.
    await r.xclaim(j.stream, 'audit-writers', 'other', 0, entries[1]!.id);
    const other = rollupsFor(j);
    await other.flush(await other.acknowledge(j.stream, 'audit-writers', [entries[1]!], all));
    // The slow one now acknowledges its whole batch: it counts the two that were still its own.
    const slow = rollupsFor(j);
    await slow.flush(await slow.acknowledge(j.stream, 'audit-writers', entries, all));
    expect(await rollup()).toMatchObject({ checks_total: 3, masked: 2, blocked: 1, detections: { EMAIL: 6 } });
    expect(await j.length()).toBe(0);
    expect(await r.xpending(j.stream, 'audit-writers')).toEqual([0, null, null, null]);
  });

  it('counts a record appended twice (a retried append) once', async () => {
    const j = journal();
    const doc = record();
    await j.append(doc);
    await j.append(doc);
    const d = drainer(j);
    await d.start();
    await d.settled();
    await j.append(doc);
    await d.settled();
    expect(await rollup()).toMatchObject({ checks_total: 1 });
    expect(await h.db.collection('audit').countDocuments({ _id: doc._id } as object)).toBe(1);
  });

  it('a drainer that counted but died before copying to the store is recovered by another; copying twice changes nothing', async () => {
    const j = journal();
    const docs = [record(), record()];
    const group = drainer(j);
    await group.start();
    await group.stop();
    for (const doc of docs) await j.append(doc);
    // The dead drainer: read, stored, acknowledged and counted in Redis — then gone before the copy.
    const r = redis();
    const read = (await r.xreadgroup('GROUP', 'audit-writers', 'dead', 'COUNT', 10, 'STREAMS', j.stream, '>')) as Array<[string, Array<[string, string[]]>]>;
    const entries = read[0]![1].map(([id], i) => ({ id, doc: docs[i]! }));
    const dead = rollupsFor(j);
    const keys = await dead.acknowledge(j.stream, 'audit-writers', entries, new Set(entries.map((e) => e.id)));
    expect(await rollup()).toBeNull();

    const survivor = drainer(j, 200);
    await survivor.start();
    await survivor.settled();
    // Recovery runs on the drainer's claim schedule; wait for the copy it makes.
    while (!(await rollup())) await new Promise((resolve) => survivor.once('drained', resolve));
    expect(await rollup()).toMatchObject({ checks_total: 2 });
    expect(await r.scard(`${keysOf(j)}analytics:dirty`)).toBe(0);
    await dead.flush(keys);
    expect(await rollup()).toMatchObject({ checks_total: 2, detections: { EMAIL: 4 } });
  });

  it('adds compliance evidence per fired BLOCK or MASK rule per day, with the rule’s last firing, in its own collection', async () => {
    const j = journal();
    const at = (time: string) => new Date(`2026-03-04T${time}Z`);
    await j.append(record({ fired_rules: [{ rule_id: 'rule_mask', action: 'MASK' }], created_at: at('10:00:00') }));
    await j.append(record({ decision: 'BLOCKED', fired_rules: [{ rule_id: 'rule_block', action: 'BLOCK' }, { rule_id: 'rule_mask', action: 'MASK' }], created_at: at('12:00:00') }));
    // Journaled out of time order: the last firing is still the newest, not the last drained.
    await j.append(record({ fired_rules: [{ rule_id: 'rule_mask', action: 'MASK' }], created_at: at('08:00:00') }));
    await j.append(record({ decision: 'ALLOWED', detected: [], prevented: 0 }));
    const d = drainer(j);
    await d.start();
    await d.settled();
    expect(await evidence()).toMatchObject({
      _id: `${ORG}:2026-03-04`,
      org_id: ORG,
      day: '2026-03-04',
      rules: {
        rule_mask: { blocked: 0, masked: 3, last_at: at('12:00:00').getTime() },
        rule_block: { blocked: 1, masked: 0, last_at: at('12:00:00').getTime() },
      },
    });
    expect(await rollup()).not.toHaveProperty('rules');
    expect(await rollup()).not.toHaveProperty('evidence');
  });

  it('samples at most 3 checks per rule and day, uniformly, keeping ids, decision, types and counts only', async () => {
    const j = journal();
    const canary = 'CANARY-7f3a9c';
    const docs = Array.from({ length: 40 }, (_, i) =>
      record({ summary: `${canary} ${i}`, policy_name: canary, fired_rules: [{ rule_id: 'rule_s', action: 'MASK' }], detected: [{ type: 'EMAIL', count: i + 1 }] }),
    );
    for (const doc of docs) await j.append(doc);
    await j.append(record({ fired_rules: [{ rule_id: 'rule_once', action: 'BLOCK' }], decision: 'BLOCKED' }));
    const d = drainer(j);
    await d.start();
    await d.settled();
    const stored = await h.db.collection('evidence_samples').findOne({ _id: `${ORG}:2026-03-04` } as object);
    expect(JSON.stringify(stored)).not.toContain(canary);
    const day = (await evidenceSamplesRepository(h.db).forDays(ORG, ['2026-03-04'])).get('2026-03-04')!;
    expect(day.rule_s?.seen).toBe(40);
    expect(day.rule_s?.samples).toHaveLength(3);
    const ids = new Set(docs.map((doc) => doc._id));
    for (const sample of day.rule_s!.samples) {
      expect(Object.keys(sample).sort()).toEqual(['at', 'd', 'id', 't']);
      expect(ids.has(sample.id)).toBe(true);
      expect(sample).toMatchObject({ d: 'ALLOWED_WITH_MASKING', t: [['EMAIL', expect.any(Number)]] });
    }
    expect(new Set(day.rule_s!.samples.map((s) => s.id)).size).toBe(3);
    expect(day.rule_once).toMatchObject({ seen: 1, samples: [{ d: 'BLOCKED' }] });
    await h.db.collection('evidence_samples').deleteMany({});
  });

  it('counts the evidence of a record redelivered after a crash once', async () => {
    const j = journal();
    await j.append(record({ fired_rules: [{ rule_id: 'rule_b', action: 'BLOCK' }] }));
    const crashed = redis();
    await crashed.xgroup('CREATE', j.stream, 'audit-writers', '0', 'MKSTREAM').catch(() => undefined);
    await crashed.xreadgroup('GROUP', 'audit-writers', 'crashed', 'COUNT', 10, 'STREAMS', j.stream, '>');
    const d = drainer(j, 1);
    await d.start();
    await d.settled();
    await rollupsFor(j).flushDirty();
    expect((await evidence())?.rules).toEqual({ rule_b: { blocked: 1, masked: 0, last_at: record().created_at.getTime() } });
  });

  it('copies of one org-day from several drainers at once leave the newest totals, for analytics and evidence', async () => {
    const j = journal();
    const counter = `${keysOf(j)}analytics:day:${ORG}:2026-03-04`;
    const r = redis();
    const copiers = Array.from({ length: 8 }, () => rollupsFor(j));
    // Each copy starts after one more count, so every copier would hold a different snapshot.
    const copies: Array<Promise<void>> = [];
    for (const copier of copiers) {
      await r.multi().hincrby(counter, 'checks_total', 1).hincrby(counter, 'evidence.rule_c.blocked', 1).hincrby(counter, '_v', 1).exec();
      copies.push(copier.flush([counter]));
    }
    await Promise.all(copies);
    expect(await rollup()).toMatchObject({ checks_total: 8 });
    expect((await evidence())?.rules).toEqual({ rule_c: { blocked: 8, masked: 0, last_at: 0 } });
  });

  it('copies a past of hundreds of org-days whole, and leaves nothing dirty', async () => {
    const j = journal();
    const DAYS = 120;
    const first = Date.parse('2025-06-01T12:00:00Z');
    // Each record counts into its org-day and org-hour, and all organizations' day and hour: 480 counters.
    for (let d = 0; d < DAYS; d += 1) await j.append(record({ created_at: new Date(first + d * 86_400_000) }));
    const d = drainer(j);
    await d.start();
    await d.settled();
    // Other tests' records are on days of 2026.
    const days = (await h.db.collection('analytics_daily').find({ org_id: ORG }).toArray()).filter((day) => String(day.day).startsWith('2025-'));
    expect(days).toHaveLength(DAYS);
    expect(days.every((day) => day.checks_total === 1)).toBe(true);
    expect((await auditCountsRepository(h.db).days(ORG)).filter((day) => day.day.startsWith('2025-'))).toHaveLength(DAYS);
    expect(await redis().scard(`${keysOf(j)}analytics:dirty`)).toBe(0);
  });

  it('holds at most its limit of counters uncopied while catching up on records spread over many hours, then copies them all', async () => {
    const j = journal();
    const HOURS = 3_000;
    // Other tests' records are on days of 2025 and 2026.
    const first = Date.parse('2024-01-01T00:30:00Z');
    await Promise.all(Array.from({ length: HOURS }, (_, k) => j.append(record({ created_at: new Date(first + k * 3_600_000) }))));
    const rollups = rollupsFor(j);
    const d = drainer(j, 30_000, undefined, { rollups, pendingLimit: 100 });
    let most = 0;
    d.on('drained', () => (most = Math.max(most, rollups.pending)));
    await d.start();
    await d.settled();
    // A batch of 100 records adds at most 400 counters (org-day, org-hour, all organizations' day and hour) past the limit.
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(100 + 400);
    const days = (await h.db.collection('analytics_daily').find({ org_id: ORG }).toArray()).filter((day) => String(day.day).startsWith('2024-'));
    expect(days).toHaveLength(HOURS / 24);
    expect(days.every((day) => day.checks_total === 24)).toBe(true);
    const hours = await auditCountsRepository(h.db).hours(ORG, '2024-02-01');
    expect(hours).toHaveLength(24);
    expect(await redis().scard(`${keysOf(j)}analytics:dirty`)).toBe(0);
  });

  it('keeps a counter dirty when it was counted into while being copied', async () => {
    const j = journal();
    const counter = `${keysOf(j)}analytics:day:${ORG}:2026-03-04`;
    const dirty = `${keysOf(j)}analytics:dirty`;
    const r = redis();
    // Built on this connection, so the connection knows the rollups' scripts.
    new DailyRollups(r, j.prefix, { analytics: analyticsRepository(h.db), evidence: evidenceRepository(h.db), evidenceSamples: evidenceSamplesRepository(h.db), auditCounts: auditCountsRepository(h.db) });
    await r.multi().hincrby(counter, 'checks_total', 1).hincrby(counter, '_v', 1).sadd(dirty, counter).exec();
    const copier = rollupsFor(j);
    await copier.flush([counter]);
    expect(await r.sismember(dirty, counter)).toBe(0);
    // A count lands between a copier's read and its clean-up: simulated by cleaning with the old version.
    await r.multi().hincrby(counter, 'checks_total', 1).hincrby(counter, '_v', 1).sadd(dirty, counter).exec();
    expect(await r.pfCleanIfUnchanged(dirty, counter, '1')).toBe(0);
    expect(await r.sismember(dirty, counter)).toBe(1);
    await copier.flushDirty();
    expect(await r.sismember(dirty, counter)).toBe(0);
    expect(await rollup()).toMatchObject({ checks_total: 2 });
  });

  it('does not stall on a day locked by a copier that died: the day stays dirty and is copied once the lock is gone', async () => {
    const j = journal();
    const counter = `${keysOf(j)}analytics:day:${ORG}:2026-03-04`;
    const dirty = `${keysOf(j)}analytics:dirty`;
    const r = redis();
    await r.multi().hincrby(counter, 'checks_total', 3).hincrby(counter, '_v', 1).sadd(dirty, counter).set(`${counter}:lock`, 'dead', 'PX', 60_000).exec();
    const copier = rollupsFor(j);
    await copier.flush([counter]);
    expect(await rollup()).toBeNull();
    expect(await r.sismember(dirty, counter)).toBe(1);
    await r.del(`${counter}:lock`); // what its expiry does
    await copier.flushDirty();
    expect(await rollup()).toMatchObject({ checks_total: 3 });
    expect(await r.sismember(dirty, counter)).toBe(0);
  });
});
