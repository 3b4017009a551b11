// Counts of the audit trail (audit-layout.ts), written by the drainers as absolute totals with $max
// (daily-rollups.ts), like the analytics: per scope (an organization, or `*` for all) and day, the
// records by category (`audit_days`), and per scope and hour, by category and by slot (`audit_hours`);
// an organization's also by text key, per day and per slot.
// A listing reads a scope's days (one small document each), then the hours of the days it enters.
import type { Db } from 'mongodb';
import { writeAll } from './bulk-writes.js';

export interface AuditDayDoc {
  /** `${scope}:${day}` */
  _id: string;
  scope: string;
  /** YYYY-MM-DD (UTC) */
  day: string;
  /** Records by category key (audit-layout.ts, comboOf). */
  c: Record<string, number>;
  /** An organization's records by text key (audit-layout.ts, textKeyOf); absent for all organizations. */
  x?: Record<string, number>;
}

export interface AuditHourDoc {
  /** `${scope}:${day}T${hour}` */
  _id: string;
  /** `${scope}:${day}`: the hours of a day are read together. */
  scope_day: string;
  /** YYYY-MM-DDTHH (UTC) */
  hour: string;
  c: Record<string, number>;
  /** Records by slot: the slot's minute (`00`, `10`, ... `50`). */
  s: Record<string, number>;
  /** An organization's records by slot, then text key; absent for all organizations. */
  k?: Record<string, Record<string, number>>;
}

export interface AuditCountRows {
  scope: string;
  /** A day (YYYY-MM-DD) or an hour (YYYY-MM-DDTHH). */
  period: string;
  /** `c.<category key>`, `x.<text key>` and, for an hour, `s.<minute>` and `k.<minute>.<text key>`: absolute totals. */
  counts: Record<string, number>;
}

export type AuditCountsRepository = ReturnType<typeof auditCountsRepository>;

export function auditCountsRepository(db: Db) {
  const days = db.collection<AuditDayDoc>('audit_days');
  const hours = db.collection<AuditHourDoc>('audit_hours');
  return {
    /** Raises each stored count to the given one; counts only grow, so repeats and late writers are harmless. */
    async raise(rows: AuditCountRows[]): Promise<void> {
      const upsert = (scope: string, period: string, counts: Record<string, number>, onInsert: object) => ({
        updateOne: { filter: { _id: `${scope}:${period}` }, update: { $max: counts, $setOnInsert: onInsert }, upsert: true },
      });
      await Promise.all([
        writeAll(
          days,
          rows.filter((r) => r.period.length === 10).map(({ scope, period, counts }) => upsert(scope, period, counts, { scope, day: period })),
        ),
        writeAll(
          hours,
          rows
            .filter((r) => r.period.length === 13)
            .map(({ scope, period, counts }) => upsert(scope, period, counts, { scope_day: `${scope}:${period.slice(0, 10)}`, hour: period })),
        ),
      ]);
    },
    /** Every day of a scope that has records, in no particular order. */
    days(scope: string): Promise<AuditDayDoc[]> {
      return days.find({ scope }).toArray();
    },
    /** The hours of one day of a scope that have records, in no particular order. */
    hours(scope: string, day: string): Promise<AuditHourDoc[]> {
      return hours.find({ scope_day: `${scope}:${day}` }).toArray();
    },
  };
}
