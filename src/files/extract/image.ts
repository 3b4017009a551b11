// Images: dimensions checked from the header before anything is decoded, then normalised for OCR
// (EXIF orientation applied, transparency on white, grayscale) and read; small text is read again
// from the image doubled.
import sharp from 'sharp';
import type { OcrPool } from '../ocr-pool.js';
import { FileError, type Extraction, type FileLimits, type ImageFormat, type OcrWord } from '../types.js';
import { ocrText } from './ocr-text.js';

/**
 * Words shorter than this (median box height, capitals and descenders included) are small text:
 * tesseract misreads it, so the image is read again doubled. Screenshots and phone crops carry it.
 */
const SMALL_TEXT_PX = 20;

const n = (x: number) => x.toLocaleString('en-US');

/**
 * Refuses what cannot be decoded within the limits. A multi-page TIFF or an animated WebP is refused
 * too: one OCR image per file is what the layout holds, and reading only the first page would call
 * the rest checked.
 */
async function uprightSize(bytes: Buffer, format: ImageFormat, limits: FileLimits): Promise<{ width: number; height: number }> {
  // Header only, so no pixel limit yet: the checks below name the dimensions.
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  const pages = meta.pages ?? 1;
  if (pages > 1) {
    const what = format === 'tiff' ? `a multi-page TIFF (${pages} pages)` : `an animated image (${pages} frames)`;
    throw new FileError('unsupported_file_type', `The file is ${what}; only single-page images are supported. Split it into one file per page.`);
  }
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw new FileError('corrupt_file', 'The image has no dimensions.');
  if (width > limits.maxDimension || height > limits.maxDimension) {
    throw new FileError('image_too_large', `The image is ${n(width)}×${n(height)} pixels; each side may be at most ${n(limits.maxDimension)}.`);
  }
  if (width * height > limits.maxPixels) {
    throw new FileError('image_too_large', `The image is ${n(width)}×${n(height)} = ${n(width * height)} pixels; the limit is ${n(limits.maxPixels)}.`);
  }
  return { width, height };
}

/** The image as OCR reads it, `scale` times its upright size. */
async function normalised(bytes: Buffer, { width, height }: { width: number; height: number }, scale: number, limits: FileLimits): Promise<Buffer> {
  try {
    // The pixel limit again, in case the header understated what decoding finds.
    return await sharp(bytes, { limitInputPixels: limits.maxPixels })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .grayscale()
      .resize(width * scale, height * scale, { kernel: 'lanczos3' })
      // Tesseract trusts a declared density, and WebP and TIFF come out declaring 1 pixel per metre.
      .withDensity(300)
      .png()
      .toBuffer();
  } catch (cause) {
    if (cause instanceof Error && /pixel limit/i.test(cause.message)) throw new FileError('image_too_large', `The image decodes to more than ${n(limits.maxPixels)} pixels, the limit.`, { cause });
    throw new FileError('corrupt_file', 'The image is damaged and cannot be decoded.', { cause });
  }
}

/** The median height of the words read, in pixels; 0 when none were. */
function medianWordHeight(words: readonly OcrWord[]): number {
  const heights = words.map((w) => w.box.y1 - w.box.y0).sort((a, b) => a - b);
  return heights.length ? heights[heights.length >> 1]! : 0;
}

export async function extractImage(bytes: Buffer, format: ImageFormat, { ocr, limits }: { ocr: OcrPool; limits: FileLimits }): Promise<Extraction> {
  const size = await uprightSize(bytes, format, limits);
  const read = async (scale: number) => {
    const png = await normalised(bytes, size, scale, limits);
    return { png, scale, ...ocrText((await ocr.recognize(png)).lines, 0) };
  };
  let seen = await read(1);
  // Small text (or none found, which small text can cause) is read again from the image doubled.
  const fits = 2 * Math.max(size.width, size.height) <= limits.maxDimension && 4 * size.width * size.height <= limits.maxPixels;
  if (fits && medianWordHeight(seen.words) < SMALL_TEXT_PX) seen = await read(2);
  const { png, scale, text, words } = seen;
  return {
    text,
    layout: { kind: 'image', format, ocr: { png, width: size.width * scale, height: size.height * scale, scale, words } },
    pages: 1,
    ocrPages: 1,
  };
}
