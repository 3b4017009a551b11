// A pool of reused tesseract.js workers (English, LSTM). Everything loads from node_modules: the
// WebAssembly core from tesseract.js-core, the language data from @tesseract.js-data/eng; nothing is
// fetched and nothing is cached to disk. tesseract.js's own scheduler cannot drop a worker, and a
// job on a worker thread that died never settles; so this pool replaces a worker after any failure
// and bounds every job with a timeout. Each worker holds about 120 MiB, and most checks are text: a
// worker starts on the first job that needs it and exits after idling (docs/files.md, "OCR").
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createWorker, OEM, type Block, type Worker } from 'tesseract.js';
import type { Box } from './types.js';

const ENG = createRequire(import.meta.url)('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };

export interface OcrWordText {
  text: string;
  box: Box;
}

export interface OcrResult {
  /** Words in reading order, grouped by line; boxes in pixels of the image. */
  lines: OcrWordText[][];
}

export interface OcrPool {
  recognize(png: Buffer): Promise<OcrResult>;
  /** Lets running jobs finish, refuses new and queued ones, then stops the workers. */
  close(): Promise<void>;
}

export interface OcrWorkerPool extends OcrPool {
  /** Workers started and not yet exited (on idling or failing): none before the first job. */
  started(): number;
}

export interface OcrPoolOptions {
  workers: number;
  /** A job (starting its worker included) that takes longer fails and its worker is replaced. */
  timeoutMs?: number;
  /** A worker idle this long exits; the next job starts one again. */
  idleMs?: number;
}

/** OCR failed or timed out: not a verdict on the file, so the caller may try again (fail closed meanwhile). */
export class OcrError extends Error {
  override readonly name = 'OcrError';
}

function startWorker(): Promise<Worker> {
  return new Promise((resolve, reject) => {
    createWorker('eng', OEM.LSTM_ONLY, {
      langPath: ENG.langPath,
      gzip: ENG.gzip,
      cacheMethod: 'none',
      // Without a handler, tesseract.js rethrows a failed job inside its message listener, which
      // kills the process. Before the worker is up, it is also the only sign that start-up failed.
      errorHandler: (err: unknown) => reject(new OcrError(`The OCR worker failed: ${String(err)}`)),
    }).then(resolve, reject);
  });
}

function linesOf(blocks: Block[] | null): OcrWordText[][] {
  const lines: OcrWordText[][] = [];
  for (const block of blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words.filter((w) => w.text.trim()).map(({ text, bbox: { x0, y0, x1, y1 } }) => ({ text: text.trim(), box: { x0, y0, x1, y1 } }));
        if (words.length) lines.push(words);
      }
    }
  }
  return lines;
}

function withTimeout<T>(job: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrError(`OCR took longer than ${ms} ms.`)), ms);
  });
  return Promise.race([job, timeout]).finally(() => clearTimeout(timer));
}

interface Slot {
  /** Null until a job needs it, and again once it idled out or failed. */
  worker: Promise<Worker> | null;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Terminates a worker once it is up, deferred past the microtasks in which a recognize call made on
 * it posts its job: terminated first, that call never settles and tesseract.js rejects unhandled.
 */
const stop = (worker: Promise<Worker> | null) =>
  worker
    ?.then((w) => new Promise<void>((posted) => setImmediate(posted)).then(() => w.terminate()))
    .catch(() => {});

export async function createOcrPool({ workers, timeoutMs = 120_000, idleMs = 300_000 }: OcrPoolOptions): Promise<OcrWorkerPool> {
  // With no worker every job would wait forever.
  if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`An OCR pool needs at least one worker, not ${workers}.`);
  // A missing language file makes createWorker hang rather than fail: check it first.
  await access(join(ENG.langPath, ENG.gzip ? 'eng.traineddata.gz' : 'eng.traineddata')).catch(() => {
    throw new OcrError(`The OCR language data is missing from ${ENG.langPath}.`);
  });
  const slots: Slot[] = Array.from({ length: workers }, () => ({ worker: null }));
  // Last released first: a warm worker is reused and the others idle out.
  const idle = [...slots];
  const queued: Array<{ take(slot: Slot): void; refuse(err: Error): void }> = [];
  const running = new Set<Promise<unknown>>();
  let closed = false;

  const acquire = () =>
    new Promise<Slot>((take, refuse) => {
      const slot = idle.pop();
      if (slot) {
        clearTimeout(slot.idleTimer);
        take(slot);
      } else queued.push({ take, refuse });
    });
  const release = (slot: Slot) => {
    const next = queued.shift();
    if (next) return next.take(slot);
    idle.push(slot);
    slot.idleTimer = setTimeout(() => {
      void stop(slot.worker);
      slot.worker = null;
    }, idleMs).unref();
  };

  async function run(png: Buffer): Promise<OcrResult> {
    const slot = await acquire();
    try {
      const worker = (slot.worker ??= startWorker());
      const result = await withTimeout(
        worker.then((w) => w.recognize(png, {}, { blocks: true })),
        timeoutMs,
      );
      return { lines: linesOf(result.data.blocks) };
    } catch (err) {
      // A worker that failed or hangs may be in any state (or never started): the next job starts a fresh one.
      void stop(slot.worker);
      slot.worker = null;
      throw err instanceof OcrError ? err : new OcrError(`OCR failed: ${String(err)}`);
    } finally {
      release(slot);
    }
  }

  return {
    recognize(png) {
      if (closed) return Promise.reject(new OcrError('The OCR pool is closed.'));
      const job = run(png);
      running.add(job);
      void job.catch(() => {}).finally(() => running.delete(job));
      return job;
    },
    started: () => slots.filter((s) => s.worker !== null).length,
    async close() {
      closed = true;
      for (const waiter of queued.splice(0)) waiter.refuse(new OcrError('The OCR pool is closed.'));
      await Promise.allSettled(running);
      for (const slot of slots) clearTimeout(slot.idleTimer);
      await Promise.allSettled(slots.map((s) => stop(s.worker)));
    },
  };
}
