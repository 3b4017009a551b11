// The steps of one file check timed in-process, warm: the extraction library called directly (the
// baseline that pipeline overhead is measured against), our extract(), the engine's check, the
// format-keeping masker, and the worker's GridFS reads and writes. Medians of `reps` runs after one
// warm-up run.
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import mammoth from 'mammoth';
import { PDFParse } from 'pdf-parse';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { checkWithPlan } from '../src/engine/index.js';
import type { CheckOptions } from '../src/engine/types.js';
import { extract } from '../src/files/extract/index.js';
import { RENDER_SCALE } from '../src/files/extract/pdf.js';
import { maskFile } from '../src/files/mask/index.js';
import { createOcrPool } from '../src/files/ocr-pool.js';
import { sniff } from '../src/files/sniff.js';
import { DEFAULT_FILE_LIMITS, type Extraction, type MaskPlanner } from '../src/files/types.js';
import { newFileKey } from '../src/store/file-cipher.js';
import type { FileStore } from '../src/store/file-store.js';
import { newId } from '../src/store/ids.js';
import type { BenchFile, FileType } from './file-corpus.js';

/** What "the extraction library called directly" is for each type. */
export const LIBRARY_CALL: Record<FileType, string> = {
  text: '`Buffer.toString("utf8")`',
  pdf: 'pdf-parse `getText()`',
  'scanned-pdf': `pdf-parse \`getScreenshot()\` at ×${RENDER_SCALE} + tesseract.js \`recognize()\` per page`,
  docx: 'mammoth `extractRawText()`',
  png: 'tesseract.js `recognize()` on the file as uploaded',
  jpeg: 'tesseract.js `recognize()` on the file as uploaded',
};

export interface StepTimes {
  library: number;
  extract: number;
  check: number;
  mask: number;
  extraction: Extraction;
  masked: Buffer;
  detected: string;
}

const ENG = createRequire(import.meta.url)('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };

export const median = (xs: number[]) => percentile(xs, 50);
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function timed(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function pdfText(bytes: Buffer): Promise<void> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  await parser.getText();
  await parser.destroy();
}

async function pdfOcr(bytes: Buffer, tesseract: Worker): Promise<void> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const shots = await parser.getScreenshot({ scale: RENDER_SCALE, imageBuffer: true, imageDataUrl: false });
  // Word boxes are asked for, as the pipeline does: masking needs them.
  for (const page of shots.pages) await tesseract.recognize(Buffer.from(page.data), {}, { blocks: true });
  await parser.destroy();
}

function libraryCall(file: BenchFile, tesseract: Worker): () => unknown {
  switch (file.type) {
    case 'text':
      return () => file.bytes.toString('utf8');
    case 'pdf':
      return () => pdfText(file.bytes);
    case 'scanned-pdf':
      return () => pdfOcr(file.bytes, tesseract);
    case 'docx':
      return () => mammoth.extractRawText({ buffer: file.bytes });
    case 'png':
    case 'jpeg':
      return () => tesseract.recognize(file.bytes, {}, { blocks: true });
  }
}

/** As the worker plans masks: the check's own plan for the extracted text, a fresh check for DOCX's view of it. */
const plannerFor = (extraction: Extraction, options: CheckOptions): MaskPlanner => {
  const masks = checkWithPlan(extraction.text, options).masks ?? [];
  return (text) => (text === extraction.text ? masks : (checkWithPlan(text, options).masks ?? []));
};

export async function timeSteps(files: BenchFile[], options: CheckOptions, repsOf: (type: FileType) => number): Promise<Map<FileType, StepTimes>> {
  // One OCR thread each for the library and for our pool: nothing runs concurrently here.
  const tesseract = await createWorker('eng', OEM.LSTM_ONLY, { langPath: ENG.langPath, gzip: ENG.gzip, cacheMethod: 'none' });
  const ocr = await createOcrPool({ workers: 1 });
  const deps = { ocr, limits: DEFAULT_FILE_LIMITS };
  const out = new Map<FileType, StepTimes>();
  try {
    for (const file of files) {
      const runs = { library: [] as number[], extract: [] as number[], check: [] as number[], mask: [] as number[] };
      let extraction: Extraction | undefined;
      let masked: Buffer | undefined;
      const library = libraryCall(file, tesseract);
      for (let rep = 0; rep <= repsOf(file.type); rep++) {
        const lib = await timed(library);
        const ext = await timed(async () => (extraction = await extract(file.bytes, sniff(file.bytes), deps)));
        const chk = await timed(() => checkWithPlan(extraction!.text, options));
        const plan = plannerFor(extraction!, options);
        const msk = await timed(async () => (masked = (await maskFile(file.bytes, extraction!, plan)).bytes));
        if (rep === 0) continue; // warm-up
        runs.library.push(lib);
        runs.extract.push(ext);
        runs.check.push(chk);
        runs.mask.push(msk);
      }
      const detected = checkWithPlan(extraction!.text, options)
        .detected.map((d) => `${d.count} ${d.type}`)
        .join(', ');
      out.set(file.type, {
        library: median(runs.library),
        extract: median(runs.extract),
        check: median(runs.check),
        mask: median(runs.mask),
        extraction: extraction!,
        masked: masked!,
        detected,
      });
      console.log(`file steps: ${file.type} library ${median(runs.library).toFixed(1)} ms, extract ${median(runs.extract).toFixed(1)} ms`);
    }
  } finally {
    await tesseract.terminate();
    await ocr.close();
  }
  return out;
}

/**
 * The worker's own store work for one check, on a store kept near-empty as in the runs: read the
 * upload, write the masked file, delete the upload (the API wrote the upload; the audit record goes
 * to Redis). Median ms of `reps` runs after one warm-up run.
 */
export async function timeStore(store: FileStore, bytes: Buffer, masked: Buffer, reps: number): Promise<number> {
  const runs: number[] = [];
  const meta = { org_id: 'org_bench', mime: 'application/octet-stream', ext: 'bin' };
  for (let rep = 0; rep <= reps; rep++) {
    const id = newId('pf');
    const key = newFileKey();
    await store.putUpload(id, Readable.from([bytes]), 'org_bench', key);
    const ms = await timed(async () => {
      await store.readUpload(id, key);
      await store.putMasked(id, masked, meta);
      await store.deleteUpload(id);
    });
    if (rep > 0) runs.push(ms);
  }
  return median(runs);
}
