// Storing audit records: idempotent by _id across the several insert commands a batch goes in, and
// read back whole whether stored packed or, by a release before packing, field by field.
import { describe, expect, it } from 'vitest';
import { layoutOf } from '../../src/store/audit-layout.js';
import { auditRepository, type AuditDoc } from '../../src/store/audit-repository.js';
import { newId } from '../../src/store/ids.js';
import { drainHarness } from '../helpers/drain.js';

const h = drainHarness('auditrepo');

const record = (i: number): AuditDoc => ({
  _id: newId('pf'),
  org_id: 'org_repo',
  org_name: 'R',
  policy_id: 'pol_r',
  policy_name: 'P',
  policy_version: '1.0',
  destination: 'AI_TOOL',
  decision: 'BLOCKED',
  summary: 'Blocked: 1 SSN.',
  detected: [{ type: 'SSN', count: 1 }],
  prevented: 1,
  source: 'text',
  bytes: 40 + i,
  fired_rules: [{ rule_id: 'rule_b', action: 'BLOCK' }],
  created_at: new Date(Date.UTC(2026, 2, 4, 5, 6, i % 60)),
  request_id: `req-${i}`,
  metadata: { app: 'crm', tags: ['a'] },
});

describe('audit repository', () => {
  it('answers which entries stored their record when records deep in a large batch were stored before', async () => {
    const repo = auditRepository(h.db);
    const docs = Array.from({ length: 700 }, (_, i) => ({ ...record(i), journal_entry: `1-${i}` }));
    // Two records stored before: one from this very entry (a redelivery), one from another entry (a duplicate append).
    await repo.storeOnce([docs[420]!, { ...docs[610]!, journal_entry: '0-1' }]);
    const owners = await repo.storeOnce(docs);
    expect(owners.size).toBe(699);
    expect(owners.has('1-420')).toBe(true);
    expect(owners.has('1-610')).toBe(false);
    expect(await h.db.collection('audit').countDocuments({ org_id: 'org_repo' })).toBe(700);
    const { journal_entry: _, ...last } = docs[699]!;
    expect(await repo.findById(last._id)).toEqual(last);
  });

  it('reads records stored field by field, by a release before packing, as it reads packed ones', async () => {
    const repo = auditRepository(h.db);
    const old = record(1);
    await h.db.collection<AuditDoc>('audit').insertOne({ ...old, ...layoutOf(old), journal_entry: '0-9' } as AuditDoc);
    expect(await repo.findById(old._id)).toEqual(old);
    expect(await repo.readSlot({ slot: layoutOf(old).ob, filter: { decision: 'BLOCKED' }, textKey: layoutOf(old).t })).toContainEqual(old);
  });
});
