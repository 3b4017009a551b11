// Write-time analytics (DESIGN §2: pre-aggregate per org per day) and compliance evidence (DESIGN §29:
// per org, rule and day; evidence-repository.ts). Drainers count each audit record
// exactly once, at the moment its journal entry is acknowledged: one script acknowledges the batch
// and adds its records to their org-day counters in Redis, only for entries whose XACK is the first
// (still pending: a redelivered entry was not acknowledged before; an acknowledged one is never
// delivered again).
// The counters are absolute totals, copied to MongoDB with $max (analytics-repository.ts), so that
// copy can be repeated or interrupted without ever counting anything twice. Org-days counted but not
// yet copied are kept in a "dirty" set; any drainer copies them if the one that counted them died.
import { randomUUID } from 'node:crypto';
import type { Redis, Result } from 'ioredis';
import type { AnalyticsRepository, DailyTotals } from './analytics-repository.js';
import type { AuditCountRows, AuditCountsRepository } from './audit-counts-repository.js';
import { ALL_ORGS, comboOf, hourOf, secondInSlot, slotInHour, slotOf, tenthInSlot, textKeyOf, TICKED } from './audit-layout.js';
import type { AuditDoc } from './audit-repository.js';
import { beforeToday, closedDayMarks, type ClosedDayMarks } from './closed-day-marks.js';
import { auditKeys } from './redis-keys.js';
import { SLOT_SECONDS_KEPT_S, slotSecondsKey } from './slot-seconds.js';
import type { DayEvidence, EvidenceRepository, EvidenceTotals } from './evidence-repository.js';
import { SAMPLES_PER_RULE_DAY, type DaySamples, type EvidenceSamplesRepository, type SampleTotals, type StoredSample } from './evidence-samples-repository.js';

const ACK_AND_COUNT = `
-- KEYS[1] journal stream, KEYS[2] dirty set, KEYS[3..] counters of this batch.
-- ARGV[1] consumer group, ARGV[2] counter time to live (s), ARGV[3] that of counters kept in Redis
--   only, ARGV[4] n: the entries counted, ARGV[5..4+n] their ids, then m: the entries only
--   acknowledged, their ids, then per counter: its index in KEYS, number of fields (negative: kept
--   in Redis only, never copied), then field, amount pairs: what the counted entries add, summed. A
--   field starting with '>' keeps the larger of its value and the amount (a time) instead of
--   adding; one starting with '?' offers a sample '<u>|<json>' (u uniform in [0, 1)) to the rule's
--   reservoir, once per offer.
-- A record is counted when its entry's acknowledgement is the first: while the entry is pending (a
-- redelivered entry was not acknowledged before; an acknowledged one is never delivered again). So
-- either every counted entry is still pending and all is done, or nothing is done and the ids of
-- those that are not are answered, for the caller to count without them.
local n = tonumber(ARGV[4])
local gone = {}
for i = 5, 4 + n do
  if #redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[i], ARGV[i], 1) == 0 then gone[#gone + 1] = ARGV[i] end
end
if #gone > 0 then return gone end
local m = tonumber(ARGV[5 + n])
local function settle(from, to)
  for i = from, to, 500 do
    local last = math.min(i + 499, to)
    redis.call('XACK', KEYS[1], ARGV[1], unpack(ARGV, i, last))
    redis.call('XDEL', KEYS[1], unpack(ARGV, i, last))
  end
end
settle(5, 4 + n)
settle(6 + n, 5 + n + m)
local i = 6 + n + m
while i <= #ARGV do
  local k, count = tonumber(ARGV[i]), tonumber(ARGV[i + 1])
  for j = i + 2, i + 2 * math.abs(count), 2 do
    local field, amount = ARGV[j], ARGV[j + 1]
    local op = string.byte(field, 1)
    if op == 62 then
      field = string.sub(field, 2)
      if tonumber(amount) > tonumber(redis.call('HGET', KEYS[k], field) or '0') then
        redis.call('HSET', KEYS[k], field, amount)
      end
    elseif op == 63 then
      -- Reservoir sampling (algorithm R): the n-th check of the rule replaces slot floor(u*n)+1 if that is a slot.
      local rule = string.sub(field, 2)
      local bar = string.find(amount, '|', 1, true)
      local seen = redis.call('HINCRBY', KEYS[k], 'sample.n.' .. rule, 1)
      local slot = seen
      if seen > ${SAMPLES_PER_RULE_DAY} then slot = math.floor(tonumber(string.sub(amount, 1, bar - 1)) * seen) + 1 end
      if slot <= ${SAMPLES_PER_RULE_DAY} then
        redis.call('HSET', KEYS[k], 'sample.s.' .. rule .. '.' .. slot, string.sub(amount, bar + 1))
      end
    else
      redis.call('HINCRBY', KEYS[k], field, amount)
    end
  end
  if count > 0 then
    redis.call('HINCRBY', KEYS[k], '_v', 1)
    redis.call('EXPIRE', KEYS[k], ARGV[2])
    redis.call('SADD', KEYS[2], KEYS[k])
  else
    redis.call('EXPIRE', KEYS[k], ARGV[3])
  end
  i = i + 2 + 2 * math.abs(count)
end
return gone
`;

/** KEYS[1] dirty set, KEYS[2] a counter; ARGV[1] the counter's `_v` when it was copied. */
const CLEAN_IF_UNCHANGED = `
if redis.call('HGET', KEYS[2], '_v') == ARGV[1] or redis.call('EXISTS', KEYS[2]) == 0 then
  return redis.call('SREM', KEYS[1], KEYS[2])
end
return 0
`;

/** KEYS[1] a lock; ARGV[1] its holder's token. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    pfAckAndCount(numKeys: number, ...keysAndArgs: Array<string | number>): Result<string[], Context>;
    pfCleanIfUnchanged(dirty: string, counter: string, version: string): Result<number, Context>;
    pfRelease(lock: string, token: string): Result<number, Context>;
  }
}

/**
 * Counters stay in Redis this long after their day's last record (refreshed on every count): long
 * enough for any record still waiting in the journal to find its day's running total.
 */
const COUNTER_TTL_S = 35 * 86_400;
const DIRTY_BATCH = 500;
/**
 * A drainer copies the counters it counted into at most this often (and at once when idle): under
 * load consecutive batches hit the same org-days and hours, and a copy is an upsert per counter,
 * the drain's dearest write. A copy that took long spaces the next one by twice its time, so copies
 * take at most a third of the drain's time and merge more batches each. Counts, and the audit
 * records a listing finds by them, lag by this much.
 */
const COPY_INTERVAL_MS = 250;
/** Counters one copy takes at most: a copy stays well inside its locks' time to live; the rest wait for the next. */
const COPY_MAX_KEYS = 2_000;

/**
 * Copies of one org-day are made one at a time: FerretDB applies an update by reading and rewriting
 * the document, so two concurrent copies could leave the older totals. A copy holds the day's lock
 * this long at most (a process that dies holding it blocks the day no longer); another copier waits
 * this long for it, then leaves the day to the dirty set's recovery round rather than stall the drain.
 */
const LOCK_TTL_MS = 15_000;
const LOCK_WAIT_MS = 2_000;
/** The counter's change count: set by each count, compared when the copy clears it from the dirty set. */
const VERSION_FIELD = '_v';

const DECISION_FIELD = { ALLOWED: 'allowed', ALLOWED_WITH_MASKING: 'masked', BLOCKED: 'blocked' } as const;

/** MongoDB field names may not contain '.' or start with '$'; detection types never should either. */
const detectionField = (type: string) => `detections.${type.replace(/[.$]/g, '_')}`;

/** Evidence fields live in their own collection; the prefix routes them there when copied. */
const EVIDENCE = 'evidence.';
const EVIDENCE_ACTION = { BLOCK: 'blocked', MASK: 'masked' } as const;

/** Sample fields (`sample.n.<rule>`: checks seen, `sample.s.<rule>.<slot>`: a sample) go to evidence_samples when copied. */
const SAMPLE = 'sample.';

/** What a sample keeps of a check: ids, decision, detected types and counts; never content (nor the summary). */
const sampleOf = (doc: AuditDoc): string =>
  JSON.stringify({ id: doc._id, at: doc.created_at.getTime(), d: doc.decision, t: doc.detected.map((d) => [d.type, d.count]) } satisfies StoredSample);

/**
 * What one record adds to its org-day, as field paths of the rollup documents: analytics, then one
 * evidence increment per fired BLOCK or MASK rule, that rule's last firing ('>' keeps the larger) and
 * the check offered to the rule's reservoir of samples ('?').
 */
export function rollupFields(doc: AuditDoc): Array<[string, number | string]> {
  const fields: Array<[string, number | string]> = [
    ['checks_total', 1],
    [DECISION_FIELD[doc.decision], 1],
    ['bytes_processed', doc.bytes],
    ['prevented', doc.prevented],
    ...doc.detected.map((d): [string, number] => [detectionField(d.type), d.count]),
  ];
  const sample = doc.fired_rules?.length ? sampleOf(doc) : '';
  for (const { rule_id, action } of doc.fired_rules ?? []) {
    const rule = `${EVIDENCE}${rule_id}`;
    fields.push([`${rule}.${EVIDENCE_ACTION[action]}`, 1], [`>${rule}.last_at`, doc.created_at.getTime()], [`?${rule_id}`, `${Math.random()}|${sample}`]);
  }
  return fields.filter(([, amount]) => amount !== 0);
}

/** Audit counts live in their own collections (audit-counts-repository.ts); the prefix routes them there. */
const AUDIT = 'audit.';

/**
 * What one record adds to the audit counts of a scope (its organization, or all of them): to its
 * day's counter, by its categories; to its hour's counter, by its categories and its slot
 * (audit-layout.ts). Hours have counters of their own so that copying one stays small. An
 * organization's counts also go by text key (`x` per day, `k` per slot), so a search is counted too.
 * `d` (and `k.<minute>.~`) count the slot's records stored with ticks: a slot is read by ticks only
 * when all of its records have them (records stored before ticks existed do not).
 */
export function auditCountFields(doc: AuditDoc, scope: string): { day: Array<[string, number]>; hour: Array<[string, number]> } {
  const combo = comboOf(doc, scope);
  const minute = slotInHour(slotOf(doc.created_at));
  const day: Array<[string, number]> = [[`${AUDIT}c.${combo}`, 1]];
  const hour: Array<[string, number]> = [
    [`${AUDIT}c.${combo}`, 1],
    [`${AUDIT}s.${minute}`, 1],
    [`${AUDIT}d.${minute}`, 1],
  ];
  if (scope !== ALL_ORGS) {
    const key = textKeyOf(doc);
    day.push([`${AUDIT}x.${key}`, 1]);
    hour.push([`${AUDIT}k.${minute}.${key}`, 1], [`${AUDIT}k.${minute}.${TICKED}`, 1]);
  }
  return { day, hour };
}

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Every counter one record adds to, with what it adds: its org-day (analytics, evidence, audit), its org-hour, and all organizations' day and hour. */
function counterFields(doc: AuditDoc): Array<{ scope: string; period: string; fields: Array<[string, number | string]> }> {
  const day = utcDay(doc.created_at);
  const hour = hourOf(doc.created_at);
  const own = auditCountFields(doc, doc.org_id);
  const all = auditCountFields(doc, ALL_ORGS);
  return [
    { scope: doc.org_id, period: day, fields: [...rollupFields(doc), ...own.day] },
    { scope: doc.org_id, period: hour, fields: own.hour },
    { scope: ALL_ORGS, period: day, fields: all.day },
    { scope: ALL_ORGS, period: hour, fields: all.hour },
  ];
}

export interface JournalEntry {
  id: string;
  /** Null for an entry that could not be read: acknowledged and dropped, counted nowhere. */
  doc: AuditDoc | null;
}

export class DailyRollups {
  private readonly counterPrefix: string;
  private readonly dirtyKey: string;
  /** Counters this drainer counted into and has not copied yet. */
  private readonly noted = new Set<string>();
  private nextCopy = 0;
  private readonly closedDays: ClosedDayMarks;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly repos: { analytics: AnalyticsRepository; evidence: EvidenceRepository; evidenceSamples: EvidenceSamplesRepository; auditCounts: AuditCountsRepository },
  ) {
    // The journal, these counters, their locks and the dirty set meet in one script or pipeline.
    this.counterPrefix = `${auditKeys(redis, prefix)}analytics:day:`;
    this.dirtyKey = `${auditKeys(redis, prefix)}analytics:dirty`;
    this.closedDays = closedDayMarks(redis, prefix);
    redis.defineCommand('pfAckAndCount', { lua: ACK_AND_COUNT });
    redis.defineCommand('pfCleanIfUnchanged', { numberOfKeys: 2, lua: CLEAN_IF_UNCHANGED });
    redis.defineCommand('pfRelease', { numberOfKeys: 1, lua: RELEASE });
  }

  /** Whether the lock was taken within LOCK_WAIT_MS. */
  private async lock(lock: string, token: string): Promise<boolean> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (let pause = 5; (await this.redis.set(lock, token, 'PX', LOCK_TTL_MS, 'NX')) === null; pause = Math.min(pause * 2, 200)) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    return true;
  }

  /**
   * Takes the locks of the keys, copies the keys it got, releases them; answers the keys it did not
   * get. All are tried at once; with `wait`, those another copier holds are then waited for, one by
   * one in sorted order (so two copiers cannot wait on each other for long), each up to LOCK_WAIT_MS.
   * A key not copied stays in the dirty set (every counted key is there until copied).
   */
  private async locked(keys: string[], wait: boolean, copy: (keys: string[]) => Promise<void>): Promise<string[]> {
    const token = randomUUID();
    const held: string[] = [];
    const missed: string[] = [];
    try {
      const pipeline = this.redis.pipeline();
      for (const key of keys) pipeline.set(`${key}:lock`, token, 'PX', LOCK_TTL_MS, 'NX');
      const replies = (await pipeline.exec()) ?? [];
      keys.forEach((key, i) => (replies[i]?.[1] === 'OK' ? held : missed).push(key));
      if (wait) {
        for (const key of missed.splice(0).sort()) (await this.lock(`${key}:lock`, token) ? held : missed).push(key);
      }
      if (held.length > 0) await copy(held);
    } finally {
      await Promise.all(held.map((key) => this.redis.pfRelease(`${key}:lock`, token)));
    }
    return missed;
  }

  /**
   * Acknowledges and deletes the entries; counts the records of those in `countable` whose
   * acknowledgement is the first, and a recent record in its slot's seconds too (slot-seconds.ts,
   * kept in Redis only). Answers the counters touched, to copy to the store. The batch's counts go
   * summed per counter, so the script's work grows with the counters a batch touches, not with
   * its records: Redis runs nothing else meanwhile, checks' appends included.
   */
  async acknowledge(stream: string, group: string, entries: JournalEntry[], countable: ReadonlySet<string>): Promise<string[]> {
    let counted = entries.filter((entry): entry is { id: string; doc: AuditDoc } => entry.doc !== null && countable.has(entry.id));
    const only = entries.filter(({ id, doc }) => doc === null || !countable.has(id)).map(({ id }) => id);
    for (;;) {
      const { keys, args, copied } = this.countsOf(counted);
      const ids = counted.map(({ id }) => id);
      const gone = await this.redis.pfAckAndCount(keys.length + 2, stream, this.dirtyKey, ...keys, group, COUNTER_TTL_S, SLOT_SECONDS_KEPT_S, ids.length, ...ids, only.length, ...only, ...args);
      if (gone.length === 0) return keys.filter((key) => copied.has(key));
      // Acknowledged by another drainer (it claimed them from us): counted by it, not here.
      const elsewhere = new Set(gone);
      counted = counted.filter(({ id }) => !elsewhere.has(id));
      only.push(...gone);
    }
  }

  /** What the records add, summed per counter, as the script's KEYS (from the third) and counter arguments. */
  private countsOf(records: Array<{ doc: AuditDoc }>): { keys: string[]; args: Array<string | number>; copied: Set<string> } {
    const sums = new Map<string, { copied: boolean; add: Map<string, number>; max: Map<string, number>; offers: Array<[string, string]> }>();
    const counter = (key: string, copied: boolean) => {
      let sum = sums.get(key);
      if (!sum) sums.set(key, (sum = { copied, add: new Map(), max: new Map(), offers: [] }));
      return sum;
    };
    const recent = Date.now() - SLOT_SECONDS_KEPT_S * 1_000;
    for (const { doc } of records) {
      for (const { scope, period, fields } of counterFields(doc)) {
        const sum = counter(`${this.counterPrefix}${scope}:${period}`, true);
        for (const [field, amount] of fields) {
          if (typeof amount === 'string') sum.offers.push([field, amount]);
          else if (field.startsWith('>')) sum.max.set(field, Math.max(amount, sum.max.get(field) ?? 0));
          else sum.add.set(field, amount + (sum.add.get(field) ?? 0));
        }
      }
      if (doc.created_at.getTime() < recent) continue;
      const [slot, second, tenth] = [slotOf(doc.created_at), String(secondInSlot(doc.created_at)), tenthInSlot(doc.created_at)];
      for (const scope of [doc.org_id, ALL_ORGS]) {
        const { add } = counter(slotSecondsKey(this.redis, this.prefix, scope, slot), false);
        add.set(second, 1 + (add.get(second) ?? 0));
        add.set(tenth, 1 + (add.get(tenth) ?? 0));
      }
    }
    const keys: string[] = [];
    const args: Array<string | number> = [];
    const copied = new Set<string>();
    for (const [key, sum] of sums) {
      // KEYS[1] and KEYS[2] are the stream and the dirty set: the n-th counter is KEYS[n + 2].
      const place = keys.push(key) + 2;
      if (sum.copied) copied.add(key);
      const fields = [...sum.add, ...sum.max, ...sum.offers];
      args.push(place, sum.copied ? fields.length : -fields.length, ...fields.flat());
    }
    return { keys, args, copied };
  }

  /**
   * Counts, in the audit counts only, records stored before those counts existed (audit-backfill.ts),
   * and copies them to the store. Not tied to an acknowledgement: the caller counts each record once.
   * `texts` counts only by text key: for records counted by category before text keys existed.
   */
  async countStored(docs: AuditDoc[], only: 'all' | 'texts' = 'all'): Promise<void> {
    const counted = only === 'all' ? [AUDIT] : [`${AUDIT}x.`, `${AUDIT}k.`];
    const keys = new Set<string>();
    const pipeline = this.redis.pipeline();
    for (const doc of docs) {
      for (const { scope, period, fields } of counterFields(doc)) {
        const key = `${this.counterPrefix}${scope}:${period}`;
        keys.add(key);
        for (const [field, amount] of fields) if (counted.some((p) => field.startsWith(p))) pipeline.hincrby(key, field, amount);
      }
    }
    for (const key of keys) pipeline.hincrby(key, VERSION_FIELD, 1).expire(key, COUNTER_TTL_S).sadd(this.dirtyKey, key);
    for (const [err] of (await pipeline.exec()) ?? []) if (err) throw err;
    await this.flush([...keys]);
  }

  /**
   * Copies the counters' totals to the store, then clears from the dirty set those that were not
   * counted into meanwhile (whoever counted them copies them again).
   */
  async flush(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.locked(keys, true, (held) => this.copy(held));
  }

  private async copy(keys: string[]): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.hgetall(key);
    const replies = (await pipeline.exec()) ?? [];
    const rows: DailyTotals[] = [];
    const evidenceRows: EvidenceTotals[] = [];
    const auditRows: AuditCountRows[] = [];
    const sampleRows: SampleTotals[] = [];
    const versions: string[] = [];
    keys.forEach((key, i) => {
      const [err, hash] = replies[i] ?? [];
      if (err) throw err;
      const { [VERSION_FIELD]: version = '', ...fields } = hash as Record<string, string>;
      versions.push(version);
      const totals: Record<string, number> = {};
      const evidence: DayEvidence = {};
      const audit: Record<string, number> = {};
      const samples: DaySamples = {};
      for (const [field, value] of Object.entries(fields)) {
        if (field.startsWith(SAMPLE)) {
          // `sample.n.<rule>` or `sample.s.<rule>.<slot>`
          const [, kind, rule = ''] = field.split('.');
          const reservoir = (samples[rule] ??= { seen: 0, samples: [] });
          if (kind === 'n') reservoir.seen = Number(value);
          else reservoir.samples.push(JSON.parse(value) as StoredSample);
          continue;
        }
        if (field.startsWith(AUDIT)) {
          audit[field.slice(AUDIT.length)] = Number(value);
          continue;
        }
        if (!field.startsWith(EVIDENCE)) {
          totals[field] = Number(value);
          continue;
        }
        // `evidence.<rule id>.<blocked | masked | last_at>`; rule ids hold no '.'.
        const split = field.lastIndexOf('.');
        const rule = field.slice(EVIDENCE.length, split);
        const kind = field.slice(split + 1) as keyof DayEvidence[string];
        (evidence[rule] ??= { blocked: 0, masked: 0, last_at: 0 })[kind] = Number(value);
      }
      // `<org id or *>:<day>` or `<org id or *>:<day>T<hour>`
      const orgDay = key.slice(this.counterPrefix.length);
      const split = orgDay.lastIndexOf(':');
      const [orgId, day] = [orgDay.slice(0, split), orgDay.slice(split + 1)];
      // An expired counter has no fields: its totals reached the store long ago.
      if (Object.keys(totals).length > 0) rows.push({ orgId, day, totals });
      if (Object.keys(evidence).length > 0) evidenceRows.push({ orgId, day, rules: evidence });
      if (Object.keys(audit).length > 0) auditRows.push({ scope: orgId, period: day, counts: audit });
      if (Object.keys(samples).length > 0) sampleRows.push({ orgId, day, rules: samples });
    });
    await Promise.all([
      this.repos.analytics.raise(rows),
      this.repos.evidence.raise(evidenceRows),
      this.repos.evidenceSamples.raise(sampleRows),
      this.repos.auditCounts.raise(auditRows),
    ]);
    // Readers keep closed days in memory until their mark moves; a failure here fails the copy, which is retried.
    await this.closedDays.moved(auditRows.filter((r) => r.period.length === 10 && beforeToday(r.period)).map((r) => r.scope));
    await Promise.all(keys.map((key, i) => this.redis.pfCleanIfUnchanged(this.dirtyKey, key, versions[i]!)));
  }

  /** Counters to copy at the next `copyDue`. */
  note(keys: string[]): void {
    for (const key of keys) this.noted.add(key);
  }

  /** Noted counters not copied yet. */
  get pending(): number {
    return this.noted.size;
  }

  /** Milliseconds until `copyDue` would copy the noted counters (0: due now); Infinity when none are noted. */
  copyDueIn(): number {
    return this.noted.size === 0 ? Infinity : Math.max(0, this.nextCopy - Date.now());
  }

  /** Counters some drainer (this one or another) counted into and has not copied to the store yet. */
  uncopied(): Promise<number> {
    return this.redis.scard(this.dirtyKey);
  }

  /**
   * Copies the noted counters if their time has come (COPY_INTERVAL_MS), or `now`. Counters
   * another copier is copying are not waited for: they stay noted, for the next copy.
   */
  async copyDue(now = false): Promise<void> {
    if (this.noted.size === 0 || (!now && Date.now() < this.nextCopy)) return;
    const started = Date.now();
    const keys = [...this.noted].slice(0, COPY_MAX_KEYS);
    for (const key of keys) this.noted.delete(key);
    try {
      this.note(await this.locked(keys, false, (held) => this.copy(held)));
    } catch (err) {
      this.note(keys);
      throw err;
    } finally {
      this.nextCopy = Date.now() + Math.max(COPY_INTERVAL_MS, 2 * (Date.now() - started));
    }
  }

  /** Copies counters some drainer counted but did not copy (it died, or the store failed). */
  async flushDirty(): Promise<void> {
    const keys = await this.redis.srandmember(this.dirtyKey, DIRTY_BATCH);
    // Keys being copied right now are left in the dirty set: whoever copies them clears them.
    if (keys.length > 0) await this.locked(keys, false, (held) => this.copy(held));
  }
}
