// Compliance evidence rollups (DESIGN §29): one document per organization per UTC day holding, per
// rule, how often it blocked or masked and when it last did. Written by the audit drainers beside
// the analytics rollups (daily-rollups.ts) as absolute totals that only grow, merged by taking the
// larger of each, so a repeated or late write never counts twice. Evidence reads are O(rules × days),
// never a scan of the audit trail.
//
// The rules of a day are kept packed in one JSON string, not as fields: FerretDB 1 spends about 8 µs
// per stored value on every read and write, so a day of 2,000 rules as 6,000 fields cost 45 ms to
// read and over a second to $max; as one string it is one value. A write reads, merges and replaces
// the day, so writes of one day must not overlap: the drainers copy a day under its lock
// (daily-rollups.ts). FerretDB's own updates are no help there: they too read and rewrite, and a
// filter on a version field is not checked atomically with the write.
import type { Db } from 'mongodb';

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

export function evidenceRepository(db: Db) {
  const col = db.collection<EvidenceDayDoc>('evidence_daily');

  async function raiseDay({ orgId, day, rules }: EvidenceTotals): Promise<void> {
    const _id = `${orgId}:${day}`;
    const doc = await col.findOne({ _id });
    const next = doc ? merged(unpack(doc.rules), rules) : rules;
    if (next) await col.replaceOne({ _id }, { org_id: orgId, day, rules: pack(next) }, { upsert: true });
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
      const sums = new Map<string, { blocked: number; masked: number; lastAt: number }>();
      for await (const doc of col.find({ org_id: orgId, day: { $gte: from, $lte: to } })) {
        // Summed from the packed arrays: a 90-day read of 2,000 rules is 180,000 entries.
        for (const [ruleId, [blocked, masked, lastAt]] of Object.entries(JSON.parse(doc.rules) as Packed)) {
          let sum = sums.get(ruleId);
          if (!sum) sums.set(ruleId, (sum = { blocked: 0, masked: 0, lastAt: 0 }));
          sum.blocked += blocked;
          sum.masked += masked;
          if (lastAt > sum.lastAt) sum.lastAt = lastAt;
        }
      }
      const totals = new Map<string, RuleEvidenceTotal>();
      for (const [ruleId, { blocked, masked, lastAt }] of sums) totals.set(ruleId, { blocked, masked, last_at: lastAt > 0 ? new Date(lastAt) : null });
      return totals;
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
