// An organization's text-key counts per hour are stored packed, and raised by merging: the larger
// count of each slot and key wins, whatever was stored before, packed or (by an older release) not.
import { describe, expect, it } from 'vitest';
import { auditCountsRepository } from '../../src/store/audit-counts-repository.js';
import { drainHarness } from '../helpers/drain.js';

const h = drainHarness('auditcounts');

describe('audit counts repository', () => {
  it('raises an hour’s text-key counts to the larger of stored and given, slot by slot', async () => {
    const counts = auditCountsRepository(h.db);
    await counts.raise([{ scope: 'org_a', period: '2026-03-04T05', counts: { 'k.00.keyA': 5, 'k.00.keyB': 2, 'k.00.~': 7, 'c.x': 7 } }]);
    // A later copy from counters that were lost and counted again from nothing: smaller for keyA.
    await counts.raise([{ scope: 'org_a', period: '2026-03-04T05', counts: { 'k.00.keyA': 3, 'k.10.keyC': 1, 'k.10.~': 1 } }]);
    const [hour] = await counts.textHours('org_a', '2026-03-04');
    expect(hour).toEqual({ _id: 'org_a:2026-03-04T05', scope_day: 'org_a:2026-03-04', hour: '2026-03-04T05', k: { '00': { keyA: 5, keyB: 2, '~': 7 }, '10': { keyC: 1, '~': 1 } } });
    expect(typeof (await h.db.collection('audit_text_hours').findOne({ _id: 'org_a:2026-03-04T05' } as object))?.k).toBe('string');
  });

  it('reads and raises an hour stored field by field by a release before packing', async () => {
    const counts = auditCountsRepository(h.db);
    await h.db.collection('audit_text_hours').insertOne({ _id: 'org_b:2026-03-04T06', scope_day: 'org_b:2026-03-04', hour: '2026-03-04T06', k: { '20': { keyA: 4 } } } as object);
    expect((await counts.textHours('org_b', '2026-03-04'))[0]?.k).toEqual({ '20': { keyA: 4 } });
    await counts.raise([{ scope: 'org_b', period: '2026-03-04T06', counts: { 'k.20.keyA': 2, 'k.20.keyB': 1 } }]);
    expect((await counts.textHours('org_b', '2026-03-04'))[0]?.k).toEqual({ '20': { keyA: 4, keyB: 1 } });
  });
});
