// Starts the API process's audit drain on a thread of its own (thread.ts) and speaks to it by
// messages. A thread that dies is started again: until it is, records wait in the journal (checks
// go on being journaled, and are refused only at AUDIT_MAX_BACKLOG, as with any stalled drain).
import { EventEmitter } from 'node:events';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Config } from '../../config/index.js';
import type { RecordedTally } from '../../metrics/counters.js';
import type { DrainThreadData, FromThread, ToThread } from './messages.js';

/** A thread that died is started again after this long (and as long again after each failed start). */
const RESTART_MS = 1_000;
/** How long close() lets the thread finish its batch and close its clients before ending it. */
const CLOSE_TIMEOUT_MS = 10_000;

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Built code starts the compiled thread; under tsx (dev, tests) a small loader imports the TypeScript one. */
function threadFile(): URL {
  const fromTypeScript = extname(fileURLToPath(import.meta.url)) === '.ts';
  return new URL(fromTypeScript ? './thread.dev.mjs' : './thread.js', import.meta.url);
}

/** Events: 'recorded' (a batch stored, summed for the counters), 'started' (each time a thread is up). */
export class DrainThread extends EventEmitter<{ recorded: [RecordedTally]; started: [] }> {
  private worker: Worker | null = null;
  /** The thread being started, until it drains or fails. */
  private starting: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  private closing = false;

  private constructor(
    private readonly config: Config,
    private readonly log: Logger,
  ) {
    super();
  }

  /** Resolves once the thread drains; rejects if it cannot start (the store or Redis unreachable). */
  static async start(config: Config, log: Logger): Promise<DrainThread> {
    const thread = new DrainThread(config, log);
    await thread.spawn();
    return thread;
  }

  private spawn(): Promise<void> {
    const worker = new Worker(threadFile(), { workerData: { config: this.config } satisfies DrainThreadData, name: 'preflight-audit-drain' });
    this.starting = worker;
    return new Promise((resolve, reject) => {
      worker.on('message', (message: FromThread) => {
        switch (message.kind) {
          case 'ready':
            this.starting = null;
            this.worker = worker;
            this.emit('started');
            resolve();
            break;
          case 'failed':
            this.starting = null;
            reject(new Error(`the audit drain thread could not start: ${message.error}`));
            void worker.terminate();
            break;
          case 'done':
            this.answer(message.id, message.error);
            break;
          case 'recorded':
            this.emit('recorded', message.tally);
            break;
          case 'log':
            this.log[message.level](message.obj, message.msg);
            break;
        }
      });
      worker.on('error', (err) => this.log.error({ err: err.message }, 'audit drain thread failed'));
      worker.once('exit', (code) => {
        if (this.starting === worker) this.starting = null;
        reject(new Error(`the audit drain thread exited while starting (code ${code})`));
        this.exited(worker, code);
      });
    });
  }

  private exited(worker: Worker, code: number): void {
    if (worker !== this.worker) return;
    this.worker = null;
    for (const id of [...this.pending.keys()]) this.answer(id, 'the audit drain thread exited');
    if (this.closing) return;
    this.log.error({ code }, 'audit drain thread exited; starting it again');
    this.restartLater();
  }

  private restartLater(): void {
    setTimeout(() => {
      if (this.closing) return;
      this.spawn().catch((err: Error) => {
        if (this.closing) return;
        this.log.error({ err: err.message }, 'audit drain thread did not start; trying again');
        this.restartLater();
      });
    }, RESTART_MS).unref();
  }

  private answer(id: number, error: string | undefined): void {
    const waiter = this.pending.get(id);
    this.pending.delete(id);
    if (error === undefined) waiter?.resolve();
    else waiter?.reject(new Error(error));
  }

  private request(op: ToThread['op']): Promise<void> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('the audit drain thread is not running (it is being started again)'));
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, op } satisfies ToThread);
    });
  }

  /** Resolves once the journal is empty and every record drained so far is stored, counted and copied. */
  settled(): Promise<void> {
    return this.request('settled');
  }

  /** Stops draining after the batch in hand (the thread stays up); start() drains again. */
  stop(): Promise<void> {
    return this.request('stop');
  }

  start(): Promise<void> {
    return this.request('start');
  }

  /** Finishes the batch in hand, closes the thread's clients and ends it. */
  async close(): Promise<void> {
    this.closing = true;
    // One being started again has nothing in hand yet.
    await this.starting?.terminate();
    const worker = this.worker;
    if (!worker) return;
    const timeout = new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
    await Promise.race([this.request('close').catch((err: Error) => this.log.warn({ err: err.message }, 'closing the audit drain thread failed')), timeout]);
    await worker.terminate();
  }
}
