import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maskFile } from '../../../src/files/mask/index.js';
import { jpegOf, pngOf, textSvg, tiffOf, webpOf } from '../../helpers/file-fixtures.js';
import { extractFile, maskAll, ocrForFile, readImage, squash, verdict } from './helpers.js';

// Tesseract misreads a word right after a box as long as the e-mail's, so that line ends with the value.
const LINES = ['SSN 123-45-6789 on file', 'Email john.smith@example.com', 'Card 4111 1111 1111 1111 thanks'];
const VALUES = ['123-45-6789', '6789', 'john.smith', 'example.com', '41111111'];
const KEPT = ['SSN', 'onfile', 'Email', 'Card', 'thanks'];

const ocr = ocrForFile();

/** Extracts (OCR through the pool), checks the verdict, masks, and OCRs the result with the reader. */
async function maskAndRead(bytes: Buffer) {
  const extraction = await extractFile(bytes, ocr.pool);
  expect(verdict(extraction.text)).toEqual({ decision: 'ALLOWED_WITH_MASKING', types: ['CREDIT_CARD', 'EMAIL', 'SSN'] });
  const file = await maskFile(bytes, extraction, maskAll());
  // Read at 2×, as extraction reads images this size: tesseract misreads small text beside a box.
  const { width } = await sharp(file.bytes).metadata();
  const read = await readImage(ocr.reader, await sharp(file.bytes).resize({ width: width * 2 }).png().toBuffer());
  return { file, read };
}

describe('maskFile: image', () => {
  const formats: Array<[string, (lines: string[]) => Promise<Buffer>, string, string]> = [
    ['png', pngOf, 'image/png', 'png'],
    ['jpeg', jpegOf, 'image/jpeg', 'jpg'],
    ['webp', webpOf, 'image/webp', 'webp'],
    ['tiff', tiffOf, 'image/tiff', 'tiff'],
  ];

  for (const [format, make, mime, ext] of formats) {
    it(`${format}: boxes out the values' words, keeps the other words, size and format`, async () => {
      const bytes = await make(LINES);
      const { file, read } = await maskAndRead(bytes);
      expect([file.mime, file.ext]).toEqual([mime, ext]);
      const before = await sharp(bytes).metadata();
      const after = await sharp(file.bytes).metadata();
      expect([after.format, after.width, after.height]).toEqual([before.format, before.width, before.height]);
      for (const value of VALUES) expect(read).not.toContain(value);
      for (const word of KEPT) expect(read).toContain(word);
    });
  }

  it('applies EXIF orientation, keeps colour and drops all metadata', async () => {
    // Stored sideways with orientation 6 (show turned 90° clockwise), as phones do; red text.
    const upright = await sharp(Buffer.from(textSvg(LINES).toString().replace(/<text /g, '<text fill="#c00000" ')))
      .png()
      .toBuffer();
    const bytes = await sharp(upright)
      .rotate(270)
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Artist: 'John Smith' } })
      .toBuffer();
    expect((await sharp(bytes).metadata()).orientation).toBe(6);

    const { file, read } = await maskAndRead(bytes);
    const after = await sharp(file.bytes).metadata();
    const shown = await sharp(upright).metadata();
    expect([after.width, after.height]).toEqual([shown.width, shown.height]);
    expect([after.orientation, after.exif, after.xmp, after.icc]).toEqual([undefined, undefined, undefined, undefined]);
    expect(file.bytes.includes('John Smith')).toBe(false);
    const [red, green] = (await sharp(file.bytes).stats()).channels;
    expect(red!.mean - green!.mean).toBeGreaterThan(1);
    for (const value of VALUES) expect(read).not.toContain(value);
    for (const word of KEPT) expect(read).toContain(word);
  });
});
