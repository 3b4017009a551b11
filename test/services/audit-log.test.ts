// The audit listing at volume (services/audit-log.ts) against a known mix, stored the way the
// service stores it (journal → drainer → store and counts): every page, total and cursor walk must
// equal what a plain filter and sort of the same records gives.
import { beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, CursorMismatchError, type AuditListQuery } from '../../src/services/audit-log.js';
import { auditCountsRepository } from '../../src/store/audit-counts-repository.js';
import { AuditJournal } from '../../src/store/audit-journal.js';
import { auditRepository, type AuditDoc } from '../../src/store/audit-repository.js';
import { auditTextsRepository } from '../../src/store/audit-texts-repository.js';
import { closedDayMarks } from '../../src/store/closed-day-marks.js';
import { slotSeconds } from '../../src/store/slot-seconds.js';
import { newId } from '../../src/store/ids.js';
import { policyRepository } from '../../src/store/policy-repository.js';
import { prng } from '../engine/helpers.js';
import { drainHarness } from '../helpers/drain.js';

const h = drainHarness('auditlog');
const DAY0 = Date.parse('2026-05-10T00:00:00Z');
const ORGS = ['org_big', 'org_small'];
const POLICIES: Record<string, string[]> = { org_big: ['pol_b1', 'pol_b2', 'pol_b3'], org_small: ['pol_s1'] };
const DECISIONS = ['ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED'] as const;
const DESTINATIONS = ['AI_TOOL', 'VENDOR', 'CUSTOMER'] as const;
const SUMMARIES = ['No sensitive data found.', 'Masked EMAIL for VENDOR.', 'Blocked: SSN and CREDIT_CARD matched rule \'Block finance\'.', 'Masked PHONE and EMAIL.'];

/** A seeded generator, so a failure can be replayed. */
const next = prng(42);
const rand = (n: number) => Math.floor(next() * n);

const docs: AuditDoc[] = [];
let log: AuditLog;
let journal: AuditJournal;
/** Made like the API makes it: the closed-day marks under the drainers' prefix. */
const auditLog = (searchBudgetMs: number) =>
  new AuditLog(
    { audit: auditRepository(h.db), auditCounts: auditCountsRepository(h.db), auditTexts: auditTextsRepository(h.db), policies: policyRepository(h.db) },
    closedDayMarks(h.redis(), journal.prefix),
    slotSeconds(h.redis(), journal.prefix),
    { searchBudgetMs },
  );

function record(at: number): AuditDoc {
  const org = rand(4) === 0 ? 'org_small' : 'org_big';
  const policies = POLICIES[org]!;
  return {
    _id: newId('pf', at),
    org_id: org,
    org_name: org,
    policy_id: policies[rand(policies.length)]!,
    policy_name: org === 'org_big' ? `Big policy ${rand(3)}` : 'Small default',
    policy_version: '1.0',
    destination: DESTINATIONS[rand(3)]!,
    decision: DECISIONS[rand(3)]!,
    summary: SUMMARIES[rand(SUMMARIES.length)]!,
    detected: [],
    prevented: 0,
    source: rand(3) === 0 ? 'file' : 'text',
    bytes: 1,
    created_at: new Date(at),
  };
}

beforeAll(async () => {
  // 900 records over three days, bunched so that some slots and hours are empty and some hold many;
  // a few share a millisecond (ties are ordered by id).
  for (let i = 0; i < 900; i += 1) {
    const at = DAY0 + rand(3) * 86_400_000 + rand(6) * 3_600_000 * 3 + rand(40) * 60_000 + rand(1000);
    docs.push(record(at));
    if (i % 50 === 0) docs.push(record(at));
  }
  const redis = h.redis();
  journal = new AuditJournal(redis, h.prefix(), 100_000);
  for (const doc of docs) await journal.append(doc);
  const drainer = h.drainer(journal);
  await drainer.start();
  await drainer.settled();
  log = auditLog(10_000);
  await h.db.collection('policies').insertOne({ _id: 'pol_s1', org_id: 'org_small' } as object);
}, 120_000);

const newestFirst = (a: AuditDoc, b: AuditDoc) => b.created_at.getTime() - a.created_at.getTime() || (a._id < b._id ? 1 : -1);

/** What the listing must answer: a plain filter and sort. A search that is a record's id finds that record only. */
function expected(q: Omit<AuditListQuery, 'limit' | 'offset'>): AuditDoc[] {
  const needle = q.search?.toLowerCase();
  const byId = docs.some((d) => d._id === q.search);
  return docs
    .filter(
      (d) =>
        (q.orgId === undefined || d.org_id === q.orgId) &&
        (q.from === undefined || d.created_at.getTime() >= q.from) &&
        (q.to === undefined || d.created_at.getTime() <= q.to) &&
        Object.entries(q.filter).every(([k, v]) => v === undefined || d[k as keyof AuditDoc] === v) &&
        (needle === undefined ||
          (byId ? d._id === q.search : [d.summary, d.policy_name, d.destination, d.decision].some((f) => f.toLowerCase().includes(needle)))),
    )
    .sort(newestFirst);
}

const ids = (items: AuditDoc[]) => items.map((d) => d._id);

const QUERIES: Array<[string, Omit<AuditListQuery, 'limit' | 'offset'>]> = [
  ['everything', { filter: {} }],
  ['one organization', { orgId: 'org_big', filter: {} }],
  ['a decision', { orgId: 'org_big', filter: { decision: 'BLOCKED' } }],
  ['decision and destination, all organizations', { filter: { decision: 'ALLOWED', destination: 'VENDOR' } }],
  ['a policy without its organization', { filter: { policy_id: 'pol_s1' } }],
  ['a policy and a source', { orgId: 'org_big', filter: { policy_id: 'pol_b2', source: 'file' } }],
  ['a window cutting hours and slots', { orgId: 'org_big', from: DAY0 + 86_400_000 + 3_600_000 * 3 + 17 * 60_000, to: DAY0 + 2 * 86_400_000 + 3_600_000 * 6 + 4 * 60_000 + 500, filter: {} }],
  ['a window and a decision', { from: DAY0 + 5 * 3_600_000, to: DAY0 + 86_400_000 * 2 + 7, filter: { decision: 'ALLOWED_WITH_MASKING' } }],
  ['a day', { orgId: 'org_small', from: DAY0 + 86_400_000, to: DAY0 + 2 * 86_400_000 - 1, filter: {} }],
  ['an empty window', { from: DAY0 - 5 * 86_400_000, to: DAY0 - 86_400_000, filter: {} }],
  ['a search', { orgId: 'org_big', search: 'email', filter: {} }],
  ['a search in an organization, with a decision', { orgId: 'org_big', search: 'masked', filter: { decision: 'BLOCKED' } }],
  ['a search matching a few texts (read by key), with filters', { orgId: 'org_small', search: 'BLOCK FINANCE', filter: { destination: 'VENDOR', source: 'text' } }],
  ['a search in an organization within a window', { orgId: 'org_big', search: 'big policy 1', from: DAY0 + 86_400_000 + 3_600_000 * 5 + 3 * 60_000, to: DAY0 + 2 * 86_400_000 + 11 * 60_000, filter: {} }],
  ['a search matching nothing', { orgId: 'org_big', search: 'no such words', filter: {} }],
  ['a search of two letters, with a filter', { search: 'ss', filter: { destination: 'CUSTOMER' } }],
  ['a search across fields\' values', { search: 'masking', from: DAY0 + 86_400_000, filter: {} }],
];

describe('AuditLog.list', () => {
  it.each(QUERIES)('%s: pages and totals equal a plain filter and sort', async (_name, q) => {
    const want = expected(q);
    for (const [limit, offset] of [[50, 0], [7, 3], [13, 120], [500, 0], [5, want.length - 2], [10, want.length + 5]] as const) {
      const page = await log.list({ ...q, limit, offset: Math.max(0, offset) });
      expect(page.total).toBe(want.length);
      expect(page.total_exact).toBe(true);
      expect(ids(page.items)).toEqual(ids(want.slice(Math.max(0, offset), Math.max(0, offset) + limit)));
    }
  });

  it.each(QUERIES)('%s: following next_cursor walks every record once, in order', async (_name, q) => {
    const seen: AuditDoc[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 500; pages += 1) {
      const page = await log.list({ ...q, limit: 37, offset: 0, cursor });
      seen.push(...page.items);
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(ids(seen)).toEqual(ids(expected(q)));
  });

  it('skips deep offsets by the counts, and an offset after a cursor counts from it', async () => {
    const want = expected({ orgId: 'org_big', filter: {} });
    const first = await log.list({ orgId: 'org_big', filter: {}, limit: 10, offset: 0 });
    const after = await log.list({ orgId: 'org_big', filter: {}, limit: 10, offset: 25, cursor: first.next_cursor! });
    expect(ids(after.items)).toEqual(ids(want.slice(35, 45)));
    expect(after.total).toBe(want.length);
  });

  it('a search of all organizations out of time answers what it read, with a cursor that goes on from there', { timeout: 120_000 }, async () => {
    const hurried = auditLog(0);
    const q = { search: 'masked', filter: {} };
    const seen: AuditDoc[] = [];
    let cursor: string | undefined;
    let inexact = 0;
    for (let pages = 0; pages < 500; pages += 1) {
      const page = await hurried.list({ ...q, limit: 50, offset: 0, cursor });
      if (!page.total_exact) inexact += 1;
      seen.push(...page.items);
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(inexact).toBeGreaterThan(1);
    expect(ids(seen)).toEqual(ids(expected(q)));
  });

  it('finds a record by its id exactly, within the query\'s scope only', async () => {
    const target = docs[123]!;
    expect(ids((await log.list({ search: target._id, filter: {}, limit: 5, offset: 0 })).items)).toEqual([target._id]);
    const other = ORGS.find((o) => o !== target.org_id)!;
    expect((await log.list({ orgId: other, search: target._id, filter: {}, limit: 5, offset: 0 })).items).toEqual([]);
  });

  // Last: it adds a record. Closed days are kept in memory by each AuditLog until their mark moves.
  it('lists a record that reaches a closed day after that day was read, in every process', async () => {
    const other = auditLog(10_000);
    // A short window takes its closed days from the same memory as the others: asked first, before a
    // longer listing of the scope reads them again.
    const day = { from: DAY0 + 86_400_000, to: DAY0 + 2 * 86_400_000 - 1 };
    const queries: Array<Omit<AuditListQuery, 'limit' | 'offset'>> = [
      { orgId: 'org_small', ...day, filter: {} },
      { orgId: 'org_small', ...day, search: 'late', filter: {} },
      { filter: {} },
      { orgId: 'org_small', filter: {} },
      { orgId: 'org_small', search: 'late', filter: {} },
    ];
    for (const q of queries) for (const l of [log, other]) await l.list({ ...q, limit: 5, offset: 0 });
    const late: AuditDoc = { ...record(DAY0 + 86_400_000 + 5_000), org_id: 'org_small', policy_id: 'pol_s1', summary: 'A late record.' };
    docs.push(late);
    await journal.append(late);
    const drainer = h.drainer(journal);
    await drainer.start();
    await drainer.settled();
    for (const q of queries) {
      for (const l of [log, other]) {
        const want = expected(q);
        const at = want.findIndex((d) => d._id === late._id);
        const page = await l.list({ ...q, limit: 10, offset: Math.max(0, at - 5) });
        expect(page.total).toBe(want.length);
        expect(ids(page.items)).toEqual(ids(want.slice(Math.max(0, at - 5), Math.max(0, at - 5) + 10)));
        expect(ids(page.items)).toContain(late._id);
      }
    }
  });

  it('asks for a day\'s hours again when the first read does not answer, and fails only when every read fails', async () => {
    const counts = auditCountsRepository(h.db);
    let calls = 0;
    let mode: 'first-stalls' | 'all-fail' = 'first-stalls';
    const stalling = {
      ...counts,
      hours: (scope: string, day: string) => {
        calls += 1;
        if (mode === 'all-fail') return Promise.reject(new Error('store down'));
        // The first read never answers; the second, asked after the hedge delay, does.
        return calls === 1 ? new Promise<never>(() => undefined) : counts.hours(scope, day);
      },
    };
    const hedging = new AuditLog(
      { audit: auditRepository(h.db), auditCounts: stalling, auditTexts: auditTextsRepository(h.db), policies: policyRepository(h.db) },
      closedDayMarks(h.redis(), journal.prefix),
      slotSeconds(h.redis(), journal.prefix),
      { searchBudgetMs: 10_000 },
    );
    const q = { orgId: 'org_big', from: DAY0 + 86_400_000 + 3_600_000 * 3 + 17 * 60_000, to: DAY0 + 86_400_000 + 3_600_000 * 9, filter: { decision: 'BLOCKED' } };
    const page = await hedging.list({ ...q, limit: 20, offset: 0 });
    expect(ids(page.items)).toEqual(ids(expected(q).slice(0, 20)));
    expect(page.total).toBe(expected(q).length);
    expect(calls).toBe(2);
    mode = 'all-fail';
    await expect(hedging.list({ ...q, from: q.from + 1, limit: 20, offset: 0 })).rejects.toThrow('store down');
  });

  it('refuses a cursor of another query or not of ours', async () => {
    const page = await log.list({ orgId: 'org_big', filter: {}, limit: 5, offset: 0 });
    await expect(log.list({ orgId: 'org_big', filter: { decision: 'BLOCKED' }, limit: 5, offset: 0, cursor: page.next_cursor! })).rejects.toThrow(CursorMismatchError);
    await expect(log.list({ filter: {}, limit: 5, offset: 0, cursor: 'not-a-cursor' })).rejects.toThrow(CursorMismatchError);
  });
});
