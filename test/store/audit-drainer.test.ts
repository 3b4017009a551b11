// The audit journal and its drainer against the real Redis and FerretDB.
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { layoutOf } from '../../src/store/audit-layout.js';
import { AuditJournal, STALL_MS, THROTTLE_MAX_WAIT_MS } from '../../src/store/audit-journal.js';
import { JournalClosedError, JournalFullError } from '../../src/store/errors.js';
import { auditRepository, unpackAudit, type AuditDoc } from '../../src/store/audit-repository.js';
import { newId } from '../../src/store/ids.js';
import { drainHarness } from '../helpers/drain.js';

const h = drainHarness('drain');
const { redis, prefix, drainer } = h;

const record = (over: Partial<AuditDoc> = {}): AuditDoc => ({
  _id: newId('pf'),
  org_id: 'org_t',
  org_name: 'T',
  policy_id: 'pol_t',
  policy_name: 'P',
  policy_version: '1.0',
  destination: 'VENDOR',
  decision: 'ALLOWED',
  summary: 'Allowed: no sensitive data detected.',
  detected: [],
  prevented: 0,
  source: 'text',
  bytes: 5,
  created_at: new Date('2026-01-02T03:04:05.678Z'),
  ...over,
});

describe('audit journal and drainer', () => {
  it('moves appended records into the store exactly as they were, and cleans up', async () => {
    const journal = new AuditJournal(redis(), prefix(), 1_000);
    const docs = Array.from({ length: 250 }, () => record());
    await Promise.all(docs.map((d) => journal.append(d)));
    expect(await journal.pending(docs[0]!._id)).toEqual(docs[0]);
    const d = drainer(journal);
    await d.start();
    await d.settled();
    expect(await h.db.collection('audit').countDocuments({ _id: { $in: docs.map((x) => x._id) } } as object)).toBe(250);
    // Stored with where it sits (audit-layout.ts), the rest packed; read back as it was.
    const stored = await h.db.collection('audit').findOne({ _id: docs[7]!._id } as object);
    expect(stored).toMatchObject({ ...layoutOf(docs[7]!), org_id: docs[7]!.org_id, decision: docs[7]!.decision, created_at: docs[7]!.created_at, r: expect.any(String) });
    expect(unpackAudit(stored!)).toEqual({ ...docs[7], journal_entry: expect.any(String) });
    expect(await auditRepository(h.db).findById(docs[7]!._id)).toEqual(docs[7]);
    expect(await journal.length()).toBe(0);
    expect(await journal.pending(docs[0]!._id)).toBeNull();
  });

  it('runs beforeAck on each stored batch before acknowledging it, and tries a batch it failed on again', async () => {
    const journal = new AuditJournal(redis(), prefix(), 1_000);
    const docs = Array.from({ length: 5 }, () => record());
    await Promise.all(docs.map((d) => journal.append(d)));
    const batches: string[][] = [];
    const d = drainer(journal, 30_000, async (batch) => {
      batches.push(batch.map((b) => b._id).sort());
      // Stored by now, not yet acknowledged: still in the journal.
      expect(await h.db.collection('audit').countDocuments({ _id: { $in: batch.map((b) => b._id) } } as object)).toBe(batch.length);
      expect(await journal.length()).toBeGreaterThan(0);
      if (batches.length === 1) throw new Error('the webhook queue did not answer');
    });
    await d.start();
    await d.settled();
    const ids = docs.map((x) => x._id).sort();
    expect(batches).toEqual([ids, ids]);
    expect(await h.db.collection('audit').countDocuments({ _id: { $in: ids } } as object)).toBe(5);
    expect(await journal.length()).toBe(0);
  });

  it('stores a record appended twice once, without stalling', async () => {
    const journal = new AuditJournal(redis(), prefix(), 1_000);
    const doc = record();
    const d = drainer(journal);
    await d.start();
    await journal.append(doc);
    await d.settled();
    await journal.append(doc);
    await journal.append(record());
    await d.settled();
    expect(await h.db.collection('audit').countDocuments({ _id: doc._id } as object)).toBe(1);
  });

  it('claims what a crashed consumer read but never acknowledged', async () => {
    const journal = new AuditJournal(redis(), prefix(), 1_000);
    const first = drainer(journal);
    await first.start();
    await first.stop();
    const docs = [record(), record()];
    for (const doc of docs) await journal.append(doc);
    // A consumer reads the entries and dies before storing them.
    const crashed = redis();
    const read = await crashed.xreadgroup('GROUP', 'audit-writers', 'crashed', 'COUNT', 10, 'STREAMS', journal.stream, '>');
    expect(read).not.toBeNull();
    const survivor = drainer(journal, 300);
    await survivor.start();
    await survivor.settled();
    expect(await h.db.collection('audit').countDocuments({ _id: { $in: docs.map((x) => x._id) } } as object)).toBe(2);
  });

  it('drops an unreadable entry instead of stalling the journal', async () => {
    const journal = new AuditJournal(redis(), prefix(), 1_000);
    const r = redis();
    await r.xadd(journal.stream, '*', 'd', '{not json');
    const good = record();
    await journal.append(good);
    const d = drainer(journal);
    await d.start();
    await d.settled();
    expect(await h.db.collection('audit').countDocuments({ _id: good._id } as object)).toBe(1);
  });

  it('refuses appends once the undrained backlog reaches its bound, with no drainer in the process', async () => {
    const key = prefix();
    const filling = new AuditJournal(redis(), key, 2);
    await filling.append(record());
    await filling.append(record());
    // A process that starts now measures the backlog on its first append.
    const journal = new AuditJournal(redis(), key, 2);
    await expect(journal.append(record())).rejects.toBeInstanceOf(JournalFullError);
  });

  it('holds an append past the throttle until the drain takes the backlog under it', async () => {
    const key = prefix();
    const earlier = Array.from({ length: 5 }, () => record());
    const filling = new AuditJournal(redis(), key, 1_000);
    for (const doc of earlier) await filling.append(doc);
    // A process that starts now measures the backlog (5, at its throttle) on its first append.
    const journal = new AuditJournal(redis(), key, 1_000, 5);
    const held = record();
    const appended = journal.append(held).then(() => h.db.collection('audit').countDocuments({ _id: { $in: earlier.map((x) => x._id) } } as object));
    const d = drainer(journal);
    await d.start();
    // Unthrottled, the append would be done long before the drainer stored anything.
    expect(await appended).toBe(5);
    await d.settled();
    expect(await h.db.collection('audit').countDocuments({ _id: held._id } as object)).toBe(1);
  });

  it('lets a held append go on when nothing drains, and holds none once the drain has not moved for a while', async () => {
    const key = prefix();
    await new AuditJournal(redis(), key, 1_000).append(record());
    const made = Date.now();
    const journal = new AuditJournal(redis(), key, 1_000, 1);
    await journal.append(record());
    expect(await journal.length()).toBe(2);
    // Each append is held up to THROTTLE_MAX_WAIT_MS while the drain may still move.
    while (Date.now() - made < STALL_MS) await journal.append(record());
    const started = Date.now();
    await journal.append(record());
    expect(Date.now() - started).toBeLessThan(THROTTLE_MAX_WAIT_MS * 0.9);
  });

  it('does not hold appends over an outage-sized backlog: the journal absorbs it', async () => {
    const key = prefix();
    const filling = new AuditJournal(redis(), key, 1_000);
    for (let i = 0; i < 5; i += 1) await filling.append(record());
    const journal = new AuditJournal(redis(), key, 1_000, 1);
    const started = Date.now();
    await journal.append(record());
    expect(Date.now() - started).toBeLessThan(THROTTLE_MAX_WAIT_MS * 0.9);
  });

  it('lets records gather after a short batch, so the next batch takes them together', async () => {
    const journal = new AuditJournal(redis(), prefix(), 1_000);
    const d = drainer(journal, 30_000, undefined, { gatherMs: 1_000 });
    const batches: number[] = [];
    d.on('recorded', (docs: AuditDoc[]) => batches.push(docs.length));
    await d.start();
    await journal.append(record());
    await once(d, 'recorded');
    // Appended one at a time while the drainer gathers: a drainer that read again at once would take the first alone.
    for (let i = 0; i < 5; i += 1) await journal.append(record());
    await once(d, 'recorded');
    expect(batches).toEqual([1, 5]);
  });

  it('does not gather while someone waits for it to settle, nor when told to stop', async () => {
    const journal = new AuditJournal(redis(), prefix(), 1_000);
    // Gathering a minute at a time: either wait below would outlast the test's timeout.
    const d = drainer(journal, 30_000, undefined, { gatherMs: 60_000 });
    await d.start();
    await journal.append(record());
    await d.settled();
    const late = record();
    await journal.append(late);
    await d.settled();
    expect(await auditRepository(h.db).findById(late._id)).toEqual(late);
    await journal.append(record());
    await once(d, 'recorded');
    await d.stop();
  });

  it('refuses appends after close', async () => {
    const journal = new AuditJournal(redis(), prefix(), 10);
    journal.close();
    await expect(journal.append(record())).rejects.toBeInstanceOf(JournalClosedError);
  });
});

describe('finding an undrained record by id', () => {
  it('finds records deep in the journal, and nothing for unknown or foreign ids', async () => {
    const journal = new AuditJournal(redis(), prefix(), 10_000);
    const first = record();
    await journal.append(first);
    await Promise.all(Array.from({ length: 1_200 }, () => journal.append(record())));
    const last = record();
    await journal.append(last);
    expect(await journal.pending(first._id)).toEqual(first);
    expect(await journal.pending(last._id)).toEqual(last);
    expect(await journal.pending(newId('pf'))).toBeNull();
    expect(await journal.pending('not-an-id')).toBeNull();
  });

  it('does not mistake a record that mentions another id for that record', async () => {
    const journal = new AuditJournal(redis(), prefix(), 10);
    const absent = newId('pf');
    await journal.append(record({ summary: `{"_id":"${absent}",` }));
    expect(await journal.pending(absent)).toBeNull();
  });
});
