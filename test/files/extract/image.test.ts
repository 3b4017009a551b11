// Images: every supported format read by OCR with the planted values found and each word's box where
// it was drawn; EXIF rotation applied; bombs and absurd sizes refused from the header, before decoding.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extract } from '../../../src/files/extract/index.js';
import { createOcrPool, type OcrPool } from '../../../src/files/ocr-pool.js';
import { sniff } from '../../../src/files/sniff.js';
import { DEFAULT_FILE_LIMITS, type Extraction, type FileLimits, type OcrImage } from '../../../src/files/types.js';
import { pngBomb, pngClaiming } from '../../helpers/bad-files.js';
import { refusal } from '../../helpers/file-errors.js';
import { jpegOf, pngOf, textSvg, tiffOf, webpOf } from '../../helpers/file-fixtures.js';

let ocr: OcrPool;
beforeAll(async () => {
  ocr = await createOcrPool({ workers: 2 });
});
afterAll(() => ocr.close());

const run = (bytes: Buffer, limits: FileLimits = DEFAULT_FILE_LIMITS) => extract(bytes, sniff(bytes), { ocr, limits });

const refused = (bytes: Buffer, limits?: FileLimits) => refusal(() => run(bytes, limits));

function imageOf(extraction: Extraction): OcrImage {
  if (extraction.layout.kind !== 'image') throw new Error(`layout ${extraction.layout.kind}`);
  return extraction.layout.ocr;
}

/** The OCR word at `value`'s place in the text, its box in pixels of the upright original. */
function boxOf(extraction: Extraction, value: string) {
  const image = imageOf(extraction);
  const start = extraction.text.indexOf(value);
  const word = image.words.find((w) => w.start === start);
  if (!word) throw new Error(`no word at ${value}`);
  const { x0, y0, x1, y1 } = word.box;
  return { x0: x0 / image.scale, y0: y0 / image.scale, x1: x1 / image.scale, y1: y1 / image.scale };
}

// The fixtures draw with a 40 px margin, 32 px text and lines 51 px apart.
const LINES = ['Customer: Jane Doe', '123-45-6789 is her SSN', 'mail jane.doe@example.com'];
const inBand = (box: { y0: number; y1: number }, line: number) => box.y0 >= 40 + 51 * line - 2 && box.y1 <= 40 + 51 * (line + 1) + 8;

describe('extract: images', () => {
  it('reads PNG, JPEG, WebP and TIFF, every planted value found', async () => {
    const files = await Promise.all([pngOf(LINES), jpegOf(LINES), webpOf(LINES), tiffOf(LINES)]);
    const results = await Promise.all(files.map((bytes) => run(bytes)));
    for (const [i, result] of results.entries()) {
      expect(result.layout).toMatchObject({ kind: 'image', format: ['png', 'jpeg', 'webp', 'tiff'][i] });
      expect(result.text).toBe(LINES.join('\n'));
      expect([result.pages, result.ocrPages]).toEqual([1, 1]);
    }
  });

  it('places every word at exact offsets, and the SSN box where it was drawn', async () => {
    const result = await run(await pngOf(LINES));
    const image = imageOf(result);
    expect(image.words.map((w) => result.text.slice(w.start, w.end)).join(' ')).toBe(LINES.join(' '));
    const ssn = boxOf(result, '123-45-6789');
    expect(ssn.x0).toBeGreaterThanOrEqual(36);
    expect(ssn.x0).toBeLessThanOrEqual(48);
    expect(inBand(ssn, 1)).toBe(true);
    const mail = boxOf(result, 'jane.doe@example.com');
    expect(inBand(mail, 2)).toBe(true);
    expect(mail.x0).toBeGreaterThan(ssn.x0 + 50);
  });

  it('reads small text again from the image doubled, and ordinary text as it is', async () => {
    const small = await run(await pngOf(LINES, { width: 700, fontSize: 11, margin: 12 }));
    expect([imageOf(small).scale, imageOf(small).width]).toEqual([2, 1400]);
    expect(small.text).toContain('123-45-6789');
    const ordinary = imageOf(await run(await pngOf(LINES, { width: 900 })));
    expect([ordinary.scale, ordinary.width]).toEqual([1, 900]);
    expect((await sharp(ordinary.png).metadata()).format).toBe('png');
  });

  it('turns an EXIF-rotated JPEG upright before reading it', async () => {
    // Drawn turned a quarter to the left; orientation 6 tells viewers to turn it right.
    const rotated = await sharp(await sharp(textSvg(LINES)).rotate(-90).png().toBuffer())
      .jpeg({ quality: 92 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await run(rotated);
    expect(result.text).toContain('123-45-6789');
    expect(result.text).toContain('jane.doe@example.com');
    const ssn = boxOf(result, '123-45-6789');
    expect(ssn.x0).toBeLessThanOrEqual(48);
    expect(inBand(ssn, 1)).toBe(true);
  });

  it('reads dark text on a transparent background', async () => {
    const svg = textSvg(['SSN 123-45-6789']).toString().replace('fill="white"', 'fill="none"');
    const result = await run(await sharp(Buffer.from(svg)).png().toBuffer());
    expect(result.text).toBe('SSN 123-45-6789');
  });
});

describe('extract: hostile images', () => {
  it('refuses a real decompression bomb by its pixels, from the header', async () => {
    const bomb = await pngBomb(8000, 7000);
    expect(bomb.length).toBeLessThan(500_000);
    const err = await refused(bomb);
    expect([err.code, err.status]).toEqual(['image_too_large', 422]);
    expect(err.message).toBe('The image is 8,000×7,000 = 56,000,000 pixels; the limit is 50,000,000.');
  });

  it('refuses a PNG whose header claims absurd dimensions', async () => {
    const err = await refused(await pngClaiming(100_000, 40));
    expect(err.code).toBe('image_too_large');
    expect(err.message).toBe('The image is 100,000×40 pixels; each side may be at most 20,000.');
    expect((await refused(await pngClaiming(20_000, 20_000))).message).toMatch(/400,000,000 pixels; the limit is 50,000,000/);
  });

  it('refuses a multi-page TIFF rather than read only its first page', async () => {
    const pages = await Promise.all([pngOf(['page one']), pngOf(['page two 123-45-6789'])]);
    const animated = await sharp(pages, { join: { animated: true } }).webp().toBuffer();
    const tiff = await sharp(animated, { pages: -1 }).tiff().toBuffer();
    const err = await refused(tiff);
    expect([err.code, err.status]).toEqual(['unsupported_file_type', 415]);
    expect(err.message).toMatch(/a multi-page TIFF \(2 pages\)/);
    expect((await refused(animated)).message).toMatch(/an animated image \(2 frames\)/);
  });

  it('refuses damaged images as corrupt', async () => {
    const png = await pngOf(LINES);
    for (const bytes of [png.subarray(0, 400), Buffer.concat([png.subarray(0, 8), Buffer.from('garbage'.repeat(20))])]) {
      const err = await refused(bytes);
      expect([err.code, err.status]).toEqual(['corrupt_file', 422]);
      expect(err.message).toMatch(/image/);
    }
  });
});
