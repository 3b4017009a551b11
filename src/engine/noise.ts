// Known noise (issue 3 §2): spans of benign identifiers that look like sensitive values. A finding
// lying wholly inside one is dropped unless its detector is `noiseExempt` (see detector.ts).
import type { Finding } from './types.js';

export interface Span {
  start: number;
  end: number;
}

const UUID = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;

/** Every noise span in the text, sorted by start. */
export function noiseSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of text.matchAll(UUID)) spans.push({ start: m.index, end: m.index + m[0].length });
  return spans.sort((a, b) => a.start - b.start);
}

/** Drops the findings that lie wholly inside a noise span, unless `exempt` says to keep them. */
export function withoutNoise(findings: Finding[], noise: readonly Span[], exempt: (f: Finding) => boolean): Finding[] {
  if (noise.length === 0) return findings;
  // Prefix maximum of ends over spans sorted by start: "does a span starting at or before f.start reach f.end".
  const starts = noise.map((s) => s.start);
  const maxEnds: number[] = [];
  for (const s of noise) maxEnds.push(Math.max(s.end, maxEnds[maxEnds.length - 1] ?? -1));
  const inside = (f: Finding): boolean => {
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((starts[mid] ?? Infinity) <= f.start) low = mid + 1;
      else high = mid;
    }
    return low > 0 && (maxEnds[low - 1] ?? -1) >= f.end;
  };
  return findings.filter((f) => exempt(f) || !inside(f));
}
