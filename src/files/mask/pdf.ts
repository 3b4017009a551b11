// A masked PDF is a new document, not an edited one. Removing a value from a page's content stream
// means finding its glyphs through arbitrary font encodings, kerned fragments and Form XObjects, and
// any miss leaves it extractable; a box drawn on top hides it from the eye only. So text pages are
// re-rendered from the masked text (their graphics, images, fonts and layout are not kept) and
// scanned pages are their OCR image with the words burnt out of the pixels.
import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import sharp from 'sharp';
import type { MaskSpan, OcrImage, PdfPage } from '../types.js';
import { wordCovers } from './boxes.js';
import { maskSegments } from './spans.js';

const FONT_SIZE = 10;
const LINE_HEIGHT = 13;

// DejaVu Sans covers Latin, Greek, Cyrillic and many symbols beyond Helvetica; read once, subset per document.
let fontBytes: Promise<Buffer> | undefined;
const font = () => (fontBytes ??= readFile(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));

/** Greedy word wrap to `width` points; a word longer than a line is cut between characters. */
function wrap(line: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let current = '';
  let used = 0;
  const flush = () => {
    lines.push(current);
    current = '';
    used = 0;
  };
  for (const token of line.match(/\S+\s*|\s+/g) ?? []) {
    const word = measure(token.trimEnd());
    if (current && used + word > width) flush();
    if (word <= width) {
      current += token;
      used += measure(token);
      continue;
    }
    for (const ch of token) {
      const w = measure(ch);
      if (current && used + w > width) flush();
      current += ch;
      used += w;
    }
  }
  lines.push(current);
  return lines;
}

/**
 * Lines as they can be drawn: a control character becomes a space (it keeps the words around it
 * apart), a character the font has no glyph for becomes U+FFFD, so the reader sees that something
 * was there rather than an invisible glyph that extracts as NUL.
 */
function drawableLines(text: string, glyphs: ReadonlySet<number>): string[] {
  return text
    .replace(/\t/g, '    ')
    .split(/\r\n|[\n\r\v\f\u2028\u2029]/)
    .map((line) =>
      line.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').replace(/[^\x20-\x7e]/gu, (ch) => (glyphs.has(ch.codePointAt(0)!) ? ch : '\uFFFD')),
    );
}

/** The page's masked text from the top, wrapped, onto as many pages of its size as it takes. */
function drawText(doc: PDFDocument, font: PDFFont, glyphs: ReadonlySet<number>, { width, height }: PdfPage, text: string): void {
  const margin = Math.min(48, width / 8, height / 8);
  const measure = (s: string) => font.widthOfTextAtSize(s, FONT_SIZE);
  const lines = drawableLines(text, glyphs).flatMap((line) => wrap(line, width - 2 * margin, measure));
  const perPage = Math.max(1, Math.floor((height - 2 * margin) / LINE_HEIGHT));
  for (let i = 0; i < lines.length; i += perPage) {
    const page = doc.addPage([width, height]);
    lines.slice(i, i + perPage).forEach((line, j) => {
      if (line.trim()) page.drawText(line, { x: margin, y: height - margin - FONT_SIZE - j * LINE_HEIGHT, size: FONT_SIZE, font });
    });
  }
}

/** The page as OCR saw it, with the words of every span blacked out in the pixels themselves. */
async function drawScan(doc: PDFDocument, { width, height }: PdfPage, ocr: OcrImage, spans: readonly MaskSpan[]): Promise<void> {
  const covers = wordCovers(ocr, spans, { width: ocr.width, height: ocr.height, scale: 1 });
  // As JPEG: pdf-lib embeds it as it is, where a PNG is decoded and deflated again in JavaScript
  // (about 300 ms a page). The boxes are black on a grayscale scan, so the loss shows nowhere.
  const image = await doc.embedJpg(await sharp(ocr.png).composite(covers).jpeg({ quality: 85 }).toBuffer());
  doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
}

/**
 * Helvetica when it can draw every character (most Latin text): a standard font needs no embedding
 * and measures from a table, where the embedded font shapes every string it measures (about 40 ms
 * a page). Otherwise DejaVu Sans, subset.
 */
async function fontFor(doc: PDFDocument, texts: readonly string[]): Promise<{ font: PDFFont; glyphs: Set<number> }> {
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const latin = new Set(helvetica.getCharacterSet());
  const drawable = (cp: number) => cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || latin.has(cp);
  if (texts.every((t) => [...t].every((ch) => drawable(ch.codePointAt(0)!)))) return { font: helvetica, glyphs: latin };
  doc.registerFontkit(fontkit);
  const dejavu = await doc.embedFont(await font(), { subset: true });
  return { font: dejavu, glyphs: new Set(dejavu.getCharacterSet()) };
}

/** A new PDF with the pages' sizes: text pages re-rendered from the masked text, scanned pages redacted. */
export async function maskPdf(text: string, pages: readonly PdfPage[], spans: readonly MaskSpan[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const texts = maskSegments(text, pages, spans);
  const { font: embedded, glyphs } = await fontFor(doc, texts.filter((_, i) => !pages[i]!.ocr));
  for (const [i, page] of pages.entries()) {
    if (page.ocr) await drawScan(doc, page, page.ocr, spans);
    else drawText(doc, embedded, glyphs, page, texts[i]!);
  }
  return Buffer.from(await doc.save());
}
