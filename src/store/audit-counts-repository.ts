// Counts of the audit trail (audit-layout.ts), written by the drainers as absolute totals with $max
// (daily-rollups.ts), like the analytics: per scope (an organization, or `*` for all) and day, the
// records by category (`audit_days`), and per scope and hour, by category and by slot (`audit_hours`);
// an organization's also by text key, per day (`audit_text_days`) and per slot (`audit_text_hours`,
// packed): apart, as only a search reads them, and they would double what every listing decodes.
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
  /** Of those, the records stored with ticks (audit-layout.ts); absent before ticks existed. */
  d?: Record<string, number>;
}

/** An organization's records of an hour by slot, then text key (and `~`: the slot's records stored with ticks). */
export interface AuditTextHourDoc {
  /** `${org id}:${day}T${hour}` */
  _id: string;
  scope_day: string;
  hour: string;
  k: Record<string, Record<string, number>>;
}

/**
 * As stored, `k` is packed: one JSON string (an object in documents written before). A busy
 * organization's hour holds hundreds of slot and key counts, and FerretDB decodes every value it
 * returns: a day's 24 hours with ~70 keys a slot read in ~90 ms as fields, ~14 ms packed (FerretDB
 * 1.24 on PostgreSQL, 2026-11-28), and a search reads them for every day it enters.
 */
type StoredTextHour = Omit<AuditTextHourDoc, 'k'> & { k: string | AuditTextHourDoc['k'] };

/** An hour's text-key counts to raise: `k.<minute>.<text key>` absolute totals, and the fields a new document gets. */
interface TextHourRaise {
  _id: string;
  onInsert: object;
  counts: Record<string, number>;
}

const unpackSlots = (k: StoredTextHour['k'] | undefined): AuditTextHourDoc['k'] => (typeof k === 'string' ? (JSON.parse(k) as AuditTextHourDoc['k']) : (k ?? {}));

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
  const textHours = db.collection<StoredTextHour>('audit_text_hours');
  /**
   * Raises packed hours: each read, merged (the larger count wins) and written back whole. Safe
   * because every raise of a counter runs under that counter's copy lock (daily-rollups.ts), and
   * an hour's document is one counter's.
   */
  const raiseTextHours = async (rows: TextHourRaise[]) => {
    const stored = await Promise.all(rows.map(({ _id }) => textHours.findOne({ _id })));
    const ops = rows.map(({ _id, onInsert, counts }, i) => {
      const slots = unpackSlots(stored[i]?.k);
      for (const [field, n] of Object.entries(counts)) {
        // `k.<minute>.<text key or ~>`: neither holds a '.'.
        const [, minute = '', key = ''] = field.split('.');
        const slot = (slots[minute] ??= {});
        slot[key] = Math.max(slot[key] ?? 0, n);
      }
      return { replaceOne: { filter: { _id }, replacement: { ...onInsert, k: JSON.stringify(slots) } as StoredTextHour, upsert: true } };
    });
    await writeAll(textHours, ops);
  };
  return {
    /** Raises each stored count to the given one; counts only grow, so repeats and late writers are harmless. */
    async raise(rows: AuditCountRows[]): Promise<void> {
      const upsert = (scope: string, period: string, counts: Record<string, number>, onInsert: object) => ({
        updateOne: { filter: { _id: `${scope}:${period}` }, update: { $max: counts, $setOnInsert: onInsert }, upsert: true },
      });
      type Op = ReturnType<typeof upsert>;
      const dayOps: Op[] = [];
      const textDayOps: Op[] = [];
      const hourOps: Op[] = [];
      const textHourRows: TextHourRaise[] = [];
      for (const { scope, period, counts } of rows) {
        const isDay = period.length === 10;
        // Text-key counts (`x.` per day, `k.` per slot) go to their own documents.
        const textPrefix = isDay ? 'x.' : 'k.';
        const onInsert = isDay ? { scope, day: period } : { scope_day: `${scope}:${period.slice(0, 10)}`, hour: period };
        const byCategory: Record<string, number> = {};
        const byText: Record<string, number> = {};
        for (const [field, n] of Object.entries(counts)) (field.startsWith(textPrefix) ? byText : byCategory)[field] = n;
        if (Object.keys(byCategory).length > 0) (isDay ? dayOps : hourOps).push(upsert(scope, period, byCategory, onInsert));
        if (Object.keys(byText).length === 0) continue;
        if (isDay) textDayOps.push(upsert(scope, period, byText, onInsert));
        else textHourRows.push({ _id: `${scope}:${period}`, onInsert, counts: byText });
      }
      await Promise.all([writeAll(days, dayOps), writeAll(textDays, textDayOps), writeAll(hours, hourOps), raiseTextHours(textHourRows)]);
    },
    /** Every day of a scope that has records, in no particular order. */
    days(scope: string): Promise<AuditDayDoc[]> {
      return days.find({ scope }).toArray();
    },
    /** An organization's days by text key, in no particular order. */
    textDays(orgId: string): Promise<AuditTextDayDoc[]> {
      return textDays.find({ scope: orgId }).toArray();
    },
    /** These days of a scope, those that have records: each read by its id (a short window reads only its own days). */
    async daysOf(scope: string, dayList: readonly string[]): Promise<AuditDayDoc[]> {
      return (await Promise.all(dayList.map((day) => days.findOne({ _id: `${scope}:${day}` })))).filter((d) => d !== null);
    },
    /** These days of an organization by text key, those that have records, each read by its id. */
    async textDaysOf(orgId: string, dayList: readonly string[]): Promise<AuditTextDayDoc[]> {
      return (await Promise.all(dayList.map((day) => textDays.findOne({ _id: `${orgId}:${day}` })))).filter((d) => d !== null);
    },
    /** An organization's hours of one day by slot and text key, in no particular order. */
    async textHours(orgId: string, day: string): Promise<AuditTextHourDoc[]> {
      return (await textHours.find({ scope_day: `${orgId}:${day}` }).toArray()).map((hour) => ({ ...hour, k: unpackSlots(hour.k) }));
    },
    /** The hours of one day of a scope that have records, in no particular order. */
    hours(scope: string, day: string): Promise<AuditHourDoc[]> {
      return hours.find({ scope_day: `${scope}:${day}` }).toArray();
    },
  };
}
