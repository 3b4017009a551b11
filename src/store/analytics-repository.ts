// Analytics rollups: one document per organization per UTC day, holding absolute totals (checks by
// decision, bytes, prevented exposures, detections per type). Written by the audit drainers
// (daily-rollups.ts) with $max, so writing the same or an older total again changes nothing; read
// as a handful of documents per period, never by scanning the audit trail.
import type { Db } from 'mongodb';
import { writeAll } from './bulk-writes.js';

export interface DailyRollupDoc {
  /** `${org_id}:${day}` */
  _id: string;
  org_id: string;
  /** YYYY-MM-DD (UTC) */
  day: string;
  checks_total?: number;
  allowed?: number;
  masked?: number;
  blocked?: number;
  bytes_processed?: number;
  prevented?: number;
  detections?: Record<string, number>;
}

export interface DailyTotals {
  orgId: string;
  day: string;
  /** Field paths of DailyRollupDoc (`detections.EMAIL`) to absolute totals. */
  totals: Record<string, number>;
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;

export function analyticsRepository(db: Db) {
  const col = db.collection<DailyRollupDoc>('analytics_daily');
  return {
    /** Raises each stored total to the given one; totals only grow, so repeats and late writers are harmless. */
    async raise(rows: DailyTotals[]): Promise<void> {
      if (rows.length === 0) return;
      await writeAll(
        col,
        rows.map(({ orgId, day, totals }) => ({
          updateOne: {
            filter: { _id: `${orgId}:${day}` },
            update: { $max: totals, $setOnInsert: { org_id: orgId, day } },
            upsert: true,
          },
        })),
      );
    },
    /** The days of [from, to] that had checks, oldest first. */
    range(orgId: string, from: string, to: string): Promise<DailyRollupDoc[]> {
      return col.find({ org_id: orgId, day: { $gte: from, $lte: to } }).sort({ day: 1 }).toArray();
    },
    async deleteByOrg(orgId: string): Promise<void> {
      await col.deleteMany({ org_id: orgId });
    },
  };
}
