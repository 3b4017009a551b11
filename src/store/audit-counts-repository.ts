// Counts of the audit trail (audit-layout.ts), written by the drainers as absolute totals with $max
// (daily-rollups.ts), like the analytics: per scope (an organization, or `*` for all) and day, the
// records by category (`audit_days`), and per scope and hour, by category and by slot (`audit_hours`);
// an organization's also by text key, per day (`audit_text_days`, apart: only a search reads them,
// and they would double what every listing decodes) and per slot (in its hour).
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
}

/** An organization's records of a day by text key (audit-layout.ts, textKeyOf). */
export interface AuditTextDayDoc {
  /** `${org id}:${day}` */
  _id: string;
  scope: string;
  day: string;
  x: Record<string, number>;
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
  const textDays = db.collection<AuditTextDayDoc>('audit_text_days');
  return {
    /** Raises each stored count to the given one; counts only grow, so repeats and late writers are harmless. */
    async raise(rows: AuditCountRows[]): Promise<void> {
      const upsert = (scope: string, period: string, counts: Record<string, number>, onInsert: object) => ({
        updateOne: { filter: { _id: `${scope}:${period}` }, update: { $max: counts, $setOnInsert: onInsert }, upsert: true },
      });
      const dayRows = rows.filter((r) => r.period.length === 10).map(({ scope, period, counts }) => {
        const byText = Object.entries(counts).filter(([field]) => field.startsWith('x.'));
        const byCategory = Object.entries(counts).filter(([field]) => !field.startsWith('x.'));
        return { scope, period, byText: Object.fromEntries(byText), byCategory: Object.fromEntries(byCategory) };
      });
      await Promise.all([
        writeAll(
          days,
          dayRows.filter((r) => Object.keys(r.byCategory).length > 0).map(({ scope, period, byCategory }) => upsert(scope, period, byCategory, { scope, day: period })),
        ),
        writeAll(
          textDays,
          dayRows.filter((r) => Object.keys(r.byText).length > 0).map(({ scope, period, byText }) => upsert(scope, period, byText, { scope, day: period })),
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
    /** An organization's days by text key, in no particular order. */
    textDays(orgId: string): Promise<AuditTextDayDoc[]> {
      return textDays.find({ scope: orgId }).toArray();
    },
    /** The hours of one day of a scope that have records, in no particular order. */
    hours(scope: string, day: string): Promise<AuditHourDoc[]> {
      return hours.find({ scope_day: `${scope}:${day}` }).toArray();
    },
  };
}
