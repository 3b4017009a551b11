// Compliance evidence rollups (DESIGN §29): one document per organization per UTC day holding, per
// rule, how often it blocked or masked and when it last did. Written by the audit drainers beside
// the analytics rollups (daily-rollups.ts) as absolute totals that only grow, merged by taking the
// larger of each, so a repeated or late write never counts twice. Evidence reads are O(rules × days),
// never a scan of the audit trail.
//
// The rules of a day are kept packed in one JSON string, not as fields: FerretDB 1 decodes every
// stored value on every read and write, on PostgreSQL as on SQLite. Re-measured on PostgreSQL
// (docs/store.md, "Evidence"): 90 days of 2,000 rules read in 0.26 s packed, 3.6 s as fields; a day
// of 20 rules as one document per rule cost 2.4 s to raise, packed 15 ms. A write reads, merges and
// replaces the day, so writes of one day must not overlap: the drainers copy a day under its lock
// (daily-rollups.ts). FerretDB's own updates are no help there: they too read and rewrite, and a
// filter on a version field is not checked atomically with the write.
//
// A read finds its days by month: `org_month` (`<org id>:<YYYY-MM>`) is an indexed top-level
// equality, so a window of 90 days is four lookups of at most 31 documents each, whatever the
// organization's history. Days written before that field existed get it once (addMonthKeys); until
// then reads go by organization and filter the days.
import type { Db } from 'mongodb';
import { isDuplicateKey } from './errors.js';

export interface RuleEvidence {
  blocked: number;
  masked: number;
  /** Epoch ms of the rule's last firing that day; 0 when unknown. */
  last_at: number;
}

/** A day's evidence per rule id. */
export type DayEvidence = Record<string, RuleEvidence>;

export interface EvidenceDayDoc {
  /** `${org_id}:${day}` */
  _id: string;
  org_id: string;
  day: string;
  /** `${org_id}:${YYYY-MM}`: what reads look days up by. */
  org_month: string;
  /** JSON of {rule id: [blocked, masked, last_at]}: arrays, not objects, halve what is stored and read. */
  rules: string;
}

type Packed = Record<string, [blocked: number, masked: number, last_at: number]>;

const pack = (day: DayEvidence) => JSON.stringify(Object.fromEntries(Object.entries(day).map(([rule, e]) => [rule, [e.blocked, e.masked, e.last_at]])));

export function unpack(json: string): DayEvidence {
  const day: DayEvidence = {};
  for (const [rule, [blocked, masked, last_at]] of Object.entries(JSON.parse(json) as Packed)) day[rule] = { blocked, masked, last_at };
  return day;
}

export interface EvidenceTotals {
  orgId: string;
  day: string;
  rules: DayEvidence;
}

export interface RuleEvidenceTotal {
  blocked: number;
  masked: number;
  /** Newest firing in the range, or null. */
  last_at: Date | null;
  /** The days (YYYY-MM-DD) of the range on which the rule fired, in no particular order: where its samples are. */
  days: string[];
}

export type EvidenceRepository = ReturnType<typeof evidenceRepository>;

/** The larger of each total; null when `into` already holds them all. */
function merged(into: DayEvidence, from: DayEvidence): DayEvidence | null {
  let changed = false;
  const out = { ...into };
  for (const [rule, e] of Object.entries(from)) {
    const had = out[rule] ?? { blocked: 0, masked: 0, last_at: 0 };
    const next = { blocked: Math.max(had.blocked, e.blocked), masked: Math.max(had.masked, e.masked), last_at: Math.max(had.last_at, e.last_at) };
    if (next.blocked !== had.blocked || next.masked !== had.masked || next.last_at !== had.last_at || !out[rule]) changed = true;
    out[rule] = next;
  }
  return changed ? out : null;
}

const orgMonth = (orgId: string, day: string) => `${orgId}:${day.slice(0, 7)}`;

/** The months (YYYY-MM) that [from, to] touches. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (let m = `${from.slice(0, 7)}`; m <= last; m = `${year}-${String(month).padStart(2, '0')}`) {
    months.push(m);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

/** Present in the collection once every day document has `org_month`. */
const MONTH_KEYS_DONE = '~org_month';
/** How long a process goes on reading by organization before it looks for that marker again. */
const MONTH_KEYS_RECHECK_MS = 60_000;

export function evidenceRepository(db: Db) {
  const col = db.collection<EvidenceDayDoc>('evidence_daily');
  let monthKeys: { done: boolean; checkedAt: number } = { done: false, checkedAt: 0 };
  let adding: Promise<number> | undefined;

  async function raiseDay({ orgId, day, rules }: EvidenceTotals): Promise<void> {
    const _id = `${orgId}:${day}`;
    const doc = await col.findOne({ _id });
    const next = doc ? merged(unpack(doc.rules), rules) : rules;
    if (next) await col.replaceOne({ _id }, { org_id: orgId, day, org_month: orgMonth(orgId, day), rules: pack(next) }, { upsert: true });
  }

  /** Gives every day document written before `org_month` existed its month, once; then sets the marker. Returns how many it changed. */
  async function addMonthKeys(): Promise<number> {
    if (await col.findOne({ _id: MONTH_KEYS_DONE })) return 0;
    // One pass over the collection, once per store: ids first, so updates do not disturb the cursor.
    const missing = await col.find({ org_month: { $exists: false } }, { projection: { _id: 1, org_id: 1, day: 1 } }).toArray();
    let changed = 0;
    for (const doc of missing) {
      if (doc._id === MONTH_KEYS_DONE || typeof doc.org_id !== 'string' || typeof doc.day !== 'string') continue;
      await col.updateOne({ _id: doc._id }, { $set: { org_month: orgMonth(doc.org_id, doc.day) } });
      changed += 1;
    }
    try {
      await col.replaceOne({ _id: MONTH_KEYS_DONE }, { done_at: new Date() } as never, { upsert: true });
    } catch (err) {
      // Two passes at once (FerretDB's upsert is not atomic): the other one set the marker.
      if (!isDuplicateKey(err)) throw err;
    }
    monthKeys = { done: true, checkedAt: Date.now() };
    return changed;
  }

  /** Whether reads may go by month; if not yet, starts adding the months (once per process). */
  async function byMonth(): Promise<boolean> {
    if (monthKeys.done || Date.now() - monthKeys.checkedAt < MONTH_KEYS_RECHECK_MS) return monthKeys.done;
    monthKeys = { done: (await col.findOne({ _id: MONTH_KEYS_DONE }, { projection: { _id: 1 } })) !== null, checkedAt: Date.now() };
    if (!monthKeys.done) {
      adding ??= addMonthKeys().finally(() => (adding = undefined));
      adding.catch(() => undefined);
    }
    return monthKeys.done;
  }

  return {
    /**
     * Raises each day's stored totals to the given ones; totals only grow, so repeats and older totals
     * change nothing. Callers must not write one day from two places at once (see above).
     */
    async raise(rows: EvidenceTotals[]): Promise<void> {
      await Promise.all(rows.map(raiseDay));
    },
    /** Each rule's evidence over the days [from, to] (YYYY-MM-DD, inclusive). */
    async totalsByRule(orgId: string, from: string, to: string): Promise<Map<string, RuleEvidenceTotal>> {
      const sums = new Map<string, { blocked: number; masked: number; lastAt: number; days: string[] }>();
      const docs = (await byMonth())
        ? (await Promise.all(monthsOf(from, to).map((month) => col.find({ org_month: `${orgId}:${month}` }).toArray()))).flat()
        : await col.find({ org_id: orgId, day: { $gte: from, $lte: to } }).toArray();
      for (const doc of docs) {
        if (doc.day < from || doc.day > to) continue;
        // Summed from the packed arrays: a 90-day read of 2,000 rules is 180,000 entries.
        for (const [ruleId, [blocked, masked, lastAt]] of Object.entries(JSON.parse(doc.rules) as Packed)) {
          let sum = sums.get(ruleId);
          if (!sum) sums.set(ruleId, (sum = { blocked: 0, masked: 0, lastAt: 0, days: [] }));
          if (blocked + masked > 0) sum.days.push(doc.day);
          sum.blocked += blocked;
          sum.masked += masked;
          if (lastAt > sum.lastAt) sum.lastAt = lastAt;
        }
      }
      const totals = new Map<string, RuleEvidenceTotal>();
      for (const [ruleId, { blocked, masked, lastAt, days }] of sums) totals.set(ruleId, { blocked, masked, last_at: lastAt > 0 ? new Date(lastAt) : null, days });
      return totals;
    },
    addMonthKeys,
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
