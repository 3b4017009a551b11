// Moves audit records from the Redis journal into MongoDB. Every process runs one; they share the
// work through a consumer group. A record is acknowledged and removed only after the store has it;
// records a crashed process had read are claimed by another after `claimIdleMs`. Inserts are
// idempotent by _id, so a record written twice (a crash between insert and ack) is stored once.
// Acknowledging also counts each record, exactly once, in its org-day analytics (daily-rollups.ts).
// Events: 'drained' after each round, 'recorded' (the records this round stored) for metrics.
import { EventEmitter, once } from 'node:events';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { duplicateRedis, reconnect } from './redis-client.js';
import type { AnalyticsRepository } from './analytics-repository.js';
import type { AuditCountsRepository } from './audit-counts-repository.js';
import type { AuditDoc, AuditRepository } from './audit-repository.js';
import { decodeAudit, type AuditJournal } from './audit-journal.js';
import { DailyRollups, type JournalEntry } from './daily-rollups.js';
import type { EvidenceRepository } from './evidence-repository.js';
import type { EvidenceSamplesRepository } from './evidence-samples-repository.js';

const GROUP = 'audit-writers';
const BLOCK_MS = 1_000;
/** A read's block while a copy of counters runs and more are noted (read()). */
const COPY_WAIT_MS = 100;
/**
 * Counters a drainer may hold counted but not copied before it stops draining to copy them. Live
 * traffic touches a few org-hours at a time, far below this; records spread over many hours (a
 * journal caught up after an outage, an import) touch a counter or more each. Unbounded, their
 * backlog grew this process's memory and delayed every listing that finds records by the counts
 * (bench scale, 2026-11-28: ~200,000 counters left when seeding ended).
 */
export const PENDING_LIMIT = 10_000;

export interface DrainerOptions {
  batchSize: number;
  blockMs: number;
  claimIdleMs: number;
  /**
   * After a batch smaller than batchSize, how long to let records gather before reading again. Each
   * batch costs its store commands and acknowledging script whatever its size: at 2,000 checks/s a
   * drain that read as soon as it could took ~30 records a batch. Records reach the store this much
   * later; GET by id finds them in the journal meanwhile.
   */
  gatherMs: number;
  /** PENDING_LIMIT unless a test sets it. */
  pendingLimit?: number;
}

type StreamEntry = [id: string, fields: string[]];

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DrainTargets {
  audit: AuditRepository;
  rollups: DailyRollups;
  /**
   * Runs on each batch once it is stored and before it is acknowledged (webhook events of checks):
   * if it fails, the batch is not acknowledged and is tried again, so what it does is done at least
   * once per record. It must be idempotent.
   */
  beforeAck?: (docs: AuditDoc[]) => Promise<void>;
}

export class AuditDrainer extends EventEmitter {
  private readonly consumer = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private stopping = false;
  private reading = false;
  private loop: Promise<void> | null = null;
  private lastRecovery = 0;
  /** After a failed batch, its entries are still ours: retry them before reading new ones. */
  private retryOwn = false;
  /** A batch is between read and stored, acknowledged and counted. */
  private busy = false;
  /** The copy of counted totals to the store, which runs beside the next batches (one at a time). */
  private copying: Promise<void> | null = null;
  /** Callers waiting in settled(): the drain reads again at once instead of gathering. */
  private waiting = 0;

  constructor(
    private readonly blocking: Redis,
    private readonly journal: AuditJournal,
    private readonly targets: DrainTargets,
    private readonly opts: DrainerOptions,
    private readonly log: Logger,
  ) {
    super();
  }

  async start(): Promise<void> {
    this.stopping = false;
    // stop() may have cut the connection to end a blocked read.
    await reconnect(this.blocking);
    try {
      await this.blocking.xgroup('CREATE', this.journal.stream, GROUP, '0', 'MKSTREAM');
    } catch (err) {
      if (!String(err).includes('BUSYGROUP')) throw err;
    }
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      try {
        const entries = (await this.recover()) ?? (await this.read(this.retryOwn ? '0' : '>'));
        if (this.retryOwn && entries.length === 0) this.retryOwn = false;
        if (entries.length > 0) {
          this.busy = true;
          await this.persist(entries);
          this.busy = false;
        }
        // Idle: what was counted is copied now; under load, every COPY_INTERVAL_MS (daily-rollups.ts),
        // while the next batches are stored: a copy of hundreds of org-days must not stall the drain.
        this.copy(entries.length === 0);
        await this.copyBacklog();
        failures = 0;
        this.emit('drained');
        if (entries.length > 0 && entries.length < this.opts.batchSize) await this.gather();
      } catch (err) {
        this.busy = false;
        if (this.stopping) break;
        failures += 1;
        this.retryOwn = true;
        this.log.warn({ err: (err as Error).message, failures }, 'audit drain failed; will retry');
        await this.pause(Math.min(5_000, 100 * 2 ** Math.min(failures, 6)));
      }
    }
  }

  private copy(now: boolean): void {
    if (this.copying) return;
    this.copying = this.targets.rollups
      .copyDue(now)
      .catch((err: Error) => this.log.warn({ err: err.message }, 'copying audit counts failed; will retry'))
      .finally(() => {
        this.copying = null;
        this.emit('drained');
      });
  }

  /**
   * Past the pending limit, copies before the next batch is read, until the backlog is under it or a
   * copy makes no headway (the store fails, or another copier holds the counters: the drain goes on).
   */
  private async copyBacklog(): Promise<void> {
    const { rollups } = this.targets;
    const limit = this.opts.pendingLimit ?? PENDING_LIMIT;
    if (rollups.pending <= limit) return;
    await this.copying;
    for (let before = Infinity; rollups.pending > limit && rollups.pending < before && !this.stopping; ) {
      before = rollups.pending;
      this.copy(true);
      await this.copying;
    }
  }

  /**
   * What a dead or failed drainer left: analytics it counted but did not copy to the store, and
   * records it read long ago and never acknowledged (claimed here).
   */
  private async recover(): Promise<StreamEntry[] | null> {
    if (Date.now() - this.lastRecovery < this.opts.claimIdleMs / 2) return null;
    this.lastRecovery = Date.now();
    await this.targets.rollups.flushDirty();
    const [, entries] = (await this.blocking.xautoclaim(
      this.journal.stream,
      GROUP,
      this.consumer,
      this.opts.claimIdleMs,
      '0-0',
      'COUNT',
      this.opts.batchSize,
    )) as [string, StreamEntry[]];
    return entries.length > 0 ? entries : null;
  }

  /**
   * '>' reads entries no consumer has seen, blocking a while if there are none; '0' re-reads our own.
   * With counters noted and not copied, it blocks only until their copy is due: a quiet drain copies
   * them then, so a listing finds a check within a copy interval of its storing (docs/store.md,
   * "How soon a check is listed"), not a whole block later.
   */
  private async read(from: '>' | '0'): Promise<StreamEntry[]> {
    this.reading = true;
    // While a copy runs, what it left noted waits for it: poll at COPY_WAIT_MS rather than spin.
    const due = this.copying ? COPY_WAIT_MS : this.targets.rollups.copyDueIn();
    const block = Math.max(1, Math.min(this.opts.blockMs, Math.ceil(due)));
    try {
      const result = (await this.blocking.xreadgroup(
        'GROUP',
        GROUP,
        this.consumer,
        'COUNT',
        this.opts.batchSize,
        'BLOCK',
        block,
        'STREAMS',
        this.journal.stream,
        from,
      )) as Array<[string, StreamEntry[]]> | null;
      return result?.[0]?.[1] ?? [];
    } finally {
      this.reading = false;
    }
  }

  private async persist(entries: StreamEntry[]): Promise<void> {
    const read: JournalEntry[] = entries.map(([id, fields]) => {
      const json = fields[fields.indexOf('d') + 1];
      try {
        if (json === undefined) throw new Error('no record field');
        return { id, doc: decodeAudit(json) };
      } catch (err) {
        // A record that cannot be read can never be stored; keeping it would stall the journal.
        this.log.error({ entry: id, err: (err as Error).message }, 'dropping unreadable audit journal entry');
        return { id, doc: null };
      }
    });
    const docs = read.flatMap(({ id, doc }) => (doc ? [{ ...doc, journal_entry: id }] : []));
    const countable = docs.length > 0 ? await this.targets.audit.storeOnce(docs) : new Set<string>();
    if (docs.length > 0) await this.targets.beforeAck?.(docs);
    const { rollups } = this.targets;
    rollups.note(await rollups.acknowledge(this.journal.stream, GROUP, read, countable));
    const stored = docs.filter((doc) => countable.has(doc.journal_entry));
    if (stored.length > 0) this.emit('recorded', stored);
  }

  private async pause(ms: number, ...cutBy: string[]): Promise<void> {
    const cut = new AbortController();
    await Promise.race([new Promise((r) => setTimeout(r, ms).unref()), ...['stop', ...cutBy].map((event) => once(this, event, { signal: cut.signal }))]).finally(() => cut.abort());
  }

  /** Lets records gather for the next batch, unless someone waits for the drain to settle. */
  private async gather(): Promise<void> {
    if (this.opts.gatherMs > 0 && this.waiting === 0 && !this.stopping) await this.pause(this.opts.gatherMs, 'hurry');
  }

  /** Resolves once the journal is empty and every record drained so far, by any drainer, is stored, counted and copied. */
  async settled(): Promise<void> {
    const { rollups } = this.targets;
    this.waiting += 1;
    this.emit('hurry');
    try {
      // Another process's drainer may have stored a record whose counts it copies later: wait for those too.
      while (this.busy || this.copying || rollups.pending > 0 || (await this.journal.length()) > 0 || (await rollups.uncopied()) > 0) await once(this, 'drained');
    } finally {
      this.waiting -= 1;
    }
  }

  /** Finishes the batch in hand, then stops; entries not yet read stay in the journal for others. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.emit('stop');
    // A blocked read would hold the loop for up to blockMs: cut it short.
    if (this.reading) this.blocking.disconnect();
    await this.loop;
    // Connected again before the copy in hand is awaited: on a single Redis the cut failed its
    // commands, but a Cluster holds them in its offline queue until it reconnects.
    await reconnect(this.blocking).catch(() => undefined);
    await this.copying;
    // Counters not copied now stay in the dirty set, for any drainer's recovery round.
    await this.targets.rollups.copyDue(true).catch(() => undefined);
    this.blocking.disconnect();
  }
}

/** A drainer on its own connection (its reads block), started; API and worker processes both use this. */
export async function startAuditDrainer(
  redis: Redis,
  journal: AuditJournal,
  store: { audit: AuditRepository; auditCounts: AuditCountsRepository; analytics: AnalyticsRepository; evidence: EvidenceRepository; evidenceSamples: EvidenceSamplesRepository },
  opts: { batchSize: number; claimIdleMs: number; gatherMs: number; beforeAck?: DrainTargets['beforeAck'] },
  log: Logger,
): Promise<AuditDrainer> {
  const blocking = duplicateRedis(redis, {
    connectionName: 'preflight-audit-drainer',
    commandTimeout: BLOCK_MS + 5_000,
    enableAutoPipelining: false,
    lazyConnect: true,
  });
  blocking.on('error', (err: Error) => log.warn({ err: err.message }, 'redis connection error (audit drainer)'));
  await blocking.connect();
  const rollups = new DailyRollups(blocking, journal.prefix, store);
  const { beforeAck, ...drain } = opts;
  const drainer = new AuditDrainer(blocking, journal, { audit: store.audit, rollups, ...(beforeAck && { beforeAck }) }, { ...drain, blockMs: BLOCK_MS }, log);
  await drainer.start();
  return drainer;
}
