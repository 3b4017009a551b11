// The piscina pool that runs detection. Any failure to scan is an error, never an empty result:
// the caller answers 503 rather than letting content through unchecked.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { CheckOutcome } from '../engine/types.js';
import { Errors } from '../errors.js';
import { activeSpan } from '../tracing/spans.js';
import { checkText, checkTextWithPlan, checkTextWithSpans, type CheckTextTask, type PlannedOutcome, type SpannedOutcome } from './thread.js';

export interface DetectPoolOptions {
  threads: number;
  /** Threads kept when idle (default: all); the others start on demand and exit after a minute idle. */
  minThreads?: number;
  maxQueue: number;
  timeoutMs: number;
  /** Texts up to this many characters are scanned on the calling thread (see docs/decisions.md). */
  inlineMaxChars: number;
}

/** Built code loads the compiled worker; under tsx (dev, tests) a small loader imports the TypeScript one. */
function workerFile(): string {
  const fromTypeScript = extname(fileURLToPath(import.meta.url)) === '.ts';
  return fileURLToPath(new URL(fromTypeScript ? './thread.dev.mjs' : './thread.js', import.meta.url));
}

export class DetectPool {
  private readonly pool: Piscina;
  /** Tasks running or waiting; beyond threads + maxQueue a check is refused, not queued without bound. */
  private inFlight = 0;

  constructor(private readonly opts: DetectPoolOptions) {
    this.pool = new Piscina({
      filename: workerFile(),
      minThreads: opts.minThreads ?? opts.threads,
      maxThreads: opts.threads,
      maxQueue: opts.maxQueue + opts.threads,
      idleTimeout: 60_000,
    });
  }

  /** Starts the worker threads and waits until each has loaded the engine. */
  async warmUp(): Promise<void> {
    const probe = { text: '', options: { rules: [], destination: 'AI_TOOL', masking: 'label', hashKey: 'warm-up' } } as const;
    await Promise.all(Array.from({ length: this.opts.threads }, () => this.pool.run(probe, { name: 'checkText' })));
  }

  /**
   * Texts up to this length scan on the calling thread. Each custom pattern adds RE2 work of up to
   * about 2 µs per character in the worst case (docs/detectors/custom.md), so the inline budget is
   * shared among them: the event loop's worst pause stays bounded however many patterns a policy has.
   */
  private inlineLimit(task: CheckTextTask): number {
    const patterns = task.options.customDetectors?.filter((d) => d.pattern !== undefined).length ?? 0;
    return Math.floor(this.opts.inlineMaxChars / Math.max(1, patterns));
  }

  checkText(task: CheckTextTask): Promise<CheckOutcome> {
    return this.run(task, 'checkText', checkText);
  }

  /** The check with its mask plan: a file is masked in its own format from the plan. */
  checkWithPlan(task: CheckTextTask): Promise<PlannedOutcome> {
    return this.run(task, 'checkTextWithPlan', checkTextWithPlan);
  }

  /** The check with where each finding is in the text. */
  checkWithSpans(task: CheckTextTask): Promise<SpannedOutcome> {
    return this.run(task, 'checkTextWithSpans', checkTextWithSpans);
  }

  private async run<T>(task: CheckTextTask, name: string, inline: (task: CheckTextTask) => T): Promise<T> {
    // A short text scans in tens of microseconds, less than a hop to a worker thread costs; the
    // engine is linear-time, so this bounds the event loop's pause to well under a millisecond.
    // A policy whose settings fail to compile fails here or in the thread: 503, never unchecked.
    const inlined = task.text.length <= this.inlineLimit(task);
    activeSpan()?.setAttribute('preflight.detect.mode', inlined ? 'inline' : 'pool');
    if (inlined) {
      try {
        return inline(task);
      } catch (err) {
        throw Object.assign(Errors.detectionFailed(), { cause: err });
      }
    }
    if (this.inFlight >= this.opts.threads + this.opts.maxQueue) throw Errors.detectionOverloaded();
    this.inFlight += 1;
    try {
      return (await this.pool.run(task, { name, signal: AbortSignal.timeout(this.opts.timeoutMs) })) as T;
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError') throw Errors.detectionTimeout();
      throw Object.assign(Errors.detectionFailed(), { cause: err });
    } finally {
      this.inFlight -= 1;
    }
  }

  async close(): Promise<void> {
    await this.pool.close({ force: false });
  }
}
