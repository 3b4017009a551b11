// `scan --server`: every file goes through a running service, so its policy and audit apply. Text
// up to the service's text limit goes to the text endpoint; other files, and larger text, to the
// file endpoint. The service reports types and counts, not places: a file's findings are its
// `detected` list, without lines. Files the service can never check are sniffed out here and skipped.
import { extractText } from '../files/extract/text.js';
import { sniff } from '../files/sniff.js';
import { DEFAULT_FILE_LIMITS, FileError } from '../files/types.js';
import type { ScanOutcome } from './local-scan.js';
import type { FileReport } from './report.js';
import { FileRefused, ServiceError, type CheckAnswer, type ServiceClient } from './service-client.js';
import type { Source } from './source.js';

/** The service's default text limit (MAX_TEXT_BYTES); larger text goes as a file. */
const TEXT_ENDPOINT_MAX_BYTES = 1024 * 1024;
/** Requests at once: a trial plan allows 60 a minute, so more would only wait on 429s. */
const CONCURRENCY = 2;

export async function scanThroughService(sources: readonly Source[], client: ServiceClient, onProgress?: (files: number, bytes: number) => void): Promise<ScanOutcome> {
  const out: ScanOutcome = { files: [], skipped: [], failed: [], filesScanned: 0, bytesScanned: 0 };
  const byIndex = new Map<number, FileReport>();
  let done = 0;
  let bytesDone = 0;

  const checkOne = async (i: number, source: Source) => {
    if (source.size === 0) return;
    if (source.size > DEFAULT_FILE_LIMITS.maxBytes) {
      out.skipped.push({ path: source.path, reason: `larger than ${DEFAULT_FILE_LIMITS.maxBytes / 1024 / 1024} MiB` });
      return;
    }
    let answer: CheckAnswer;
    let kind: FileReport['kind'];
    try {
      const bytes = await source.read();
      const sniffed = sniff(bytes);
      kind = sniffed.kind;
      answer = sniffed.kind === 'text' && bytes.length <= TEXT_ENDPOINT_MAX_BYTES ? await client.checkText(extractText(bytes, sniffed).text) : await client.checkFile(source.path, bytes);
    } catch (err) {
      if (err instanceof FileError || err instanceof FileRefused) {
        out.skipped.push({ path: source.path, reason: err.message });
        return;
      }
      // The service refusing the scan ends it; a file this process cannot read leaves it incomplete.
      if (err instanceof ServiceError) throw err;
      out.failed.push({ path: source.path, error: (err as Error).message });
      return;
    }
    out.filesScanned++;
    out.bytesScanned += source.size;
    if (answer.detected.length) {
      byIndex.set(i, { path: source.path, kind, decision: answer.decision, findings: [], preflight_id: answer.preflight_id, detected: answer.detected });
    }
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < sources.length) {
        const i = next++;
        const source = sources[i] as Source;
        await checkOne(i, source);
        done++;
        bytesDone += source.size;
        onProgress?.(done, bytesDone);
      }
    }),
  );
  out.files = [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, f]) => f);
  return out;
}
