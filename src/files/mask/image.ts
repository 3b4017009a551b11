import sharp, { type Sharp } from 'sharp';
import type { ImageFormat, MaskSpan, OcrImage } from '../types.js';
import { wordCovers } from './boxes.js';

export const IMAGE_MIME: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', tiff: 'image/tiff' };
export const IMAGE_EXT: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', tiff: 'tiff' };

// Lossy formats stay lossy at a quality that keeps text legible; TIFF is written lossless (LZW).
function encode(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'png':
      return image.png();
    case 'jpeg':
      return image.jpeg({ quality: 90 });
    case 'webp':
      return image.webp({ quality: 90 });
    case 'tiff':
      return image.tiff({ compression: 'lzw' });
  }
}

/**
 * The image upright (EXIF orientation applied, as OCR saw it), in colour, with opaque black boxes
 * over the words of every span, in its own format. sharp writes no metadata unless asked, so EXIF
 * (GPS position, camera owner, editing software) and XMP are dropped.
 */
export async function maskImage(bytes: Buffer, format: ImageFormat, ocr: OcrImage, spans: readonly MaskSpan[]): Promise<Buffer> {
  const { autoOrient } = await sharp(bytes).metadata();
  const covers = wordCovers(ocr, spans, { ...autoOrient, scale: ocr.scale });
  return encode(sharp(bytes).autoOrient().composite(covers), format).toBuffer();
}
