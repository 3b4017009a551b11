// A scope's days of audit counts, as a listing reads them when its window is long or open. At 1M
// records an organization's 90 day documents (a count per category, and per text for a search) are
// the costliest read of a page (~150 ms of ~400 KB on FerretDB), though all but the last two never
// change: so each process keeps a scope's closed days (before yesterday) in memory and reads them
// again only when the scope's closed-day mark (store/closed-day-marks.ts), read first, has moved.
// Yesterday and later are read by id every time.
import { dayOf, daysBetween } from '../store/audit-layout.js';
import type { AuditCountsRepository, AuditDayDoc, AuditTextDayDoc } from '../store/audit-counts-repository.js';
import type { ClosedDayMarks } from '../store/closed-day-marks.js';

const DAY_MS = 86_400_000;
/** Scopes kept, the least recently listed forgotten first: an organization's days are a few hundred KB at most. */
const SCOPES_KEPT = 32;

interface Kept {
  mark: string;
  /** The days kept are those before this one (YYYY-MM-DD). */
  closedBefore: string;
  days: AuditDayDoc[];
  /** Absent until a search of the scope has read them. */
  textDays: AuditTextDayDoc[] | null;
}

export interface ScopeDays {
  days: AuditDayDoc[];
  textDays: AuditTextDayDoc[];
}

export class AuditDays {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly counts: AuditCountsRepository,
    private readonly marks: ClosedDayMarks,
  ) {}

  /** Every day of the scope that has records (and, `withTexts`, its days by text key), in no particular order. */
  async all(scope: string, withTexts: boolean): Promise<ScopeDays> {
    const mark = await this.marks.current(scope);
    const hit = this.kept.get(scope);
    if (hit && hit.mark === mark && (!withTexts || hit.textDays)) {
      this.kept.delete(scope);
      this.kept.set(scope, hit);
      // From the first day not kept to tomorrow (a clock a little ahead of ours).
      const open = daysBetween(Date.parse(`${hit.closedBefore}T00:00:00Z`), Date.now() + DAY_MS);
      const [days, textDays] = await Promise.all([this.counts.daysOf(scope, open), withTexts ? this.counts.textDaysOf(scope, open) : []]);
      return { days: [...hit.days, ...days], textDays: withTexts ? [...hit.textDays!, ...textDays] : [] };
    }
    const [days, textDays] = await Promise.all([this.counts.days(scope), withTexts ? this.counts.textDays(scope) : []]);
    const closedBefore = dayOf(Date.now() - DAY_MS);
    this.kept.delete(scope);
    this.kept.set(scope, {
      mark,
      closedBefore,
      days: days.filter((d) => d.day < closedBefore),
      textDays: withTexts ? textDays.filter((d) => d.day < closedBefore) : null,
    });
    if (this.kept.size > SCOPES_KEPT) this.kept.delete(this.kept.keys().next().value!);
    return { days, textDays };
  }
}
