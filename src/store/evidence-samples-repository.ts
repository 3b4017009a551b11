// Sampled evidence (issue 17; docs/compliance.md, "Sampled checks"): per organization, UTC day and
// rule, a uniform sample of at most SAMPLES_PER_RULE_DAY of the checks in which the rule fired, kept
// reservoir-style by the drainers' counting script (daily-rollups.ts) and copied here beside the
// evidence totals. One document per org-day, the rules packed in one JSON string (as evidence_daily,
// for FerretDB's cost per stored value); read by _id, a few days per report.
import type { Db } from 'mongodb';

/** Checks sampled per rule and day. */
export const SAMPLES_PER_RULE_DAY = 3;

/** A sampled check: ids, decision, detected types and counts. Never content. */
export interface StoredSample {
  /** preflight id */
  id: string;
  /** epoch ms */
  at: number;
  /** decision */
  d: string;
  /** detected [type, count] */
  t: Array<[string, number]>;
}

/** Per rule: how many checks the reservoir has seen, and its samples. */
export type DaySamples = Record<string, { seen: number; samples: StoredSample[] }>;

export interface SampleTotals {
  orgId: string;
  day: string;
  rules: DaySamples;
}

interface SampleDayDoc {
  /** `${org_id}:${day}` */
  _id: string;
  org_id: string;
  day: string;
  /** JSON of DaySamples. */
  rules: string;
}

export type EvidenceSamplesRepository = ReturnType<typeof evidenceSamplesRepository>;

/** Per rule, the reservoir that has seen more; null when `into` already holds every one. */
function merged(into: DaySamples, from: DaySamples): DaySamples | null {
  let changed = false;
  const out = { ...into };
  for (const [rule, r] of Object.entries(from)) {
    if ((out[rule]?.seen ?? -1) >= r.seen) continue;
    out[rule] = r;
    changed = true;
  }
  return changed ? out : null;
}

export function evidenceSamplesRepository(db: Db) {
  const col = db.collection<SampleDayDoc>('evidence_samples');
  return {
    /** Copies reservoirs from the counters; as with evidence totals, a day is written from one place at a time (its lock). */
    async raise(rows: SampleTotals[]): Promise<void> {
      await Promise.all(
        rows.map(async ({ orgId, day, rules }) => {
          const _id = `${orgId}:${day}`;
          const doc = await col.findOne({ _id });
          const next = doc ? merged(JSON.parse(doc.rules) as DaySamples, rules) : rules;
          if (next) await col.replaceOne({ _id }, { org_id: orgId, day, rules: JSON.stringify(next) }, { upsert: true });
        }),
      );
    },
    /** The samples of the given days (YYYY-MM-DD), per day; days without samples are absent. */
    async forDays(orgId: string, days: readonly string[]): Promise<Map<string, DaySamples>> {
      const docs = await Promise.all(days.map((day) => col.findOne({ _id: `${orgId}:${day}` })));
      return new Map(docs.flatMap((doc) => (doc ? [[doc.day, JSON.parse(doc.rules) as DaySamples] as const] : [])));
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
