// Listing the audit trail at any volume (docs/store.md, "The audit trail"). A listing never sorts or
// counts an organization's history: it walks the scope's days newest first, then the hours of a day
// it has to enter, then the 10-minute slots of an hour, skipping whole days, hours and slots by their
// counts (the offset, and periods with nothing that matches), and reads only the slots it must, each
// an indexed equality. Totals come from the same counts; only a window's edges are counted from
// records. A search in one organization first finds the organization's texts that match, then is
// counted and read by their keys like a filter. A search of all organizations cannot be counted
// ahead: it reads slots newest first within a time budget and answers, when the budget runs out,
// with what it found and a cursor to go on from. A slot dense with records is read a tick (a second,
// or a tenth) at a time, newest first, so no read decodes more than a tick holds.
import { createHash } from 'node:crypto';
import { ALL_ORGS, comboMatches, DENSE_SLOT, searchableText, SLOT_MS, slotKey, TICK_LEVELS, tickOf, TICKED, type Categories } from '../store/audit-layout.js';
import type { AuditCountsRepository, AuditDayDoc, AuditHourDoc, AuditTextHourDoc } from '../store/audit-counts-repository.js';
import type { AuditDoc, AuditRepository } from '../store/audit-repository.js';
import type { AuditTextsRepository } from '../store/audit-texts-repository.js';
import type { ClosedDayMarks } from '../store/closed-day-marks.js';
import type { PolicyRepository } from '../store/policy-repository.js';
import type { SlotSeconds } from '../store/slot-seconds.js';
import { AuditDays, type ScopeDays } from './audit-days.js';
import { AuditTexts } from './audit-texts.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Slots read at once while a search of all organizations scans. */
const SEARCH_READS_AT_ONCE = 8;
/** Slots a listing reads ahead of the one it consumes where their matches are estimated (at most this many read in vain per page). */
const READ_AHEAD = 8;
/** ... and where they are counted: every one of them is needed, so more at once cost no more work. */
const COUNTED_READ_AHEAD = 16;
/** A search reads a slot by text key, one read per key the slot's counts hold, when it holds this few of them; else whole. */
const KEYED_READS = 8;
/** A day's hours not read within this long are read a second time (hedged). */
const HEDGE_AFTER_MS = 60;
/** A window this short reads the counts of its own days (kept ones from memory, others by id), rather than all of the scope's days. */
const WINDOW_READ_BY_DAY_MS = 14 * DAY_MS;

export interface AuditListQuery {
  /** An organization's trail, or every organization's (an admin without org_id). */
  orgId?: string;
  search?: string;
  limit: number;
  offset: number;
  /** Inclusive bounds (ms). */
  from?: number;
  to?: number;
  filter: Partial<Categories>;
  /** An opaque cursor from an earlier page of the same query. */
  cursor?: string;
}

export interface AuditListPage {
  items: AuditDoc[];
  total: number;
  /** False when a search of all organizations ran out of time before it had read the whole window: total counts what it read. */
  total_exact: boolean;
  next_cursor: string | null;
}

export class CursorMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CursorMismatchError';
  }
}

/** A place in the newest-first order: items strictly after it are older than (t, i). */
interface Position {
  t: number;
  i: string;
}

const AFTER_EVERYTHING = '\uffff';
const olderThan = (doc: AuditDoc, pos: Position) => {
  const t = doc.created_at.getTime();
  return t < pos.t || (t === pos.t && doc._id < pos.i);
};
const newestFirst = (a: AuditDoc, b: AuditDoc) => b.created_at.getTime() - a.created_at.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

/** A period of the walk: a day, an hour or a slot, with what is known of its matching records. */
interface Piece {
  start: number;
  /** Inclusive. */
  end: number;
  /** Matching records, when the counts say; null when they cannot. */
  count: number | null;
  /** Whether the counts say no record of it matches. */
  empty: boolean;
  /** A slot's matching records as far as the counts tell: its count, or its share of its hour's. */
  expect?: number;
  /** A day's hours, an hour's slots or a dense slot's ticks, newest first; absent for a tick or a slot read whole. */
  split?: (needed?: number) => Promise<Piece[]>;
  /** An hour's slots, newest first (an hour's `split` answers them at once). */
  slots?: Piece[];
  /** A slot's or tick's key. */
  slot?: string;
  /** A tick of an organization's slot: the organization, whose records of the (all-organization) tick are read. */
  org?: string;
  /** A search's slot: the text keys searched for that its counts hold. */
  keys?: string[];
}

/** What a listing selects, and so what its counts can say. */
type Selection =
  /** Every record. */
  | { kind: 'all' }
  /** Records of some categories: days and hours are counted, slots are not. */
  | { kind: 'categories'; filter: Partial<Categories> }
  /** An organization's records with one of these text keys (a search): counted down to the slot. */
  | { kind: 'texts'; keys: ReadonlySet<string> }
  /** A search of all organizations: nothing is counted; periods without the categories are skipped. */
  | { kind: 'scan'; filter: Partial<Categories> };

const sumMatching = (counts: Record<string, number> | undefined, filter: Partial<Categories>) => {
  let sum = 0;
  for (const [combo, n] of Object.entries(counts ?? {})) if (comboMatches(combo, filter)) sum += n;
  return sum;
};

const sumKeys = (counts: Record<string, number> | undefined, keys: ReadonlySet<string>) => {
  let sum = 0;
  for (const key of keys) sum += counts?.[key] ?? 0;
  return sum;
};

const counted = (count: number) => ({ count, empty: count === 0 });

/** `byText`: the day's records by text key, read for a search only. */
function dayCount(day: Pick<AuditDayDoc, 'c'>, sel: Selection, byText?: Record<string, number>): { count: number | null; empty: boolean } {
  if (sel.kind === 'texts') return counted(sumKeys(byText, sel.keys));
  const matching = sumMatching(day.c, sel.kind === 'all' ? {} : sel.filter);
  return sel.kind === 'scan' ? { count: null, empty: matching === 0 } : counted(matching);
}

function slotCount(hour: AuditHourDoc, minute: string, sel: Selection): { count: number | null; empty: boolean } {
  const records = hour.s?.[minute] ?? 0;
  if (sel.kind === 'all') return counted(records);
  // A slot's records by category are not counted.
  return { count: null, empty: records === 0 };
}

/** How the slots of a listing are read: which records of a slot the store is asked for, and which of those match. */
interface Reading {
  lo: number;
  read: (slot: Piece) => Promise<AuditDoc[]>;
  matches: (doc: AuditDoc) => boolean;
}

export class AuditLog {
  private readonly scopeDays: AuditDays;
  private readonly texts: AuditTexts;

  constructor(
    private readonly repos: { audit: AuditRepository; auditCounts: AuditCountsRepository; auditTexts: AuditTextsRepository; policies: PolicyRepository },
    closedDays: ClosedDayMarks,
    private readonly slotSeconds: SlotSeconds,
    private readonly opts: { searchBudgetMs: number; denseSlot?: number },
  ) {
    this.scopeDays = new AuditDays(repos.auditCounts, closedDays);
    this.texts = new AuditTexts(repos.auditTexts);
  }

  async list(q: AuditListQuery): Promise<AuditListPage> {
    const empty: AuditListPage = { items: [], total: 0, total_exact: true, next_cursor: null };
    let scope = q.orgId ?? ALL_ORGS;
    // The all-organization counts are not kept by policy: a policy's organization holds its records.
    if (q.filter.policy_id !== undefined && scope === ALL_ORGS) {
      const policy = await this.repos.policies.findById(q.filter.policy_id);
      if (!policy) return empty;
      scope = policy.org_id;
    }
    const lo = q.from ?? 0;
    const hi = q.to ?? Date.now() + DAY_MS;
    if (lo > hi) return empty;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([scope, q.search ?? null, lo, q.to ?? null, q.filter]))
      .digest('base64url')
      .slice(0, 12);
    const end: Position = { t: hi, i: AFTER_EVERYTHING };
    let start = end;
    let skip = q.offset;
    if (q.cursor !== undefined) {
      const c = readCursor(q.cursor, fingerprint);
      if (c.t < start.t || (c.t === start.t && c.i < start.i)) start = { t: c.t, i: c.i };
      skip += c.k;
    }
    const { filter } = q;
    const query = (piece: Piece) => this.repos.audit.readSlot({ slot: piece.slot!, orgId: piece.org, filter });
    if (q.search === undefined) {
      const sel: Selection = hasCategories(filter) ? { kind: 'categories', filter } : { kind: 'all' };
      return this.countedPage(this.pieces(scope, sel, lo, q.limit, await this.days(scope, false, lo, hi)), { lo, read: once(query), matches: () => true }, start, end, skip, q.limit, fingerprint);
    }
    // A preflight_id is matched exactly: the page is that record, if this listing could show it.
    // An organization's search reads its counts meanwhile (by text key too), for when it is not one.
    const [byId, counts] = await Promise.all([this.repos.audit.findById(q.search), this.days(scope, scope !== ALL_ORGS, lo, hi)]);
    if (byId) {
      const fits =
        byId.created_at.getTime() >= lo &&
        byId.created_at.getTime() <= hi &&
        olderThan(byId, start) &&
        (scope === ALL_ORGS || byId.org_id === scope) &&
        (Object.keys(filter) as Array<keyof Categories>).every((k) => filter[k] === undefined || byId[k] === filter[k]);
      return { items: fits && skip === 0 && q.limit > 0 ? [byId] : [], total: fits ? 1 : 0, total_exact: true, next_cursor: null };
    }
    const needle = q.search.toLowerCase();
    const matches = (doc: AuditDoc) => searchableText(doc).split('\n').some((f) => f.includes(needle));
    if (scope === ALL_ORGS) {
      return this.scanPage(this.pieces(scope, { kind: 'scan', filter }, lo, q.limit, counts), { lo, read: query, matches }, start, skip, q.limit, fingerprint);
    }
    const keys = await this.texts.matching(scope, needle, filter, counts.textDays);
    if (keys.size === 0) return empty;
    // A slot holding a few of the texts: the store returns only their records. Many: the whole slot, matched here.
    const read = async (piece: Piece) =>
      piece.keys && piece.keys.length <= KEYED_READS
        ? (await Promise.all(piece.keys.map((textKey) => this.repos.audit.readSlot({ slot: piece.slot!, orgId: piece.org, filter: {}, textKey })))).flat()
        : query(piece);
    // A window's edge slots are read by the total and by the walk alike: once.
    return this.countedPage(this.pieces(scope, { kind: 'texts', keys }, lo, q.limit, counts), { lo, read: once(read), matches }, start, end, skip, q.limit, fingerprint);
  }

  /** The counts of the scope's days in [lo, hi] (and more), by text key too when `withTexts`. */
  private async days(scope: string, withTexts: boolean, lo: number, hi: number): Promise<ScopeDays> {
    // A short window reads only its own days; a longer one (or none) every day of the scope (audit-days.ts).
    return hi - lo > WINDOW_READ_BY_DAY_MS ? this.scopeDays.all(scope, withTexts) : this.scopeDays.window(scope, withTexts, lo, hi);
  }

  /** The scope's days that may hold matches, newest first, each splitting into hours and slots. */
  private pieces(scope: string, sel: Selection, lo: number, page: number, { days, textDays }: ScopeDays): Piece[] {
    const byText = new Map(textDays.map((d) => [d.day, d.x]));
    const ticks: TickReading = {
      scope,
      dense: this.opts.denseSlot ?? DENSE_SLOT,
      exact: sel.kind === 'all',
      page,
      seconds: (slot) => this.slotSeconds.read(scope, slot),
    };
    return days
      .sort((a, b) => (a.day < b.day ? 1 : -1))
      .map((day): Piece => {
        const start = Date.parse(`${day.day}T00:00:00Z`);
        let hours: Promise<Piece[]> | null = null;
        return {
          start,
          end: start + DAY_MS - 1,
          ...dayCount(day, sel, byText.get(day.day)),
          // A search's hours are its counts by text key alone.
          split: () =>
            (hours ??= (
              sel.kind === 'texts'
                ? hedged(() => this.repos.auditCounts.textHours(scope, day.day)).then((hs) => hs.map((hour) => textHourPiece(scope, hour, sel.keys, ticks)))
                : hedged(() => this.repos.auditCounts.hours(scope, day.day)).then((hs) => hs.map((hour) => hourPiece(scope, hour, sel, ticks)))
            ).then((pieces) => pieces.sort((a, b) => b.start - a.start))),
        };
      })
      .filter((day) => day.end >= lo);
  }

  /** The matching records of a slot within the walk's bounds, newest first. */
  private async readSlot(piece: Piece, r: Reading, from: Position): Promise<AuditDoc[]> {
    const docs = await r.read(piece);
    return docs.filter((d) => d.created_at.getTime() >= r.lo && olderThan(d, from) && r.matches(d)).sort(newestFirst);
  }

  /** Skips and totals by the counts; reads only the slots it must. */
  private async countedPage(
    days: Piece[],
    r: Reading,
    start: Position,
    end: Position,
    offset: number,
    limit: number,
    fingerprint: string,
  ): Promise<AuditListPage> {
    const items: AuditDoc[] = [];
    let skip = offset;
    const live = (p: Piece) => !(p.start > start.t || p.end < r.lo || p.empty);
    const skippable = (p: Piece) => p.count !== null && p.start >= r.lo && p.end < start.t && skip >= p.count;
    const walk = async (pieces: Piece[]): Promise<boolean> => {
      const rest = pieces.filter(live);
      let i = 0;
      for (; i < rest.length && skippable(rest[i]!); i += 1) skip -= rest[i]!.count!;
      if (i === rest.length) return false;
      // Hours hold their slots: from the first hour entered, the slots of every hour after it are walked as one list.
      if (rest[i]!.slots) return walkSlots(rest.slice(i).flatMap((hour) => hour.slots!.filter(live)));
      for (const p of rest.slice(i)) {
        if (skippable(p)) skip -= p.count!;
        else if (await walk(await p.split!())) return true;
      }
      return false;
    };
    // Slots are read ahead of the one consumed, as many as the counts say the page still needs (at
    // most COUNTED_READ_AHEAD; READ_AHEAD and one more where a slot's matches are only estimated); one
    // the counts skip is not waited for. A dense slot can fill a page alone: reading eight of them
    // would decode eight pages.
    const walkSlots = async (slots: Piece[]): Promise<boolean> => {
      const reads = new Map<Piece, Promise<AuditDoc[]>>();
      // A dense slot is read ahead of no further: it is read by its ticks once reached (unless skipped whole).
      const readAhead = (from: number) => {
        const needed = skip + limit - items.length;
        let expected = 0;
        let estimated = false;
        let past = 0;
        for (const [k, p] of slots.slice(from, from + COUNTED_READ_AHEAD).entries()) {
          if (expected >= needed && (!estimated || past++ > 0)) break;
          if ((estimated && k >= READ_AHEAD) || p.split) break;
          expected += p.expect ?? Infinity;
          estimated ||= p.count === null;
          if (reads.has(p) || skippable(p)) continue;
          const read = this.readSlot(p, r, start);
          read.catch(() => undefined);
          reads.set(p, read);
        }
      };
      for (let j = 0; j < slots.length; j += 1) {
        const p = slots[j]!;
        if (skippable(p)) {
          skip -= p.count!;
          continue;
        }
        if (p.split) {
          slots.splice(j, 1, ...(await p.split(limit - items.length)).filter(live));
          j -= 1;
          continue;
        }
        readAhead(j);
        for (const doc of await reads.get(p)!) {
          if (skip > 0) skip -= 1;
          else if (items.push(doc) === limit) return true;
        }
      }
      return false;
    };
    const [full, total] = await Promise.all([walk(days), this.count(days, r, end)]);
    const last = items[items.length - 1];
    const next_cursor = full && last ? writeCursor({ t: last.created_at.getTime(), i: last._id, k: 0 }, fingerprint) : null;
    return { items, total, total_exact: true, next_cursor };
  }

  /** Matching records in [lo, end]: whole periods by their counts, the edges by their records. */
  private async count(pieces: Piece[], r: Reading, end: Position): Promise<number> {
    const counts = await Promise.all(
      pieces.map(async (p): Promise<number> => {
        if (p.start > end.t || p.end < r.lo || p.empty) return 0;
        // `end` takes in every record at its own instant (i after everything), so a period ending there is whole.
        const whole = p.end < end.t || (p.end === end.t && end.i === AFTER_EVERYTHING);
        if (p.start >= r.lo && whole && p.count !== null) return p.count;
        if (p.split) return this.count(await p.split(0), r, end);
        return (await this.readSlot(p, r, end)).length;
      }),
    );
    return counts.reduce((a, b) => a + b, 0);
  }

  /**
   * A search of all organizations reads slots newest first (several at once), keeps the page's
   * matches and counts the rest, until the window is read or the budget is spent.
   */
  private async scanPage(days: Piece[], r: Reading, start: Position, offset: number, limit: number, fingerprint: string): Promise<AuditListPage> {
    const deadline = Date.now() + this.opts.searchBudgetMs;
    const items: AuditDoc[] = [];
    let skip = offset;
    let total = 0;
    let frontier: number | null = null;
    // Slots are read in order, SEARCH_READS_AT_ONCE ahead of the one consumed.
    const slots = this.slotsNewestFirst(days, r.lo, start);
    const ahead: Array<{ piece: Piece; docs: Promise<AuditDoc[]> }> = [];
    let exhausted = false;
    const fill = async () => {
      while (!exhausted && ahead.length < SEARCH_READS_AT_ONCE) {
        const next = await slots.next();
        if (next.done) exhausted = true;
        else {
          const docs = this.readSlot(next.value, r, start);
          // Awaited in turn below; a read that fails while an earlier one is awaited is not unhandled.
          docs.catch(() => undefined);
          ahead.push({ piece: next.value, docs });
        }
      }
    };
    let late = false;
    for (;;) {
      // Once the budget is spent, the reads already asked for are still taken, and no more are asked.
      if (!late) await fill();
      const head = ahead.shift();
      if (!head) break;
      for (const doc of await head.docs) {
        total += 1;
        if (skip > 0) skip -= 1;
        else if (items.length < limit) items.push(doc);
      }
      late ||= Date.now() > deadline;
      if (late && ahead.length === 0) {
        if (!exhausted) frontier = head.piece.start;
        break;
      }
    }
    const last = items[items.length - 1];
    let next_cursor: string | null = null;
    if (items.length === limit && last) next_cursor = writeCursor({ t: last.created_at.getTime(), i: last._id, k: 0 }, fingerprint);
    else if (frontier !== null) next_cursor = writeCursor({ t: frontier, i: '', k: skip }, fingerprint);
    return { items, total, total_exact: frontier === null, next_cursor };
  }

  private async *slotsNewestFirst(pieces: Piece[], lo: number, from: Position): AsyncGenerator<Piece> {
    for (const p of pieces) {
      if (p.start > from.t || p.end < lo || p.empty) continue;
      if (p.split) yield* this.slotsNewestFirst(await p.split(), lo, from);
      else yield p;
    }
  }
}

/**
 * A read asked again when the first has not answered within HEDGE_AFTER_MS; the first answer wins (a
 * hedged request). Now and then one read of a day's hours takes ~220 ms on FerretDB while the same
 * read at the same moment takes 13 ms and PostgreSQL runs it in under 2 ms (docs/store.md); every
 * listing that enters a day waits on it. It fails only when every read asked has failed.
 */
function hedged<T>(read: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let asked = 0;
    let failed = 0;
    let timer: NodeJS.Timeout | undefined;
    const ask = () => {
      asked += 1;
      read().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          failed += 1;
          if (failed < asked) return;
          clearTimeout(timer);
          reject(err);
        },
      );
    };
    ask();
    timer = setTimeout(ask, HEDGE_AFTER_MS);
  });
}

/** `read`, asked once per slot: a second ask gets the first answer. */
function once(read: (slot: Piece) => Promise<AuditDoc[]>): (slot: Piece) => Promise<AuditDoc[]> {
  const answers = new Map<string, Promise<AuditDoc[]>>();
  return (slot) => {
    let answer = answers.get(slot.slot!);
    if (!answer) answers.set(slot.slot!, (answer = read(slot)));
    return answer;
  };
}

function hasCategories(filter: Partial<Categories>): boolean {
  return Object.values(filter).some((v) => v !== undefined);
}

/** What a listing needs to read a dense slot by its ticks. */
interface TickReading {
  scope: string;
  /** DENSE_SLOT, or a test's bound. */
  dense: number;
  /** Whether a tick's records are its matches (no filter, no search): then counted seconds skip by count. */
  exact: boolean;
  /** The page's size (the listing's limit). */
  page: number;
  /** The slot's records by second; empty when not kept. */
  seconds: (slot: string) => Promise<Record<string, number>>;
}

/**
 * A page of 50 from N records costs one read decoding N, or ~500/N reads of a tenth and the 50:
 * at ~2 ms a read and ~0.3 ms a record decoded, tenths win above ~100 records in a second.
 */
const DENSE_SECOND_SHARE = 4;
/**
 * A slot whose seconds are counted (and every record of it a match) is read by its seconds once it
 * holds this many times what the page still needs: the counts pick the seconds that hold the page,
 * which are read at once (COUNTED_READ_AHEAD), so a small organization's page inside a burst
 * decodes about what it returns, not the slot's hundreds (docs/store.md, "Reads in a burst").
 */
const COUNTED_SECONDS_OVER_PAGE = 4;

/**
 * A slot whose read would decode more than `dense` records (all stored with ticks) is read by its
 * ticks instead; so is one whose seconds are counted and that holds far more than the page needs.
 * With its records by second and tenth (kept in Redis for recent slots, and current: they add up to
 * the slot's records), by its seconds: each counted, those without records skipped, and a second of
 * more than a quarter of `dense` read by its tenths, counted too. Without them, by all of its
 * seconds, or tenths where a second would hold more than `dense` on average, each expected to hold
 * its share; a slot of `dense` records or fewer is then read whole. A tick is read like a slot (an
 * organization's: its records of the all-organization tick), by text key for a search.
 */
function withTicks(t: TickReading, slot: Piece, decodes: number, records: number): Piece {
  if (decodes <= t.dense && (!t.exact || decodes <= COUNTED_SECONDS_OVER_PAGE * t.page)) return slot;
  const share = (slot.expect ?? decodes) / records;
  const org = t.scope === ALL_ORGS ? undefined : t.scope;
  const tick = (start: number, level: (typeof TICK_LEVELS)[number], held: number | null, expect: number): Piece => ({
    start,
    end: start + level.ms - 1,
    count: t.exact ? held : null,
    empty: held === 0,
    expect,
    slot: slotKey(ALL_ORGS, tickOf(start, level)),
    org,
    keys: slot.keys,
  });
  /** `from`'s ticks at a level, newest first: each holding `held[k]` (counted) or, without counts, its share of `expect`. */
  const ticksOf = (from: Piece, level: (typeof TICK_LEVELS)[number], expect: number, held?: number[]): Piece[] => {
    const n = (from.end + 1 - from.start) / level.ms;
    return Array.from({ length: n }, (_, k) => {
      const counted = held?.[k];
      return tick(from.end + 1 - (k + 1) * level.ms, level, counted ?? null, counted === undefined ? expect / n : counted * share);
    });
  };
  const whole: Piece = { ...slot, split: undefined };
  const split = async (needed?: number): Promise<Piece[]> => {
    const counts = await t.seconds(new Date(slot.start).toISOString().slice(0, 16));
    const bySecond = new Map<number, number>();
    const byTenth = new Map<string, number>();
    for (const [field, n] of Object.entries(counts)) {
      if (field.includes('.')) byTenth.set(field, n);
      else bySecond.set(Number(field), n);
    }
    let counted = 0;
    for (const n of bySecond.values()) counted += n;
    if (counted !== records) {
      if (decodes <= t.dense) return [whole];
      const level = records / (SLOT_MS / TICK_LEVELS[0].ms) <= t.dense ? TICK_LEVELS[0] : TICK_LEVELS[1];
      return ticksOf(slot, level, slot.expect ?? decodes);
    }
    // Counted, and not dense: by seconds only when what is still needed is a small part of the slot
    // (a count needs none of it: `needed` 0).
    if (decodes <= t.dense && (!t.exact || decodes <= COUNTED_SECONDS_OVER_PAGE * (needed ?? t.page))) return [whole];
    const perSecond = SLOT_MS / TICK_LEVELS[0].ms;
    return Array.from({ length: perSecond }, (_, k) => {
      const index = perSecond - 1 - k;
      const held = bySecond.get(index) ?? 0;
      const second = tick(slot.start + index * TICK_LEVELS[0].ms, TICK_LEVELS[0], held, held * share);
      if (held <= t.dense / DENSE_SECOND_SHARE) return second;
      // Its tenths, newest first: counted when their counts add up to the second's.
      const tenths = Array.from({ length: 10 }, (_, j) => byTenth.get(`${index}.${9 - j}`) ?? 0);
      const tenthsCounted = tenths.reduce((a, b) => a + b, 0) === held;
      const pieces = ticksOf(second, TICK_LEVELS[1], second.expect!, tenthsCounted ? tenths : undefined);
      return { ...second, split: () => Promise.resolve(pieces) };
    });
  };
  return { ...slot, split };
}

function hourPiece(scope: string, hour: AuditHourDoc, sel: Selection, ticks: TickReading): Piece {
  const start = Date.parse(`${hour.hour}:00:00Z`);
  const own = dayCount(hour, sel);
  // Where slots are not counted by category, each is expected to hold its share of the hour's matches.
  const records = Object.values(hour.s ?? {}).reduce((a, b) => a + b, 0);
  const share = own.count !== null && records > 0 ? own.count / records : 1;
  const slots = Object.keys(hour.s ?? {})
    .map((minute): Piece => {
      const slotStart = start + Number(minute) * 60_000;
      const slot = slotKey(scope, new Date(slotStart).toISOString().slice(0, 16));
      const counts = slotCount(hour, minute, sel);
      const records = hour.s?.[minute] ?? 0;
      const piece: Piece = { start: slotStart, end: slotStart + SLOT_MS - 1, ...counts, expect: counts.count ?? records * share, slot };
      // Read by ticks only when every record of the slot has them.
      return hour.d?.[minute] === records ? withTicks(ticks, piece, records, records) : piece;
    })
    .sort((a, b) => b.start - a.start);
  return { start, end: start + HOUR_MS - 1, ...own, slots, split: () => Promise.resolve(slots) };
}

/** A search's hour, from its counts by slot and text key: each slot is counted, and knows which of the keys it holds. */
function textHourPiece(scope: string, hour: AuditTextHourDoc, keys: ReadonlySet<string>, ticks: TickReading): Piece {
  const start = Date.parse(`${hour.hour}:00:00Z`);
  const slots = Object.entries(hour.k ?? {})
    .map(([minute, byKey]): Piece => {
      const slotStart = start + Number(minute) * 60_000;
      const count = sumKeys(byKey, keys);
      const piece: Piece = {
        start: slotStart,
        end: slotStart + SLOT_MS - 1,
        ...counted(count),
        expect: count,
        slot: slotKey(scope, new Date(slotStart).toISOString().slice(0, 16)),
        keys: [...keys].filter((key) => (byKey[key] ?? 0) > 0),
      };
      // A read of the slot by key decodes its records with these keys; ticks only when all of the slot's records have them.
      const { [TICKED]: ticked, ...byText } = byKey;
      const records = Object.values(byText).reduce((a, b) => a + b, 0);
      return ticked === records ? withTicks(ticks, piece, count, records) : piece;
    })
    .sort((a, b) => b.start - a.start);
  return { start, end: start + HOUR_MS - 1, ...counted(slots.reduce((sum, p) => sum + p.count!, 0)), slots, split: () => Promise.resolve(slots) };
}

function writeCursor(c: { t: number; i: string; k: number }, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ ...c, q: fingerprint })).toString('base64url');
}

function readCursor(cursor: string, fingerprint: string): { t: number; i: string; k: number } {
  let c: unknown;
  try {
    c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new CursorMismatchError('cursor is not one this API gave');
  }
  const { t, i, k, q } = (c ?? {}) as Record<string, unknown>;
  if (typeof t !== 'number' || !Number.isSafeInteger(t) || typeof i !== 'string' || typeof k !== 'number' || !Number.isSafeInteger(k) || k < 0 || typeof q !== 'string') {
    throw new CursorMismatchError('cursor is not one this API gave');
  }
  if (q !== fingerprint) throw new CursorMismatchError('cursor belongs to another query: keep org_id, search, from, to and the filters as they were');
  return { t, i, k };
}
