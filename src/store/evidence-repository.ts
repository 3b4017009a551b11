// Compliance evidence rollups (DESIGN §29): one document per organization per UTC day holding, per
// rule, how often it blocked or masked and when it last did. Written by the audit drainers beside
// the analytics rollups (daily-rollups.ts), as absolute totals raised with $max, so a repeated or
// late write never counts twice. Evidence reads are O(rules × days), never a scan of the audit trail.
import type { Db } from 'mongodb';
import { raiseDailyTotals, type DailyTotals } from './analytics-repository.js';

export interface RuleEvidence {
  blocked?: number;
  masked?: number;
  /** Epoch ms of the rule's last firing that day. */
  last_at?: number;
}

export interface EvidenceDayDoc {
  /** `${org_id}:${day}` */
  _id: string;
  org_id: string;
  day: string;
  rules?: Record<string, RuleEvidence>;
}

export interface RuleEvidenceTotal {
  blocked: number;
  masked: number;
  /** Newest firing in the range, or null. */
  last_at: Date | null;
}

/** Totals keyed by field paths of EvidenceDayDoc (`rules.<rule_id>.blocked`). */
export type EvidenceTotals = DailyTotals;

export type EvidenceRepository = ReturnType<typeof evidenceRepository>;

export function evidenceRepository(db: Db) {
  const col = db.collection<EvidenceDayDoc>('evidence_daily');
  return {
    raise: (rows: EvidenceTotals[]) => raiseDailyTotals(col, rows),
    /** Each rule's evidence over the days [from, to] (YYYY-MM-DD, inclusive). */
    async totalsByRule(orgId: string, from: string, to: string): Promise<Map<string, RuleEvidenceTotal>> {
      const totals = new Map<string, RuleEvidenceTotal>();
      for await (const doc of col.find({ org_id: orgId, day: { $gte: from, $lte: to } })) {
        for (const [ruleId, e] of Object.entries(doc.rules ?? {})) {
          const sum = totals.get(ruleId) ?? { blocked: 0, masked: 0, last_at: null };
          sum.blocked += e.blocked ?? 0;
          sum.masked += e.masked ?? 0;
          if (e.last_at !== undefined && (sum.last_at === null || e.last_at > sum.last_at.getTime())) sum.last_at = new Date(e.last_at);
          totals.set(ruleId, sum);
        }
      }
      return totals;
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
