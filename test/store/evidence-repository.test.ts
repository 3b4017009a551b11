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
    expect(Object.fromEntries(totals)).toEqual({
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
    expect(totals.get('r')).toEqual({ blocked: 6, masked: 1, last_at: new Date('2026-05-01T08:00:00Z') });
    await repo.deleteByOrg('org_s');
    expect((await repo.totalsByRule('org_s', '2026-01-01', '2026-12-31')).size).toBe(0);
    expect((await repo.totalsByRule('org_other', '2026-01-01', '2026-12-31')).get('r')?.blocked).toBe(100);
  });
});
