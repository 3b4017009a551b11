// Keeps the processes of the local stack running (`npm start`, docs/operations.md "Local supervision"):
// a child that crashes (a non-zero exit, or a signal the supervisor did not send) is started again
// after a backoff that doubles with each quick crash, up to a cap; after `maxQuickCrashes` quick
// crashes in a row the supervisor gives up and stops everything with a non-zero exit code. A child
// that exits 0 by itself was stopped on purpose: the stack stops with it. stop() ends every child
// with the signal given, and SIGKILLs what is still running after `stopTimeoutMs`.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';

export interface Program {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
}

export interface SupervisorOptions {
  /** Wait before the first restart; doubles with each quick crash in a row. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A child up this long ran well: its next crash starts the count again. */
  stableMs: number;
  /** Quick crashes in a row (of one child) after which the stack is stopped. */
  maxQuickCrashes: number;
  /** After stop(): how long children get to exit before SIGKILL (longer than their own shutdown limit). */
  stopTimeoutMs: number;
  log: (line: string) => void;
  stdio: StdioOptions;
}

export const SUPERVISOR_DEFAULTS: SupervisorOptions = {
  backoffMs: 1_000,
  maxBackoffMs: 15_000,
  stableMs: 30_000,
  maxQuickCrashes: 5,
  stopTimeoutMs: 20_000,
  log: (line) => console.error(`preflight: ${line}`),
  stdio: 'inherit',
};

interface Slot {
  program: Program;
  child: ChildProcess | null;
  startedAt: number;
  quickCrashes: number;
  restart: NodeJS.Timeout | null;
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `signal ${signal}` : `code ${code}`);

export class Supervisor {
  private readonly opts: SupervisorOptions;
  private readonly slots: Slot[];
  /** The signal stop() sent: a child ended by it stopped as asked. */
  private stopping: NodeJS.Signals | null = null;
  private exitCode = 0;
  private resolveDone!: (code: number) => void;
  /** Resolves with the stack's exit code once every child has ended for good. */
  readonly done = new Promise<number>((resolve) => (this.resolveDone = resolve));

  constructor(programs: Program[], opts: Partial<SupervisorOptions> = {}) {
    this.opts = { ...SUPERVISOR_DEFAULTS, ...opts };
    this.slots = programs.map((program) => ({ program, child: null, startedAt: 0, quickCrashes: 0, restart: null }));
  }

  start(): this {
    for (const slot of this.slots) this.spawn(slot);
    return this;
  }

  /** The running child of a program (tests and logs); null between a crash and its restart. */
  pid(name: string): number | undefined {
    return this.slots.find((s) => s.program.name === name)?.child?.pid;
  }

  /** Ends every child with `signal`; resolves with the stack's exit code. */
  stop(signal: NodeJS.Signals = 'SIGTERM', exitCode = this.exitCode): Promise<number> {
    if (!this.stopping) {
      this.stopping = signal;
      this.exitCode = exitCode;
      const kill = setTimeout(() => {
        for (const slot of this.slots) {
          if (!slot.child) continue;
          this.opts.log(`${slot.program.name} did not stop within ${this.opts.stopTimeoutMs} ms; killing it`);
          slot.child.kill('SIGKILL');
        }
      }, this.opts.stopTimeoutMs);
      kill.unref();
      for (const slot of this.slots) {
        if (slot.restart) clearTimeout(slot.restart);
        slot.restart = null;
        slot.child?.kill(signal);
      }
      this.settle();
    }
    return this.done;
  }

  private spawn(slot: Slot): void {
    const { name, command, args, env } = slot.program;
    const child = spawn(command, args, { stdio: this.opts.stdio, env: env ?? process.env });
    slot.child = child;
    slot.startedAt = Date.now();
    slot.restart = null;
    this.opts.log(`${name} started (pid ${child.pid})`);
    // A command that cannot be run at all also ends in 'exit' (code -2 and the like) or only 'error'.
    child.once('error', (err) => {
      if (child.exitCode === null && child.signalCode === null && child.pid === undefined) this.exited(slot, child, 127, null, err.message);
    });
    child.once('exit', (code, signal) => this.exited(slot, child, code, signal));
  }

  private exited(slot: Slot, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null, reason?: string): void {
    if (slot.child !== child) return;
    slot.child = null;
    const { name } = slot.program;
    const ranMs = Date.now() - slot.startedAt;
    if (this.stopping) {
      this.opts.log(`${name} stopped (${describeExit(code, signal)})`);
      if (code !== 0 && signal !== this.stopping) this.exitCode = this.exitCode || 1;
      this.settle();
      return;
    }
    if (code === 0) {
      this.opts.log(`${name} exited by itself (code 0); stopping the stack`);
      void this.stop('SIGTERM', 0);
      return;
    }
    slot.quickCrashes = ranMs < this.opts.stableMs ? slot.quickCrashes + 1 : 1;
    const what = `${name} crashed (${reason ?? describeExit(code, signal)}) after ${(ranMs / 1000).toFixed(1)} s`;
    if (slot.quickCrashes >= this.opts.maxQuickCrashes) {
      this.opts.log(`${what}: ${slot.quickCrashes} crashes in a row within ${this.opts.stableMs / 1000} s of starting; giving up and stopping the stack`);
      void this.stop('SIGTERM', 1);
      return;
    }
    const delay = Math.min(this.opts.maxBackoffMs, this.opts.backoffMs * 2 ** (slot.quickCrashes - 1));
    this.opts.log(`${what}; restarting it in ${delay} ms (crash ${slot.quickCrashes} in a row, at most ${this.opts.maxQuickCrashes})`);
    slot.restart = setTimeout(() => this.spawn(slot), delay);
  }

  private settle(): void {
    if (this.slots.every((s) => s.child === null)) this.resolveDone(this.exitCode);
  }
}
