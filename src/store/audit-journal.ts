// The audit journal: a check's audit record is appended to a Redis stream before the check is
// answered, so an answered check is never lost if the process dies; AuditDrainer moves the records
// into MongoDB in large batches and deletes them from the stream. Appends from concurrent requests
// are auto-pipelined by ioredis, so recording costs about one Redis round trip per check instead of
// one store write.
import type { Redis, Result } from 'ioredis';
import { JournalClosedError, JournalFullError, withRedis } from './errors.js';
import type { AuditDoc } from './audit-repository.js';
import { idTime } from './ids.js';
import { auditKeys } from './redis-keys.js';

/** How far a record's stream entry may predate its id's clock (clock skew between hosts). */
const CLOCK_SKEW_MS = 60_000;
const SCAN_PAGE = 500;
const SCAN_MAX_PAGES = 20;
/** How long a check that may be retried (a file check) remembers that it was recorded. */
const RECORDED_TTL_S = 7 * 86_400;
/** KEYS[1] stream, KEYS[2] the check's "recorded" marker; ARGV[1] record, ARGV[2] marker TTL (s). */
const APPEND_ONCE = `
if redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[2]) then
  redis.call('XADD', KEYS[1], '*', 'd', ARGV[1])
  return 1
end
return 0
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    pfAppendOnce(stream: string, marker: string, record: string, ttlS: number): Result<number, Context>;
  }
}

/** The backlog is measured at most this often, by the appending process itself. */
const BACKLOG_MEASURE_MS = 100;
/** An append held by the throttle measures the backlog again this often ... */
const THROTTLE_POLL_MS = 20;
/** ... for at most this long, then goes on. */
export const THROTTLE_MAX_WAIT_MS = 1_000;
/**
 * The drain counts as moving while the backlog was last seen to fall within this long; it falls a
 * batch at a time, and a batch of 1,000 can take over a second at saturation. A drain not moving (the
 * store is down) is not waited for.
 */
export const STALL_MS = 3_000;
/**
 * A backlog this many times the throttle's is an outage's (the store was down), not load's: the journal
 * is there to absorb it, so checks are not held while it drains.
 */
const OUTAGE_FACTOR = 5;

export function journalKey(redis: Redis, prefix: string): string {
  return `${auditKeys(redis, prefix)}audit:journal`;
}

/** `_id` first, so a record can be recognised in the journal without parsing it. */
export function encodeAudit({ _id, ...rest }: AuditDoc): string {
  return JSON.stringify({ _id, ...rest });
}

export function decodeAudit(json: string): AuditDoc {
  const doc = JSON.parse(json) as AuditDoc & { created_at: string };
  // Records journaled by a release before `prevented` existed may still be waiting in the stream.
  return { ...doc, prevented: doc.prevented ?? 0, created_at: new Date(doc.created_at) };
}

export class AuditJournal {
  readonly stream: string;
  /** The Redis key prefix, for the state kept beside the stream (daily-rollups.ts). */
  readonly prefix: string;
  /** Entries not yet drained, as last measured; at maxBacklog checks are refused (fail closed). */
  private backlog = 0;
  private measuredAt = 0;
  private closed = false;
  /** Appends held until the drain catches up wait on this together. */
  private caughtUp: Promise<void> | null = null;
  /** When a measurement last found the backlog lower than the one before (at first: when this journal was made). */
  private fellAt = Date.now();

  /**
   * `throttleAt` (0: never): from this backlog on, an append first waits for the drain to take the
   * backlog under it (THROTTLE_MAX_WAIT_MS at most), so under sustained load checks go no faster than
   * the store keeps their records, and the audit trail lags them by a bounded time. A drain that does
   * not move (the store is down) and an outage's backlog are not waited for: the journal absorbs
   * those, up to maxBacklog (docs/architecture.md, "The audit journal").
   */
  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly maxBacklog: number,
    private readonly throttleAt = 0,
  ) {
    this.stream = journalKey(redis, prefix);
    this.prefix = prefix;
    if (!this.redis.pfAppendOnce) this.redis.defineCommand('pfAppendOnce', { numberOfKeys: 2, lua: APPEND_ONCE });
  }

  async append(doc: AuditDoc): Promise<void> {
    await this.guarded(() => this.redis.xadd(this.stream, '*', 'd', encodeAudit(doc)));
  }

  /**
   * Appends a record whose check may run more than once (a file job retried after its worker died):
   * only the first append of an id is journaled. Returns whether this call recorded it.
   */
  async appendOnce(doc: AuditDoc): Promise<boolean> {
    const marker = `${auditKeys(this.redis, this.prefix)}audit:recorded:${doc._id}`;
    return (await this.guarded(() => this.redis.pfAppendOnce(this.stream, marker, encodeAudit(doc), RECORDED_TTL_S))) === 1;
  }

  private async guarded<T>(write: () => Promise<T>): Promise<T> {
    if (this.closed) throw new JournalClosedError();
    return withRedis(async () => {
      // Measured here rather than by a drainer: an API process that does not drain must still see it.
      if (Date.now() - this.measuredAt >= BACKLOG_MEASURE_MS) await this.measure();
      if (this.backlog >= this.maxBacklog) throw new JournalFullError();
      if (this.holds()) await (this.caughtUp ??= this.drainCatchUp().finally(() => (this.caughtUp = null)));
      return write();
    });
  }

  private holds(): boolean {
    const load = this.backlog >= this.throttleAt && this.backlog < OUTAGE_FACTOR * this.throttleAt;
    return this.throttleAt > 0 && load && Date.now() - this.fellAt < STALL_MS;
  }

  private async measure(): Promise<void> {
    this.measuredAt = Date.now();
    const backlog = await this.length();
    if (backlog < this.backlog) this.fellAt = Date.now();
    this.backlog = backlog;
  }

  private async drainCatchUp(): Promise<void> {
    const deadline = Date.now() + THROTTLE_MAX_WAIT_MS;
    while (this.holds() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, THROTTLE_POLL_MS));
      await this.measure();
    }
  }

  /** Records appended and not yet drained into the store. */
  length(): Promise<number> {
    return this.redis.xlen(this.stream);
  }

  /**
   * A record appended but not yet in the store. The stream holds only undrained records and its
   * entry ids are Redis's clock in ms, so the search walks back from the newest entry only as far
   * as shortly before the record's id was made: normally a handful of entries.
   */
  async pending(id: string): Promise<AuditDoc | null> {
    const made = idTime(id);
    if (made === null) return null;
    const prefix = `{"_id":${JSON.stringify(id)},`;
    const floor = String(Math.max(0, made - CLOCK_SKEW_MS));
    let end = '+';
    for (let page = 0; page < SCAN_MAX_PAGES; page += 1) {
      const entries = (await this.redis.xrevrange(this.stream, end, floor, 'COUNT', SCAN_PAGE)) as Array<[string, string[]]>;
      for (const [, fields] of entries) {
        const json = fields[1];
        if (json?.startsWith(prefix)) return decodeAudit(json);
      }
      const last = entries.at(-1);
      if (!last || entries.length < SCAN_PAGE) return null;
      end = `(${last[0]}`;
    }
    return null;
  }

  close(): void {
    this.closed = true;
  }
}
