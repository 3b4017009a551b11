// Reads in a burst (services/audit-log.ts): a big organization writes thousands of records within a
// couple of minutes and a small one a few hundred among them. A page costs about what it returns:
// the small organization's page 1 and a deep offset into the burst read the seconds (and tenths)
// the counts say hold the page, not the slot. Every answer equals a plain filter and sort.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditListQuery } from '../../src/services/audit-log.js';
import { AuditJournal } from '../../src/store/audit-journal.js';
import type { AuditDoc } from '../../src/store/audit-repository.js';
import { newId } from '../../src/store/ids.js';
import { prng } from '../engine/helpers.js';
import { recordingAuditLog } from '../helpers/audit-log.js';
import { drainHarness } from '../helpers/drain.js';

const h = drainHarness('auditburst');
const SLOT_MS = 600_000;
/** Two minutes of a slot three slots ago (seconds are counted for recent records). */
const BURST_START = Math.floor(Date.now() / SLOT_MS) * SLOT_MS - 3 * SLOT_MS + 200_000;
const BURST_MS = 120_000;
const BIG = 9_000;
const SMALL_EVERY = 30;

const next = prng(41);
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
    decision: next() < 0.5 ? 'ALLOWED' : 'ALLOWED_WITH_MASKING',
    summary: 'Masked EMAIL for AI_TOOL.',
    detected: [],
    prevented: 0,
    source: 'text',
    bytes: 1,
    created_at: new Date(at),
  };
}

/** Every read, with the records it decoded. */
const { reads, auditLog } = recordingAuditLog(h, () => journal.prefix);
/** Records of all organizations per tick: what an organization's read of a tick passes over to find its own. */
const inTick = new Map<string, number>();
const passedOver = () => reads.map((r) => ({ ...r, passed: r.orgId === undefined ? 0 : (inTick.get(r.slot) ?? 0) - r.n }));

beforeAll(async () => {
  for (let i = 0; i < BIG; i += 1) {
    const at = BURST_START + Math.floor((i * BURST_MS) / BIG);
    docs.push(record('org_big', at));
    if (i % SMALL_EVERY === 0) docs.push(record('org_small', at + 1));
  }
  journal = new AuditJournal(h.redis(), h.prefix(), 100_000);
  for (const doc of docs) await journal.append(doc);
  const drainer = h.drainer(journal);
  await drainer.start();
  await drainer.settled();
  // What an organization's read of an all-organization tick passes over (PostgreSQL filters it out).
  for (const d of docs) {
    const t = d.created_at.toISOString();
    for (const tick of [t.slice(0, 19), t.slice(0, 21)]) inTick.set(`*|${tick}`, (inTick.get(`*|${tick}`) ?? 0) + 1);
  }
}, 180_000);

const newestFirst = (a: AuditDoc, b: AuditDoc) => b.created_at.getTime() - a.created_at.getTime() || (a._id < b._id ? 1 : -1);
const sorted = (org?: string) => docs.filter((d) => org === undefined || d.org_id === org).sort(newestFirst);
const ids = (items: AuditDoc[]) => items.map((d) => d._id);

const PAGE = 50;
// [what, query, the most records its reads may decode]
const CASES: Array<[string, AuditListQuery, number]> = [
  ['the small organization, page 1', { orgId: 'org_small', filter: {}, limit: PAGE, offset: 0 }, 2 * PAGE],
  ['the small organization, offset 200', { orgId: 'org_small', filter: {}, limit: PAGE, offset: 200 }, 2 * PAGE],
  ['the big organization, page 1', { orgId: 'org_big', filter: {}, limit: PAGE, offset: 0 }, 4 * PAGE],
  ['the big organization, offset 5,000', { orgId: 'org_big', filter: {}, limit: PAGE, offset: 5_000 }, 4 * PAGE],
  ['the big organization, offset 8,960', { orgId: 'org_big', filter: {}, limit: PAGE, offset: 8_960 }, 4 * PAGE],
  ['all organizations, offset 4,000', { filter: {}, limit: PAGE, offset: 4_000 }, 4 * PAGE],
];

describe('AuditLog.list in a burst', () => {
  // At the service's bound (400) a second of the burst holds 75 records; at 100, seconds of more than 25 are read by their counted tenths.
  for (const denseSlot of [undefined, 100]) {
    it.each(CASES)(`%s (dense bound ${denseSlot ?? 'default'}): the items and total of a full sort, from reads decoding about the page`, { timeout: 60_000 }, async (_what, q, most) => {
      const want = sorted(q.orgId);
      reads.length = 0;
      const page = await auditLog(denseSlot).list(q);
      expect(ids(page.items)).toEqual(ids(want.slice(q.offset, q.offset + q.limit)));
      expect(page.total).toBe(want.length);
      const decoded = reads.reduce((sum, r) => sum + r.n, 0);
      expect(decoded, JSON.stringify(passedOver().slice(0, 20))).toBeLessThanOrEqual(most);
    });
  }
});
