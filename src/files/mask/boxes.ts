import type { OverlayOptions } from 'sharp';
import type { MaskSpan, OcrImage } from '../types.js';

/** Pixels added around each box: OCR boxes hug the ink, and anti-aliased edges reach past them. */
const PAD = 2;

/** Whether any span (in text order, not overlapping) covers a character of [start, end). */
function touched(spans: readonly MaskSpan[], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  const span = spans[lo];
  return span !== undefined && span.start < end;
}

/** The image the boxes are drawn on: its size, and pixels of the OCR image per pixel of it. */
export interface Target {
  width: number;
  height: number;
  scale: number;
}

/**
 * Opaque black rectangles (sharp composite overlays) over every OCR word a span touches, padded and
 * clamped to the target. A span over part of a word blacks out the whole word.
 */
export function wordCovers(ocr: OcrImage, spans: readonly MaskSpan[], { width, height, scale }: Target): OverlayOptions[] {
  const covers: OverlayOptions[] = [];
  for (const { start, end, box } of ocr.words) {
    if (!touched(spans, start, end)) continue;
    const left = Math.max(0, Math.floor(box.x0 / scale) - PAD);
    const top = Math.max(0, Math.floor(box.y0 / scale) - PAD);
    const right = Math.min(width, Math.ceil(box.x1 / scale) + PAD);
    const bottom = Math.min(height, Math.ceil(box.y1 / scale) + PAD);
    if (right <= left || bottom <= top) continue;
    covers.push({
      input: { create: { width: right - left, height: bottom - top, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } },
      left,
      top,
    });
  }
  return covers;
}
