import { PDFDocument } from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskFile } from '../../../src/files/mask/index.js';
import type { Extraction, PdfPage } from '../../../src/files/types.js';
import { imagePdf, textPdf } from '../../helpers/file-fixtures.js';
import { extractFile, maskAll, ocrForFile, readImage, squash, verdict } from './helpers.js';

const VALUES = ['123-45-6789', '6789', 'john.smith', 'example.com', '4111'];

const ocr = ocrForFile();

async function withParser<T>(bytes: Buffer, read: (parser: PDFParse) => Promise<T>): Promise<T> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return await read(parser);
  } finally {
    await parser.destroy();
  }
}

/** Each page rendered at 3 pixels per point, and what the reader OCRs in it. */
const readPages = (bytes: Buffer) =>
  withParser(bytes, async (parser) => {
    const { pages } = await parser.getScreenshot({ scale: 3, imageBuffer: true, imageDataUrl: false });
    const read: string[] = [];
    for (const page of pages) read.push(await readImage(ocr.reader, Buffer.from(page.data)));
    return read;
  });

const pdfPages = (extraction: Extraction): PdfPage[] => {
  if (extraction.layout.kind !== 'pdf') throw new Error(`extracted as ${extraction.layout.kind}, not as a PDF`);
  return extraction.layout.pages;
};
const pageSizes = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getPages().map((p) => p.getSize());
const pageTexts = (bytes: Buffer) => withParser(bytes, async (parser) => (await parser.getText()).pages.map((p) => p.text.trim()));
const maskedText = async (bytes: Buffer) => (await pageTexts(bytes)).join('\n');

describe('maskFile: PDF with a text layer', () => {
  it('re-renders the pages from the masked text: values gone, the rest extractable, same pages', async () => {
    const bytes = await textPdf([
      ['Employee record', 'SSN 123-45-6789', 'Email john.smith@example.com'],
      ['Card 4111 1111 1111 1111', 'Thank you'],
    ]);
    const extracted = await extractFile(bytes, ocr.pool);
    expect(verdict(extracted.text)).toEqual({ decision: 'ALLOWED_WITH_MASKING', types: ['CREDIT_CARD', 'EMAIL', 'SSN'] });

    const file = await maskFile(bytes, extracted, maskAll());
    expect([file.mime, file.ext]).toEqual(['application/pdf', 'pdf']);
    const text = await maskedText(file.bytes);
    for (const value of VALUES) expect(text).not.toContain(value);
    for (const kept of ['Employee record', 'SSN [SSN]', 'Email [EMAIL]', 'Card [CREDIT_CARD]', 'Thank you']) expect(text).toContain(kept);
    expect(text.indexOf('Employee record')).toBeLessThan(text.indexOf('Thank you'));
    expect(await pageSizes(file.bytes)).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
    // Nothing of the original pages is carried over: no images, only the new text.
    const images = await withParser(file.bytes, (parser) => parser.getImage({ imageBuffer: false, imageDataUrl: false }));
    expect(images.pages.flatMap((p) => p.images)).toEqual([]);
  });

  it('wraps long lines and continues a full page onto extra pages of the same size', async () => {
    const lines = Array.from({ length: 90 }, (_, i) => `Line ${i + 1} of the ledger`);
    const long = `Remarks ${'lorem ipsum dolor sit amet '.repeat(20)}end of remarks ${'x'.repeat(300)}`;
    const text = [...lines, long, 'Contact john.smith@example.com'].join('\n');
    const extraction: Extraction = { text, layout: { kind: 'pdf', pages: [{ start: 0, end: text.length, width: 300, height: 400, ocr: null }] }, pages: 1, ocrPages: 0 };

    const file = await maskFile(Buffer.alloc(0), extraction, maskAll());
    const sizes = await pageSizes(file.bytes);
    expect(sizes.length).toBeGreaterThan(3);
    for (const size of sizes) expect(size).toEqual({ width: 300, height: 400 });
    const read = await maskedText(file.bytes);
    for (const line of [lines[0]!, lines[89]!, 'Contact [EMAIL]']) expect(read).toContain(line);
    expect(squash(read)).toContain(squash(long));
    expect(read).not.toContain('john.smith');
  });

  it('splits a value that crosses a page boundary, writes non-Latin text and keeps an empty page', async () => {
    const text = 'Zoë Ω Привет 你 SSN 123-45\n\n-6789 done\n\n';
    const pages = [
      { start: 0, end: 25, width: 612, height: 792, ocr: null },
      { start: 27, end: 37, width: 612, height: 792, ocr: null },
      { start: 39, end: 39, width: 500, height: 500, ocr: null },
    ];
    const span = [{ start: 19, end: 33, replacement: '[SSN]' }];
    const file = await maskFile(Buffer.alloc(0), { text, layout: { kind: 'pdf', pages }, pages: 3, ocrPages: 0 }, () => span);
    // DejaVu Sans has no CJK: a character without a glyph is drawn (and extracted) as U+FFFD.
    expect(await pageTexts(file.bytes)).toEqual(['Zoë Ω Привет \uFFFD SSN [SSN]', 'done', '']);
    expect((await pageSizes(file.bytes))[2]).toEqual({ width: 500, height: 500 });
  });
});

describe('maskFile: PDF of scanned pages', () => {
  const LINES = ['SSN 123-45-6789 on file', 'Email john.smith@example.com', 'Card 4111 1111 1111 1111 thanks'];
  const KEPT = ['SSN', 'onfile', 'Email', 'Card', 'thanks'];
  let bytes: Buffer;
  let extracted: Extraction;
  let masked: Buffer;
  beforeAll(async () => {
    bytes = await imagePdf([LINES, ['Second page, nothing to hide']]);
    extracted = await extractFile(bytes, ocr.pool);
    expect(extracted.ocrPages).toBe(2);
    expect(verdict(extracted.text)).toEqual({ decision: 'ALLOWED_WITH_MASKING', types: ['CREDIT_CARD', 'EMAIL', 'SSN'] });
    masked = (await maskFile(bytes, extracted, maskAll())).bytes;
  });

  it('burns boxes into the page image over the values: rendered and OCR-read, they are gone', async () => {
    expect(await pageSizes(masked)).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
    const [first, second] = await readPages(masked);
    for (const value of VALUES) expect(first).not.toContain(value);
    for (const word of KEPT) expect(first).toContain(word);
    expect(second).toContain('nothingtohide');
  });

  it('leaves no readable value in the embedded image itself (no box drawn over an intact scan)', async () => {
    const images = await withParser(masked, (parser) => parser.getImage({ imageBuffer: false, imageDataUrl: true }));
    const embedded = images.pages[0]!.images;
    expect(embedded).toHaveLength(1);
    const read = await readImage(ocr.reader, Buffer.from(embedded[0]!.dataUrl.split(',')[1]!, 'base64'));
    for (const value of VALUES) expect(read).not.toContain(value);
    expect(read).toContain('onfile');
  });

  it('masks a document that mixes a text page and a scanned page, each in its own way', async () => {
    const scanned = pdfPages(extracted)[0]!;
    const typed = 'Typed page: Email john.smith@example.com';
    const text = `${typed}\n\n${extracted.text.slice(scanned.start, scanned.end)}`;
    const shift = typed.length + 2 - scanned.start;
    const ocr = { ...scanned.ocr!, words: scanned.ocr!.words.map((w) => ({ ...w, start: w.start + shift, end: w.end + shift })) };
    const pages: PdfPage[] = [
      { start: 0, end: typed.length, width: 612, height: 792, ocr: null },
      { start: typed.length + 2, end: text.length, width: 612, height: 792, ocr },
    ];
    const file = await maskFile(bytes, { text, layout: { kind: 'pdf', pages }, pages: 2, ocrPages: 1 }, maskAll());
    expect(await pageTexts(file.bytes)).toEqual(['Typed page: Email [EMAIL]', '']);
    const [, scan] = await readPages(file.bytes);
    for (const value of VALUES) expect(scan).not.toContain(value);
    expect(scan).toContain('thanks');
  });
});
