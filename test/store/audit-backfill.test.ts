// Records stored before slots existed are laid out and counted once, then listed like the others.
import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../src/services/audit-log.js';
import { auditCountsRepository } from '../../src/store/audit-counts-repository.js';
import { backfillAuditLayout } from '../../src/store/audit-backfill.js';
import { AuditJournal } from '../../src/store/audit-journal.js';
import { auditRepository, type AuditDoc } from '../../src/store/audit-repository.js';
import { newId } from '../../src/store/ids.js';
import { policyRepository } from '../../src/store/policy-repository.js';
import { drainHarness } from '../helpers/drain.js';

const h = drainHarness('backfill');
const silent = { info: () => undefined };

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

    const log = new AuditLog({ audit: auditRepository(h.db), auditCounts: auditCountsRepository(h.db), policies: policyRepository(h.db) }, { searchBudgetMs: 10_000 });
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
});
