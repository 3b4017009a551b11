// PDFs: the text layer page by page, scanned pages rendered and OCR'd with their words placed in
// points where they were drawn, and page limits checked before anything is read or OCR'd.
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract } from '../../../src/files/extract/index.js';
import { createOcrPool, type OcrPool } from '../../../src/files/ocr-pool.js';
import { sniff } from '../../../src/files/sniff.js';
import { DEFAULT_FILE_LIMITS, type Extraction, type FileLimits, type PdfPage } from '../../../src/files/types.js';
import { blankPdf, corruptPdf, encryptedPdf, pdfBomb } from '../../helpers/bad-files.js';
import { refusal } from '../../helpers/file-errors.js';
import { imagePdf, textPdf } from '../../helpers/file-fixtures.js';

let ocr: OcrPool;
beforeAll(async () => {
  ocr = await createOcrPool({ workers: 1 });
});
afterAll(() => ocr.close());

/** A pool that fails the test if anything reaches OCR. */
const noOcr: OcrPool = {
  recognize: () => Promise.reject(new Error('OCR was not to be reached')),
  close: async () => {},
};

const run = (bytes: Buffer, limits: FileLimits = DEFAULT_FILE_LIMITS, pool = ocr) => extract(bytes, sniff(bytes), { ocr: pool, limits });

/** What the file is refused with, checked without OCR: every refusal comes before any. */
const refused = (bytes: Buffer, limits?: FileLimits) => refusal(() => run(bytes, limits, noOcr));

function pagesOf(extraction: Extraction): PdfPage[] {
  if (extraction.layout.kind !== 'pdf') throw new Error(`layout ${extraction.layout.kind}`);
  return extraction.layout.pages;
}

async function merge(...files: Buffer[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const file of files) {
    const src = await PDFDocument.load(file);
    for (const page of await doc.copyPages(src, src.getPageIndices())) doc.addPage(page);
  }
  return Buffer.from(await doc.save());
}

describe('extract: PDF text layer', () => {
  it('reads each page, joined by a blank line, without page markers', async () => {
    const result = await run(await textPdf([['Page one SSN 123-45-6789', 'mail a.b@example.com'], ['Page two card 4111 1111 1111 1111']]), DEFAULT_FILE_LIMITS, noOcr);
    expect(result.text).toBe('Page one SSN 123-45-6789\nmail a.b@example.com\n\nPage two card 4111 1111 1111 1111');
    const pages = pagesOf(result);
    expect(pages.map((p) => result.text.slice(p.start, p.end))).toEqual(['Page one SSN 123-45-6789\nmail a.b@example.com', 'Page two card 4111 1111 1111 1111']);
    expect(pages.map(({ width, height, ocr: image }) => [width, height, image])).toEqual([
      [612, 792, null],
      [612, 792, null],
    ]);
    expect([result.pages, result.ocrPages]).toEqual([2, 0]);
  });
});

describe('extract: scanned PDF pages', () => {
  it('renders a page without a text layer, OCRs it, and places its words in points where they were drawn', async () => {
    const result = await run(await imagePdf([['Scanned record', 'SSN 123-45-6789 on file']]));
    expect(result.text).toBe('Scanned record\nSSN 123-45-6789 on file');
    expect([result.pages, result.ocrPages]).toEqual([1, 1]);
    const [page] = pagesOf(result);
    const image = page!.ocr!;
    expect([image.scale, image.width, image.height]).toEqual([2.5, 1530, 1980]);
    expect(image.words.map((w) => result.text.slice(w.start, w.end))).toEqual(['Scanned', 'record', 'SSN', '123-45-6789', 'on', 'file']);
    // imagePdf draws a 1,700 px wide picture onto 612 pt: 0.36 pt per pixel, 80 px margin, lines 58 px apart.
    const ssn = image.words[3]!.box;
    const pt = (px: number) => px * (612 / 1700);
    expect(ssn.x0 / image.scale).toBeGreaterThan(pt(80 + 80));
    expect(ssn.x0 / image.scale).toBeLessThan(pt(80 + 160));
    expect(ssn.y0 / image.scale).toBeGreaterThanOrEqual(pt(80 + 58) - 2);
    expect(ssn.y1 / image.scale).toBeLessThanOrEqual(pt(80 + 2 * 58) + 2);
  });

  it('OCRs only the pages without a text layer, and offsets words in the whole text', async () => {
    const result = await run(await merge(await textPdf([['Typed page mail typed@example.com']]), await imagePdf([['Scanned SSN 987-65-4321']])));
    expect(result.text).toBe('Typed page mail typed@example.com\n\nScanned SSN 987-65-4321');
    expect([result.pages, result.ocrPages]).toEqual([2, 1]);
    const [typed, scanned] = pagesOf(result);
    expect(typed!.ocr).toBeNull();
    expect(result.text.slice(scanned!.start, scanned!.end)).toBe('Scanned SSN 987-65-4321');
    expect(scanned!.ocr!.words.map((w) => result.text.slice(w.start, w.end))).toEqual(['Scanned', 'SSN', '987-65-4321']);
  });
});

describe('extract: hostile PDFs', () => {
  it('refuses an encrypted PDF as encrypted', async () => {
    const err = await refused(encryptedPdf());
    expect([err.code, err.status]).toEqual(['encrypted_file', 422]);
    expect(err.message).toBe('The PDF is password-protected; remove the password and upload it again.');
    expect((err.cause as Error).name).toBe('PasswordException');
  });

  it('refuses a corrupt or truncated PDF as corrupt', async () => {
    const whole = await textPdf([['SSN 123-45-6789']]);
    for (const bytes of [corruptPdf(), whole.subarray(0, 300)]) {
      const err = await refused(bytes);
      expect([err.code, err.status]).toEqual(['corrupt_file', 422]);
      expect(err.message).toMatch(/PDF is damaged/);
    }
  });

  it('refuses more pages than it reads, before reading any', async () => {
    const err = await refused(await textPdf([['one'], ['two'], ['three']]), { ...DEFAULT_FILE_LIMITS, maxPages: 2 });
    expect([err.code, err.status]).toEqual(['too_many_pages', 422]);
    expect(err.message).toBe('The PDF has 3 pages; at most 2 are read.');
  });

  it('refuses more pages needing OCR than it OCRs, before OCR-ing any', async () => {
    const err = await refused(blankPdf(3), { ...DEFAULT_FILE_LIMITS, maxOcrPages: 2 });
    expect(err.code).toBe('too_many_pages');
    expect(err.message).toBe("3 of the PDF's pages have no text layer and need OCR; at most 2 are OCR'd.");
  });
});

describe('extract: PDF bombs', () => {
  it('refuses a Flate stream that inflates past the per-stream cap, before pdf.js reads it', async () => {
    // 128 MiB of spaces in a ~130 KB file: pdf.js would inflate it all for the text layer.
    const bomb = pdfBomb(128 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200_000);
    const err = await refused(bomb);
    expect([err.code, err.status]).toEqual(['file_bomb', 422]);
    expect(err.message).toMatch(/the stream at byte [\d,]+ inflates past 104,857,600 bytes, the limit per stream/);
  });

  it('counts a damaged stream up to the damage, as pdf.js decodes it', async () => {
    const bombs = pdfBomb(3 * 1024 * 1024, { streams: 2, damaged: true });
    const err = await refused(bombs, { ...DEFAULT_FILE_LIMITS, maxInflatedBytes: 5 * 1024 * 1024 });
    expect(err.code).toBe('file_bomb');
    expect(err.message).toMatch(/its streams inflate past 5,242,880 bytes in total/);
  });

  it('refuses streams that together inflate past the total cap', async () => {
    const err = await refused(pdfBomb(3 * 1024 * 1024, { streams: 2 }), { ...DEFAULT_FILE_LIMITS, maxInflatedBytes: 5 * 1024 * 1024 });
    expect(err.code).toBe('file_bomb');
    expect(err.message).toMatch(/its streams inflate past 5,242,880 bytes in total/);
  });

  it('reads a PDF whose streams stay within the caps', async () => {
    const result = await run(pdfBomb(1024 * 1024, { streams: 2, text: 'SSN 123-45-6789' }), DEFAULT_FILE_LIMITS, noOcr);
    expect(result.text).toBe('SSN 123-45-6789\n\nSSN 123-45-6789');
  });
});
