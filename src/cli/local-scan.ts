// Local scans (files on disk, or staged blobs): every file through the service's sniffing,
// extraction and engine, offline. Text files, nearly all of a source tree, are checked on worker
// threads; PDFs, DOCX and images on the main thread, which holds the one OCR pool.
import { DEFAULT_FILE_LIMITS, FileError } from '../files/types.js';
import { checkFile, lazyOcrPool } from './check-file.js';
import type { CliCheckOptions, TextVerdict } from './check-text.js';
import type { FailedFile, FileReport, SkippedFile } from './report.js';
import { scanFile, type ThreadResult } from './scan-thread.js';
import type { Source } from './source.js';
import { startThreads, type ScanThreads } from './threads.js';

export interface LocalScanOptions {
  check: CliCheckOptions;
  threads: number;
  /** Called after each file, for the progress line. */
  onProgress?(filesDone: number, bytesDone: number): void;
}

export interface ScanOutcome {
  files: FileReport[];
  skipped: SkippedFile[];
  failed: FailedFile[];
  filesScanned: number;
  bytesScanned: number;
}

/** Below this much in all, starting threads (and loading the engine in each) costs more than it saves. */
const THREADS_FROM_BYTES = 4 * 1024 * 1024;
/** Files handed to the threads at once: enough to keep them busy, few enough to bound memory. */
const IN_FLIGHT_PER_THREAD = 4;

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

export async function scanLocal(sources: readonly Source[], opts: LocalScanOptions): Promise<ScanOutcome> {
  const out: ScanOutcome = { files: [], skipped: [], failed: [], filesScanned: 0, bytesScanned: 0 };
  const byIndex = new Map<number, FileReport>();
  const total = sources.reduce((n, s) => n + s.size, 0);
  const threads: ScanThreads | null = opts.threads > 1 && total >= THREADS_FROM_BYTES ? startThreads(opts.threads) : null;
  const ocr = lazyOcrPool();
  let done = 0;
  let bytesDone = 0;

  const finish = (i: number, source: Source, kind: FileReport['kind'], verdict: TextVerdict) => {
    out.filesScanned++;
    out.bytesScanned += source.size;
    if (verdict.findings.length) byIndex.set(i, { path: source.path, kind, decision: verdict.decision, findings: verdict.findings });
  };

  /** PDFs, DOCX and images, one at a time on this thread. */
  let mainQueue = Promise.resolve();
  const onMain = (i: number, source: Source) => {
    const run = mainQueue.then(async () => {
      const verdict = await checkFile(await source.read(), opts.check, ocr);
      finish(i, source, verdict.kind, verdict);
    });
    mainQueue = run.catch(() => undefined);
    return run;
  };

  const checkOne = async (i: number, source: Source): Promise<void> => {
    try {
      if (source.size === 0) return; // nothing in it can leak
      if (source.size > DEFAULT_FILE_LIMITS.maxBytes) {
        out.skipped.push({ path: source.path, reason: `larger than ${mib(DEFAULT_FILE_LIMITS.maxBytes)}` });
        return;
      }
      const task = { ...(source.fsPath !== undefined ? { fsPath: source.fsPath } : { bytes: await source.read() }), options: opts.check };
      const result: ThreadResult = threads ? await threads.run(task) : await scanFile(task);
      if ('skipped' in result) out.skipped.push({ path: source.path, reason: result.skipped });
      else if ('done' in result) finish(i, source, 'text', result.done);
      else await onMain(i, source);
    } catch (err) {
      if (err instanceof FileError) out.skipped.push({ path: source.path, reason: err.message });
      // OCR failing, or a file that cannot be read: the scan is incomplete.
      else out.failed.push({ path: source.path, error: err instanceof Error ? err.message : String(err) });
    } finally {
      done++;
      bytesDone += source.size;
      opts.onProgress?.(done, bytesDone);
    }
  };

  try {
    const width = threads ? opts.threads * IN_FLIGHT_PER_THREAD : 1;
    let next = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < sources.length) {
          const i = next++;
          await checkOne(i, sources[i] as Source);
        }
      }),
    );
  } finally {
    await Promise.all([threads?.close(), ocr.close()]);
  }
  out.files = [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, f]) => f);
  out.skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return out;
}
