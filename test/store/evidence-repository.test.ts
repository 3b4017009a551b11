// Evidence day documents against the real FerretDB: totals merged by taking the larger of each, so
// repeated and late writers never count twice or lower a count (concurrent copies: daily-rollups.test.ts).
import type { Db } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { evidenceRepository } from '../../src/store/evidence-repository.js';
import { scratchDbForFile } from '../helpers/app.js';

let db: Db;
scratchDbForFile('evidence', (created) => (db = created));

const e = (blocked: number, masked: number, last_at: number) => ({ blocked, masked, last_at });

describe('evidence repository', () => {
  it('keeps the larger of each total: repeats and older totals change nothing', async () => {
    const repo = evidenceRepository(db);
    await repo.raise([{ orgId: 'org_a', day: '2026-05-01', rules: { r1: e(3, 0, 1_000), r2: e(0, 2, 500) } }]);
    await repo.raise([{ orgId: 'org_a', day: '2026-05-01', rules: { r1: e(3, 0, 1_000) } }]);
    await repo.raise([{ orgId: 'org_a', day: '2026-05-01', rules: { r1: e(1, 0, 900), r2: e(0, 5, 400) } }]);
    const totals = await repo.totalsByRule('org_a', '2026-05-01', '2026-05-01');
    expect(Object.fromEntries(totals)).toMatchObject({
      r1: { blocked: 3, masked: 0, last_at: new Date(1_000) },
      r2: { blocked: 0, masked: 5, last_at: new Date(500) },
    });
  });

  it('sums a rule over the days of the range only, and keeps organizations apart', async () => {
    const repo = evidenceRepository(db);
    await repo.raise([
      { orgId: 'org_s', day: '2026-04-29', rules: { r: e(1, 0, Date.parse('2026-04-29T10:00:00Z')) } },
      { orgId: 'org_s', day: '2026-04-30', rules: { r: e(2, 1, Date.parse('2026-04-30T09:00:00Z')) } },
      { orgId: 'org_s', day: '2026-05-01', rules: { r: e(4, 0, Date.parse('2026-05-01T08:00:00Z')) } },
      { orgId: 'org_other', day: '2026-04-30', rules: { r: e(100, 100, 1) } },
    ]);
    const totals = await repo.totalsByRule('org_s', '2026-04-30', '2026-05-01');
    expect(totals.get('r')).toMatchObject({ blocked: 6, masked: 1, last_at: new Date('2026-05-01T08:00:00Z') });
    // Where its sampled checks are: the days of the range on which it fired.
    expect(totals.get('r')?.days.sort()).toEqual(['2026-04-30', '2026-05-01']);
    await repo.deleteByOrg('org_s');
    expect((await repo.totalsByRule('org_s', '2026-01-01', '2026-12-31')).size).toBe(0);
    expect((await repo.totalsByRule('org_other', '2026-01-01', '2026-12-31')).get('r')?.blocked).toBe(100);
  });

  it('reads a window by month lookups, whatever the organization keeps outside it', async () => {
    const repo = evidenceRepository(db);
    await repo.addMonthKeys();
    const days = Array.from({ length: 400 }, (_, i) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    await repo.raise(days.map((day) => ({ orgId: 'org_long', day, rules: { r: e(1, 0, Date.parse(`${day}T12:00:00Z`)) } })));
    const doc = await db.collection('evidence_daily').findOne({ _id: 'org_long:2025-03-31' as never });
    expect(doc).toMatchObject({ org_id: 'org_long', day: '2025-03-31', org_month: 'org_long:2025-03' });
    // 2025-12-30 .. 2026-01-02: across a year's end.
    expect((await repo.totalsByRule('org_long', '2025-12-30', '2026-01-02')).get('r')).toMatchObject({ blocked: 4, masked: 0, last_at: new Date('2026-01-02T12:00:00Z') });
    expect((await repo.totalsByRule('org_long', '2025-02-10', '2025-05-10')).get('r')?.blocked).toBe(90);
  });

  it('gives days written before org_month existed their month, once, and reads them the same before and after', async () => {
    const col = db.collection('evidence_daily');
    await col.deleteOne({ _id: '~org_month' as never });
    await col.insertMany([
      { _id: 'org_old:2026-03-31', org_id: 'org_old', day: '2026-03-31', rules: JSON.stringify({ r: [2, 1, 5] }) },
      { _id: 'org_old:2026-04-01', org_id: 'org_old', day: '2026-04-01', rules: JSON.stringify({ r: [3, 0, 7] }) },
    ] as never);
    const expected = { blocked: 5, masked: 1, last_at: new Date(7) };
    expect((await evidenceRepository(db).totalsByRule('org_old', '2026-03-01', '2026-04-30')).get('r')).toMatchObject(expected);
    // That read may have started the pass already (in the background); either way, once this one is done, so are the days.
    await evidenceRepository(db).addMonthKeys();
    expect(await col.findOne({ _id: 'org_old:2026-04-01' as never })).toMatchObject({ org_month: 'org_old:2026-04' });
    expect(await col.countDocuments({ org_month: { $exists: false }, org_id: { $exists: true } })).toBe(0);
    expect(await evidenceRepository(db).addMonthKeys()).toBe(0);
    expect((await evidenceRepository(db).totalsByRule('org_old', '2026-03-01', '2026-04-30')).get('r')).toMatchObject(expected);
  });
});
