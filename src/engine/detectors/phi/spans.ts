// Span helpers for detectors that ask "is any of these spans near this one" many times: the
// spans are found once per text, then each question costs O(log n).

export interface Span {
  start: number;
  end: number;
}

export function spansOf(text: string, regex: RegExp): Span[] {
  return [...text.matchAll(regex)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/**
 * A test answering "does any of these reaches share a character with the span" (both are
 * half-open): reaches sorted by start with the running maximum of their ends, and a binary search.
 */
export function overlapTest(reaches: Span[]): (span: Span) => boolean {
  const sorted = [...reaches].sort((a, b) => a.start - b.start);
  const starts = sorted.map((r) => r.start);
  const maxEnds: number[] = [];
  for (const r of sorted) maxEnds.push(Math.max(r.end, maxEnds[maxEnds.length - 1] ?? -Infinity));
  return (span) => {
    // Last reach starting before span.end.
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((starts[mid] ?? Infinity) < span.end) low = mid + 1;
      else high = mid;
    }
    return low > 0 && (maxEnds[low - 1] ?? -Infinity) > span.start;
  };
}

/** The spans grown by `before` characters on the left and `after` on the right. */
export function widened(spans: readonly Span[], before: number, after: number): Span[] {
  return spans.map((s) => ({ start: s.start - before, end: s.end + after }));
}
