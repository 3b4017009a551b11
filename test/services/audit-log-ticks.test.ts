// A slot dense with records (services/audit-log.ts, DENSE_SLOT) is read a tick at a time: the pages,
// totals and walks are those of a plain filter and sort, and no read decodes more than a tick holds.
// A slot holding records stored before ticks existed is still read whole, so none is missed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditListQuery } from '../../src/services/audit-log.js';
import { AuditJournal } from '../../src/store/audit-journal.js';
import { slotKey, slotOf, TICKED } from '../../src/store/audit-layout.js';
import type { AuditDoc } from '../../src/store/audit-repository.js';
import { slotSecondsKey } from '../../src/store/slot-seconds.js';
import { newId } from '../../src/store/ids.js';
import { prng } from '../engine/helpers.js';
import { recordingAuditLog } from '../helpers/audit-log.js';
import { drainHarness } from '../helpers/drain.js';

const h = drainHarness('auditticks');
const SLOT_MS = 600_000;
/** The dense slot: 1,500 records of org_dense and 300 of org_other in ten minutes, three slots ago (seconds are counted for recent records). */
const SLOT0 = Math.floor(Date.now() / SLOT_MS) * SLOT_MS - 3 * SLOT_MS;
const DECISIONS = ['ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED'] as const;
const SUMMARIES = ['No sensitive data found.', 'Masked EMAIL for VENDOR.', 'Blocked: SSN matched rule \'Block finance\'.'];

const next = prng(7);
const rand = (n: number) => Math.floor(next() * n);
const docs: AuditDoc[] = [];
let journal: AuditJournal;

function record(org: string, at: number): AuditDoc {
  return {
    _id: newId('pf', at),
    org_id: org,
    org_name: org,
    policy_id: `pol_${org}`,
    policy_name: 'Default',
    policy_version: '1.0',
    destination: 'AI_TOOL',
    decision: DECISIONS[rand(3)]!,
    summary: SUMMARIES[rand(SUMMARIES.length)]!,
    detected: [],
    prevented: 0,
    source: 'text',
    bytes: 1,
    created_at: new Date(at),
  };
}

/** Every slot read, with how many records it answered. */
const { reads, auditLog } = recordingAuditLog(h, () => journal.prefix);

beforeAll(async () => {
  for (let i = 0; i < 1_500; i += 1) {
    const at = SLOT0 + rand(SLOT_MS);
    docs.push(record('org_dense', at));
    // Some share a millisecond: ties are ordered by id.
    if (i % 100 === 0) docs.push(record('org_dense', at));
  }
  for (let i = 0; i < 300; i += 1) docs.push(record('org_other', SLOT0 + rand(SLOT_MS)));
  // A sparse slot before it, read whole.
  for (let i = 0; i < 40; i += 1) docs.push(record('org_dense', SLOT0 - SLOT_MS + rand(SLOT_MS)));
  // org_mixed: a slot whose records are made, below, to look stored before ticks existed.
  for (let i = 0; i < 500; i += 1) docs.push(record('org_mixed', SLOT0 + 2 * SLOT_MS + rand(SLOT_MS)));
  journal = new AuditJournal(h.redis(), h.prefix(), 100_000);
  for (const doc of docs) await journal.append(doc);
  const drainer = h.drainer(journal);
  await drainer.start();
  await drainer.settled();
  // 20 of org_mixed's records as an older version stored them: the slot key alone, and counted
  // among the slot's records but not among those with ticks.
  const old = docs.filter((d) => d.org_id === 'org_mixed').slice(0, 20);
  const slot = slotOf(SLOT0 + 2 * SLOT_MS);
  for (const d of old) await h.db.collection<{ _id: string }>('audit').updateOne({ _id: d._id }, { $set: { ob: slotKey('org_mixed', slot), gb: slotKey('*', slot) } });
  const hour = `${slot.slice(0, 13)}`;
  const minute = slot.slice(14, 16);
  for (const scope of ['org_mixed', '*']) await h.db.collection<{ _id: string }>('audit_hours').updateOne({ _id: `${scope}:${hour}` }, { $inc: { [`d.${minute}`]: -old.length } });
  // Text hours are stored packed (audit-counts-repository.ts): one JSON string.
  const textHours = h.db.collection<{ _id: string; k: string }>('audit_text_hours');
  const packed = await textHours.findOne({ _id: `org_mixed:${hour}` });
  const slots = JSON.parse(packed!.k) as Record<string, Record<string, number>>;
  slots[minute]![TICKED]! -= old.length;
  await textHours.updateOne({ _id: `org_mixed:${hour}` }, { $set: { k: JSON.stringify(slots) } });
}, 120_000);

const newestFirst = (a: AuditDoc, b: AuditDoc) => b.created_at.getTime() - a.created_at.getTime() || (a._id < b._id ? 1 : -1);
function expected(q: Omit<AuditListQuery, 'limit' | 'offset'>): AuditDoc[] {
  const needle = q.search?.toLowerCase();
  return docs
    .filter(
      (d) =>
        (q.orgId === undefined || d.org_id === q.orgId) &&
        (q.from === undefined || d.created_at.getTime() >= q.from) &&
        (q.to === undefined || d.created_at.getTime() <= q.to) &&
        Object.entries(q.filter).every(([k, v]) => v === undefined || d[k as keyof AuditDoc] === v) &&
        (needle === undefined || [d.summary, d.policy_name, d.destination, d.decision].some((f) => f.toLowerCase().includes(needle))),
    )
    .sort(newestFirst);
}
const ids = (items: AuditDoc[]) => items.map((d) => d._id);

const QUERIES: Array<[string, Omit<AuditListQuery, 'limit' | 'offset'>]> = [
  ['an organization', { orgId: 'org_dense', filter: {} }],
  ['all organizations', { filter: {} }],
  ['a decision', { orgId: 'org_dense', filter: { decision: 'BLOCKED' } }],
  ['a window cutting the dense slot', { orgId: 'org_dense', from: SLOT0 + 123_456, to: SLOT0 + 480_000, filter: {} }],
  ['a search in an organization', { orgId: 'org_dense', search: 'masked', filter: {} }],
  ['a search of all organizations', { search: 'block finance', filter: {} }],
];

describe('AuditLog.list over a dense slot', () => {
  it.each(QUERIES)('%s: pages, totals and the cursor walk equal a plain filter and sort, from reads of a tick each', { timeout: 120_000 }, async (_name, q) => {
    // The service's bound (400): the dense slot by its counted seconds. A bound of 10: the sparse slot
    // too, by seconds it has no counts of (40 records are too few to keep them), and the dense slot's
    // seconds of more than 10 records by their tenths. A bound of 2: tenths, page 1 only (a tenth
    // holds 0.25 records on average, so a walk would read thousands of them).
    const variants = [[undefined, 'seconds', true], [10, 'uncounted seconds and tenths', true], [2, 'tenths', false]] as const;
    // A search of all organizations is not counted: it reads every tick with records to total them
    // (6,000 tenths at a bound of 2), so it is asked at the service's bound only.
    for (const [denseSlot, level, walk] of q.search !== undefined && q.orgId === undefined ? variants.slice(0, 1) : variants) {
      const log = auditLog(denseSlot);
      const want = expected(q);
      reads.length = 0;
      for (const [limit, offset] of walk ? [[50, 0], [20, 700], [5, want.length - 2]] as const : [[50, 0]] as const) {
        const page = await log.list({ ...q, limit, offset: Math.max(0, offset) });
        expect(page.total).toBe(want.length);
        expect(ids(page.items), level).toEqual(ids(want.slice(Math.max(0, offset), Math.max(0, offset) + limit)));
      }
      const seen: AuditDoc[] = [];
      let cursor: string | undefined;
      for (let pages = 0; walk && pages < 100; pages += 1) {
        const page = await log.list({ ...q, limit: 250, offset: 0, cursor });
        seen.push(...page.items);
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      if (walk) expect(ids(seen), level).toEqual(ids(want));
      // The dense slot (1,500 and 1,800 records) was never read whole; its ticks were, each holding a few.
      const whole = [slotKey('org_dense', slotOf(SLOT0)), slotKey('*', slotOf(SLOT0))];
      const inDenseSlot = (slot: string) => {
        const at = Date.parse(`${slot.slice(slot.indexOf('|') + 1)}Z`);
        return at >= SLOT0 && at < SLOT0 + SLOT_MS;
      };
      const ticks = reads.filter((r) => inDenseSlot(r.slot) && !whole.includes(r.slot));
      expect(reads.filter((r) => whole.includes(r.slot))).toEqual([]);
      // (Page 1 of all organizations is found in org_mixed's later slot: it reads no tick of the dense one.)
      if (walk) expect(ticks.length).toBeGreaterThan(0);
      expect(Math.max(0, ...ticks.map((r) => r.n))).toBeLessThanOrEqual(denseSlot === undefined ? 30 : 15);
    }
  });

  it('skips a dense slot\'s seconds by their counts: a deep offset decodes the page, not what it skips', async () => {
    const q = { orgId: 'org_dense', filter: {} };
    reads.length = 0;
    const page = await auditLog().list({ ...q, limit: 20, offset: 700 });
    expect(ids(page.items)).toEqual(ids(expected(q).slice(700, 720)));
    // 1,500 records in 600 seconds: the page's 20 lie in about 8 seconds.
    expect(reads.reduce((sum, r) => sum + r.n, 0)).toBeLessThan(100);
  });

  it('reads whole a slot holding records stored before ticks existed, and misses none of them', async () => {
    const q = { orgId: 'org_mixed', filter: {} };
    reads.length = 0;
    const page = await auditLog(2).list({ ...q, limit: 500, offset: 0 });
    expect(ids(page.items)).toEqual(ids(expected(q)));
    expect(reads.map((r) => r.slot)).toEqual([slotKey('org_mixed', slotOf(SLOT0 + 2 * SLOT_MS))]);
    const search = { orgId: 'org_mixed', search: 'no sensitive', filter: {} };
    expect(ids((await auditLog(2).list({ ...search, limit: 500, offset: 0 })).items)).toEqual(ids(expected(search)));
  });

  // Last: it deletes the dense slot's counts by second.
  it('without its counts by second (expired, or lost with Redis), a dense slot is walked uncounted, with the same answers', { timeout: 120_000 }, async () => {
    const slot = slotOf(SLOT0);
    expect(await h.redis().del(slotSecondsKey(h.redis(), journal.prefix, 'org_dense', slot), slotSecondsKey(h.redis(), journal.prefix, '*', slot))).toBe(2);
    for (const q of [{ orgId: 'org_dense', filter: {} }, { filter: {} }]) {
      const want = expected(q);
      const page = await auditLog().list({ ...q, limit: 20, offset: 700 });
      expect(page.total).toBe(want.length);
      expect(ids(page.items)).toEqual(ids(want.slice(700, 720)));
      const seen: AuditDoc[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 100; pages += 1) {
        const next = await auditLog().list({ ...q, limit: 250, offset: 0, cursor });
        seen.push(...next.items);
        if (!next.next_cursor) break;
        cursor = next.next_cursor;
      }
      expect(ids(seen)).toEqual(ids(want));
    }
  });
});
