// A file's bytes through the service's own sniffing and extraction, then the engine. A file that can
// never be checked (unsupported, damaged, encrypted, too large) throws the extractors' FileError:
// the caller skips it with a note.
import { extract } from '../files/extract/index.js';
import { createOcrPool, type OcrPool } from '../files/ocr-pool.js';
import { sniff } from '../files/sniff.js';
import { DEFAULT_FILE_LIMITS, type FileKind } from '../files/types.js';
import { checkText, type CliCheckOptions, type TextVerdict } from './check-text.js';

export interface FileVerdict extends TextVerdict {
  kind: FileKind;
}

/** An OCR pool made on the first image or scanned page: a scan without any needs no language data. */
export function lazyOcrPool(): OcrPool {
  let pool: Promise<OcrPool> | undefined;
  return {
    recognize(png) {
      pool ??= createOcrPool({ workers: 1 });
      return pool.then((p) => p.recognize(png));
    },
    async close() {
      if (pool) await (await pool.catch(() => null))?.close();
    },
  };
}

export async function checkFile(bytes: Buffer, options: CliCheckOptions, ocr: OcrPool): Promise<FileVerdict> {
  const extraction = await extract(bytes, sniff(bytes), { ocr, limits: DEFAULT_FILE_LIMITS });
  const layout = extraction.layout;
  const pageStarts = layout.kind === 'pdf' ? layout.pages.map((p) => p.start) : undefined;
  return { kind: layout.kind, ...checkText(extraction.text, options, pageStarts) };
}
