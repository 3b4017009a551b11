// Shared pieces of the masking tests: extraction as the worker runs it, a planner that masks every
// value the engine finds, and tesseract.js as an independent reader of masked images.
import { createRequire } from 'node:module';
import { createWorker, type Worker } from 'tesseract.js';
import { afterAll, beforeAll } from 'vitest';
import { checkWithPlan, type CheckOptions, type MaskingStyle } from '../../../src/engine/index.js';
import { extract } from '../../../src/files/extract/index.js';
import { createOcrPool, type OcrPool } from '../../../src/files/ocr-pool.js';
import { sniff } from '../../../src/files/sniff.js';
import { DEFAULT_FILE_LIMITS, type Extraction, type MaskPlanner } from '../../../src/files/types.js';

/** A policy that masks every category for VENDOR, so any value the engine finds gets a span. */
export const maskAllOptions = (masking: MaskingStyle = 'label'): CheckOptions => ({
  rules: [{ id: 'all', name: 'Mask all', enabled: true, dataTypes: ['PII', 'FINANCIAL', 'PHI', 'SECRETS'], destinations: ['VENDOR'], action: 'MASK' }],
  destination: 'VENDOR',
  masking,
  hashKey: 'test-key',
});

export const maskAll = (masking: MaskingStyle = 'label'): MaskPlanner => {
  const options = maskAllOptions(masking);
  return (text) => checkWithPlan(text, options).masks ?? [];
};

/** The decision on an extracted text and the types detected in it, as the worker reports them. */
export function verdict(text: string): { decision: string; types: string[] } {
  const { decision, detected } = checkWithPlan(text, maskAllOptions());
  return { decision, types: detected.map((d) => d.type).sort() };
}

/** Text and DOCX extraction never OCR: a pool that is never called. */
const noOcr: OcrPool = {
  recognize: () => Promise.reject(new Error('this file type is not OCR’d')),
  close: () => Promise.resolve(),
};

/** The Extraction the worker would make of the bytes. */
export const extractFile = (bytes: Buffer, ocr: OcrPool = noOcr): Promise<Extraction> => extract(bytes, sniff(bytes), { ocr, limits: DEFAULT_FILE_LIMITS });

const require = createRequire(import.meta.url);

/**
 * For the calling test file: an OCR pool for extraction, and the independent reader, a tesseract
 * worker of its own (English, offline: traineddata from node_modules). Both stop after the file.
 */
export function ocrForFile(): { pool: OcrPool; reader: Worker } {
  const ocr = {} as { pool: OcrPool; reader: Worker };
  beforeAll(async () => {
    [ocr.pool, ocr.reader] = await Promise.all([
      createOcrPool({ workers: 1 }),
      createWorker('eng', 1, { langPath: require('@tesseract.js-data/eng').langPath, gzip: true, cacheMethod: 'none' }),
    ]);
  });
  afterAll(() => Promise.all([ocr.pool.close(), ocr.reader.terminate()]));
  return ocr;
}

/** What the reader sees in an image, white space removed so OCR's spacing decides nothing. */
export async function readImage(worker: Worker, png: Buffer): Promise<string> {
  return squash((await worker.recognize(png)).data.text);
}

export const squash = (text: string): string => text.replace(/\s+/g, '');
