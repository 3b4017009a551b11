// A pool of reused tesseract.js workers (English, LSTM). Everything loads from node_modules: the
// WebAssembly core from tesseract.js-core, the language data from @tesseract.js-data/eng; nothing is
// fetched and nothing is cached to disk. tesseract.js's own scheduler cannot drop a worker, and a
// job on a worker thread that died never settles; so this pool replaces a worker after any failure
// and bounds every job with a timeout.
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

export interface OcrPoolOptions {
  workers: number;
  /** A job (waiting for a restarted worker included) that takes longer fails and its worker is replaced. */
  timeoutMs?: number;
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
  worker: Promise<Worker>;
}

export async function createOcrPool({ workers, timeoutMs = 120_000 }: OcrPoolOptions): Promise<OcrPool> {
  // With no worker every job would wait forever.
  if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`An OCR pool needs at least one worker, not ${workers}.`);
  // A missing language file makes createWorker hang rather than fail: check it first.
  await access(join(ENG.langPath, ENG.gzip ? 'eng.traineddata.gz' : 'eng.traineddata')).catch(() => {
    throw new OcrError(`The OCR language data is missing from ${ENG.langPath}.`);
  });
  const started = await Promise.allSettled(Array.from({ length: workers }, startWorker));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.allSettled(started.map((s) => (s.status === 'fulfilled' ? s.value.terminate() : null)));
    throw failed.reason;
  }
  const slots: Slot[] = started.map((s) => ({ worker: Promise.resolve((s as PromiseFulfilledResult<Worker>).value) }));
  const idle = [...slots];
  const queued: Array<{ take(slot: Slot): void; refuse(err: Error): void }> = [];
  const running = new Set<Promise<unknown>>();
  let closed = false;

  const acquire = () =>
    new Promise<Slot>((take, refuse) => {
      const slot = idle.pop();
      if (slot) take(slot);
      else queued.push({ take, refuse });
    });
  const release = (slot: Slot) => {
    const next = queued.shift();
    if (next) next.take(slot);
    else idle.push(slot);
  };

  async function run(png: Buffer): Promise<OcrResult> {
    const slot = await acquire();
    try {
      const result = await withTimeout(
        slot.worker.then((w) => w.recognize(png, {}, { blocks: true })),
        timeoutMs,
      );
      return { lines: linesOf(result.data.blocks) };
    } catch (err) {
      // A worker that failed or hangs may be in any state: start a fresh one in its place.
      slot.worker.then((w) => w.terminate()).catch(() => {});
      slot.worker = startWorker();
      slot.worker.catch(() => {});
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
    async close() {
      closed = true;
      for (const waiter of queued.splice(0)) waiter.refuse(new OcrError('The OCR pool is closed.'));
      await Promise.allSettled(running);
      await Promise.allSettled(slots.map((s) => s.worker.then((w) => w.terminate())));
    },
  };
}
