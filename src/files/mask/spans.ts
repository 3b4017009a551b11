import type { MaskPlanner, MaskSpan } from '../types.js';

/** Characters [start, end) of a text that are written back as one piece: a run's text, a page. */
export interface Segment {
  start: number;
  end: number;
}

/**
 * The planner's spans for `text`, refused unless in text order, inside the text and not
 * overlapping: masking with anything else could leave part of a value in place, and a DLP service
 * fails closed.
 */
export async function planSpans(plan: MaskPlanner, text: string): Promise<MaskSpan[]> {
  const spans = await plan(text);
  let pos = 0;
  for (const { start, end } of spans) {
    if (!(Number.isInteger(start) && Number.isInteger(end) && pos <= start && start <= end && end <= text.length)) {
      throw new Error(`Mask plan span [${start}, ${end}) is out of order or outside the text (${text.length} characters).`);
    }
    pos = end;
  }
  return spans;
}

/**
 * Each segment's text with the spans applied; segments are in text order and disjoint. A span's
 * replacement goes into the first segment it touches and the later ones only lose the covered
 * characters, so a value split across runs or pages is replaced once. Characters between segments
 * are not part of any result.
 */
export function maskSegments(text: string, segments: readonly Segment[], spans: readonly MaskSpan[]): string[] {
  let first = 0;
  let placed = -1;
  return segments.map((segment) => {
    while (first < spans.length && spans[first]!.end <= segment.start) first++;
    const parts: string[] = [];
    let pos = segment.start;
    for (let k = first; k < spans.length && spans[k]!.start < segment.end; k++) {
      const span = spans[k]!;
      const from = Math.max(span.start, segment.start);
      const to = Math.min(span.end, segment.end);
      if (from >= to) continue;
      parts.push(text.slice(pos, from));
      if (k > placed) {
        parts.push(span.replacement);
        placed = k;
      }
      pos = to;
    }
    parts.push(text.slice(pos, segment.end));
    return parts.join('');
  });
}

/** The whole text with the spans applied. */
export const applySpans = (text: string, spans: readonly MaskSpan[]): string => maskSegments(text, [{ start: 0, end: text.length }], spans).join('');
