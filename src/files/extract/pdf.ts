// PDFs: each page's text layer through pdf-parse (pdf.js); a page without one (a scan) is rendered
// and OCR'd. Flate streams and page counts are checked before any page is read, so a file is
// refused whole rather than partly scanned and called checked.
import { PDFParse } from 'pdf-parse';
import type { OcrPool } from '../ocr-pool.js';
import { FileError, type Extraction, type FileLimits, type OcrImage, type PdfPage } from '../types.js';
import { ocrText } from './ocr-text.js';
import { checkPdfStreams } from './pdf-streams.js';

/** Between pages in the extracted text. */
const PAGE_SEPARATOR = '\n\n';
/** Pixels per point for OCR: 12 pt text renders 30 px tall, where tesseract reads best. */
export const RENDER_SCALE = 2.5;

/** The page rendered (within the image limits) and OCR'd; word offsets count from `start`. */
async function ocrPage(parser: PDFParse, num: number, page: { width: number; height: number }, start: number, ocr: OcrPool, limits: FileLimits): Promise<{ text: string; image: OcrImage }> {
  const scale = Math.min(RENDER_SCALE, limits.maxDimension / Math.max(page.width, page.height), Math.sqrt(limits.maxPixels / (page.width * page.height)));
  const shot = await parser.getScreenshot({ partial: [num], scale, imageBuffer: true, imageDataUrl: false });
  const png = Buffer.from(shot.pages[0]!.data);
  const { text, words } = ocrText((await ocr.recognize(png)).lines, start);
  // The canvas rounds the page to whole pixels: the PNG's own header has its size.
  return { text, image: { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20), scale, words } };
}

type OnPage = ((done: number, total: number) => void) | undefined;

async function read(parser: PDFParse, ocr: OcrPool, limits: FileLimits, onPage: OnPage): Promise<Extraction> {
  const { total } = await parser.getInfo();
  if (total > limits.maxPages) throw new FileError('too_many_pages', `The PDF has ${total} pages; at most ${limits.maxPages} are read.`);
  const { pages: layers } = await parser.getText();
  // Page sizes as displayed (after /Rotate), in points.
  const { pages: sizes } = await parser.getInfo({ parsePageInfo: true });
  const scans = layers.filter((p) => !p.text.trim()).length;
  if (scans > limits.maxOcrPages) {
    throw new FileError('too_many_pages', `${scans} of the PDF's pages have no text layer and need OCR; at most ${limits.maxOcrPages} are OCR'd.`);
  }
  let text = '';
  const pages: PdfPage[] = [];
  for (const [i, layer] of layers.entries()) {
    if (i) text += PAGE_SEPARATOR;
    const start = text.length;
    const size = { width: sizes[i]!.width, height: sizes[i]!.height };
    let image: OcrImage | null = null;
    if (layer.text.trim()) {
      text += layer.text;
    } else {
      const scanned = await ocrPage(parser, layer.num, size, start, ocr, limits);
      text += scanned.text;
      image = scanned.image;
    }
    pages.push({ start, end: text.length, ...size, ocr: image });
    onPage?.(pages.length, layers.length);
  }
  return { text, layout: { kind: 'pdf', pages }, pages: pages.length, ocrPages: scans };
}

export async function extractPdf(bytes: Buffer, { ocr, limits, onPage }: { ocr: OcrPool; limits: FileLimits; onPage?: OnPage }): Promise<Extraction> {
  await checkPdfStreams(bytes, limits);
  // No eval: pdf.js compiles PostScript functions and font glyphs with it when allowed. Images over
  // the pixel limit are not decoded when a page is rendered.
  const parser = new PDFParse({ data: new Uint8Array(bytes), isEvalSupported: false, maxImageSize: limits.maxPixels });
  try {
    return await read(parser, ocr, limits, onPage);
  } catch (cause) {
    const name = cause instanceof Error ? cause.name : '';
    if (name === 'PasswordException') throw new FileError('encrypted_file', 'The PDF is password-protected; remove the password and upload it again.', { cause });
    if (name === 'InvalidPDFException' || name === 'FormatError') throw new FileError('corrupt_file', 'The PDF is damaged and cannot be read.', { cause });
    throw cause;
  } finally {
    await parser.destroy().catch(() => {});
  }
}
