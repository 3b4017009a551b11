// Listing the audit trail at any volume (docs/store.md, "The audit trail"). A listing never sorts or
// counts an organization's history: it walks the scope's days newest first, then the hours of a day
// it has to enter, then the 10-minute slots of an hour, skipping whole days, hours and slots by their
// counts (the offset, and periods with nothing that matches), and reads only the slots it must, each
// an indexed equality. Totals come from the same counts; only a window's edges are counted from
// records. A search cannot be counted ahead, so it reads slots newest first within a time budget and
// answers, when the budget runs out, with what it found and a cursor to go on from.
import { createHash } from 'node:crypto';
import { ALL_ORGS, comboMatches, searchGram, SLOT_MS, slotKey, slotOf, type Categories } from '../store/audit-layout.js';
import type { AuditCountsRepository, AuditHourDoc } from '../store/audit-counts-repository.js';
import type { AuditDoc, AuditRepository } from '../store/audit-repository.js';
import type { PolicyRepository } from '../store/policy-repository.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Slots read at once while a search scans. */
const SEARCH_READS_AT_ONCE = 8;

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
  /** False when a search ran out of time before it had read the whole window: total counts what it read. */
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
  /** Matching records, when the counts say (never under a search); null when they cannot. */
  count: number | null;
  /** Whether the counts say no record of it matches the categories (a search matches none either). */
  empty: boolean;
  /** A day's hours or an hour's slots, newest first; absent for a slot. */
  split?: () => Promise<Piece[]>;
  /** A slot's key. */
  slot?: string;
}

const sumMatching = (counts: Record<string, number> | undefined, filter: Partial<Categories>) => {
  let sum = 0;
  for (const [combo, n] of Object.entries(counts ?? {})) if (comboMatches(combo, filter)) sum += n;
  return sum;
};

function hasCategories(filter: Partial<Categories>): boolean {
  return Object.values(filter).some((v) => v !== undefined);
}

export class AuditLog {
  constructor(
    private readonly repos: { audit: AuditRepository; auditCounts: AuditCountsRepository; policies: PolicyRepository },
    private readonly opts: { searchBudgetMs: number },
  ) {}

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
    const days = await this.days(scope, q.filter, q.search !== undefined, lo);
    const context = { scope, lo, filter: q.filter };
    return q.search !== undefined
      ? this.searchPage(days, context, q.search, start, skip, q.limit, fingerprint)
      : this.countedPage(days, context, start, end, skip, q.limit, fingerprint);
  }

  /** The scope's days that may hold matches, newest first, each splitting into hours and slots. */
  private async days(scope: string, filter: Partial<Categories>, searching: boolean, lo: number): Promise<Piece[]> {
    const everyRecord = !hasCategories(filter) && !searching;
    const days = (await this.repos.auditCounts.days(scope)).sort((a, b) => (a.day < b.day ? 1 : -1));
    return days
      .map((day): Piece => {
        const start = Date.parse(`${day.day}T00:00:00Z`);
        const matching = sumMatching(day.c, filter);
        let hours: Promise<AuditHourDoc[]> | null = null;
        return {
          start,
          end: start + DAY_MS - 1,
          count: searching ? null : matching,
          empty: matching === 0,
          split: async () => {
            hours ??= this.repos.auditCounts.hours(scope, day.day);
            return (await hours).sort((a, b) => (a.hour < b.hour ? 1 : -1)).map((hour) => this.hourPiece(scope, hour, filter, searching, everyRecord));
          },
        };
      })
      .filter((day) => day.end >= lo);
  }

  private hourPiece(scope: string, hour: AuditHourDoc, filter: Partial<Categories>, searching: boolean, everyRecord: boolean): Piece {
    const start = Date.parse(`${hour.hour}:00:00Z`);
    const matching = sumMatching(hour.c, filter);
    const slots = Object.entries(hour.s ?? {})
      .map(([minute, n]): Piece => {
        const slotStart = start + Number(minute) * 60_000;
        const slot = slotKey(scope, new Date(slotStart).toISOString().slice(0, 16));
        // A slot's records by category are not counted: only an unfiltered listing knows how many match.
        return { start: slotStart, end: slotStart + SLOT_MS - 1, count: everyRecord ? n : null, empty: n === 0, slot };
      })
      .sort((a, b) => b.start - a.start);
    return {
      start,
      end: start + HOUR_MS - 1,
      count: searching ? null : matching,
      empty: matching === 0,
      split: () => Promise.resolve(slots),
    };
  }

  /** The matching records of a slot within the walk's bounds, newest first. */
  private async readSlot(
    piece: Piece,
    c: { lo: number; filter: Partial<Categories> },
    from: Position,
    matches: (doc: AuditDoc) => boolean = () => true,
    gram: string | null = null,
  ): Promise<AuditDoc[]> {
    const docs = await this.repos.audit.readSlot({ slot: piece.slot!, filter: c.filter, gram });
    return docs.filter((d) => d.created_at.getTime() >= c.lo && olderThan(d, from) && matches(d)).sort(newestFirst);
  }

  /** Without a search: skips and totals by the counts; reads only the slots it must. */
  private async countedPage(
    days: Piece[],
    c: { lo: number; filter: Partial<Categories> },
    start: Position,
    end: Position,
    offset: number,
    limit: number,
    fingerprint: string,
  ): Promise<AuditListPage> {
    const items: AuditDoc[] = [];
    let skip = offset;
    const walk = async (pieces: Piece[]): Promise<boolean> => {
      // An hour's slots whose matches are not counted (a filter) are read together, not one by one.
      const reads = new Map<Piece, Promise<AuditDoc[]>>();
      for (const p of pieces) {
        if (p.split || p.count !== null || p.start > start.t || p.end < c.lo || p.empty) continue;
        const read = this.readSlot(p, c, start);
        read.catch(() => undefined);
        reads.set(p, read);
      }
      for (const p of pieces) {
        if (p.start > start.t || p.end < c.lo || p.empty) continue;
        const whole = p.start >= c.lo && p.end < start.t;
        if (whole && p.count !== null && skip >= p.count) {
          skip -= p.count;
          continue;
        }
        if (p.split) {
          if (await walk(await p.split())) return true;
          continue;
        }
        for (const doc of await (reads.get(p) ?? this.readSlot(p, c, start))) {
          if (skip > 0) skip -= 1;
          else if (items.push(doc) === limit) return true;
        }
      }
      return false;
    };
    const [full, total] = await Promise.all([walk(days), this.count(days, c, end)]);
    const last = items[items.length - 1];
    const next_cursor = full && last ? writeCursor({ t: last.created_at.getTime(), i: last._id, k: 0 }, fingerprint) : null;
    return { items, total, total_exact: true, next_cursor };
  }

  /** Matching records in [lo, end]: whole periods by their counts, the edges by their records. */
  private async count(pieces: Piece[], c: { lo: number; filter: Partial<Categories> }, end: Position): Promise<number> {
    const counts = await Promise.all(
      pieces.map(async (p): Promise<number> => {
        if (p.start > end.t || p.end < c.lo || p.empty) return 0;
        if (p.start >= c.lo && p.end < end.t && p.count !== null) return p.count;
        if (p.split) return this.count(await p.split(), c, end);
        return (await this.readSlot(p, c, end)).length;
      }),
    );
    return counts.reduce((a, b) => a + b, 0);
  }

  /**
   * A search reads slots newest first (several at once), keeps the page's matches and counts the
   * rest, until the window is read or the budget is spent. The store is asked only for records
   * with one trigram of the search; the match itself is checked here. An id is matched exactly.
   */
  private async searchPage(
    days: Piece[],
    c: { scope: string; lo: number; filter: Partial<Categories> },
    search: string,
    start: Position,
    offset: number,
    limit: number,
    fingerprint: string,
  ): Promise<AuditListPage> {
    const deadline = Date.now() + this.opts.searchBudgetMs;
    const needle = search.toLowerCase();
    const byId = await this.repos.audit.findById(search);
    const gram = searchGram(search);
    const matches = (doc: AuditDoc) =>
      doc._id === search || [doc.summary, doc.policy_name, doc.destination, doc.decision].some((f) => f.toLowerCase().includes(needle));
    // The record named by the search, if it is one this listing could show: read with its slot.
    const byIdSlot =
      byId &&
      byId.created_at.getTime() >= c.lo &&
      olderThan(byId, start) &&
      (c.scope === ALL_ORGS || byId.org_id === c.scope) &&
      Object.entries(c.filter).every(([k, v]) => v === undefined || byId[k as keyof Categories] === v)
        ? slotKey(c.scope, slotOf(byId.created_at))
        : null;

    const items: AuditDoc[] = [];
    let skip = offset;
    let total = 0;
    let frontier: number | null = null;
    const read = async (slot: Piece): Promise<AuditDoc[]> => {
      const found = await this.readSlot(slot, c, start, matches, gram);
      if (byId && slot.slot === byIdSlot && !found.some((d) => d._id === byId._id)) found.push(byId);
      return found.sort(newestFirst);
    };
    // Slots are read in order, SEARCH_READS_AT_ONCE ahead of the one consumed.
    const slots = this.slotsNewestFirst(days, c.lo, start);
    const ahead: Array<{ piece: Piece; docs: Promise<AuditDoc[]> }> = [];
    let exhausted = false;
    const fill = async () => {
      while (!exhausted && ahead.length < SEARCH_READS_AT_ONCE) {
        const next = await slots.next();
        if (next.done) exhausted = true;
        else {
          const docs = read(next.value);
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
