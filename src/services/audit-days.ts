// A scope's days of audit counts, as a listing reads them when its window is long or open. At 1M
// records an organization's 90 day documents (a count per category, and per text for a search) are
// the costliest read of a page (~150 ms of ~400 KB on FerretDB), though all but the last two never
// change: so each process keeps a scope's closed days (before yesterday) in memory and reads them
// again only when the scope's closed-day mark (store/closed-day-marks.ts), read first, has moved.
// Yesterday and later are read by id every time. A short window takes its closed days from there too.
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

  /** The scope's days kept and still valid (`withTexts`: with its days by text key), marked most recently used. */
  private valid(scope: string, mark: string, withTexts: boolean): Kept | null {
    const hit = this.kept.get(scope);
    if (!hit || hit.mark !== mark || (withTexts && !hit.textDays)) return null;
    this.kept.delete(scope);
    this.kept.set(scope, hit);
    return hit;
  }

  private async byId(scope: string, withTexts: boolean, dayList: string[]): Promise<ScopeDays> {
    const [days, textDays] = await Promise.all([this.counts.daysOf(scope, dayList), withTexts ? this.counts.textDaysOf(scope, dayList) : []]);
    return { days, textDays };
  }

  /** Every day of the scope that has records (and, `withTexts`, its days by text key), in no particular order. */
  async all(scope: string, withTexts: boolean): Promise<ScopeDays> {
    const mark = await this.marks.current(scope);
    const hit = this.valid(scope, mark, withTexts);
    if (hit) {
      // From the first day not kept to tomorrow (a clock a little ahead of ours).
      const open = await this.byId(scope, withTexts, daysBetween(Date.parse(`${hit.closedBefore}T00:00:00Z`), Date.now() + DAY_MS));
      return { days: [...hit.days, ...open.days], textDays: withTexts ? [...hit.textDays!, ...open.textDays] : [] };
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

  /**
   * The scope's days from the one holding `lo` to the one holding `hi` (ms): the closed ones from
   * memory when the scope's days are kept, the others each by id. A short window does not read the
   * scope's every day to fill the memory: by id it costs a read per day.
   */
  async window(scope: string, withTexts: boolean, lo: number, hi: number): Promise<ScopeDays> {
    const wanted = daysBetween(lo, hi);
    const hit = this.valid(scope, await this.marks.current(scope), withTexts);
    if (!hit) return this.byId(scope, withTexts, wanted);
    const inWindow = <T extends { day: string }>(docs: T[]) => docs.filter((d) => d.day >= wanted[0]! && d.day <= wanted.at(-1)!);
    const open = await this.byId(scope, withTexts, wanted.filter((day) => day >= hit.closedBefore));
    return { days: [...inWindow(hit.days), ...open.days], textDays: withTexts ? [...inWindow(hit.textDays!), ...open.textDays] : [] };
  }
}
