import type { Finding } from './types.js';

/** Higher confidence first, then the longer span, then the earlier start; table order breaks the rest. */
function priority(a: Finding, b: Finding): number {
  return b.confidence - a.confidence || b.end - b.start - (a.end - a.start) || a.start - b.start;
}

function byStart(a: Finding, b: Finding): number {
  return a.start - b.start || a.end - b.end;
}

/**
 * Keeps a set of non-overlapping findings, sorted by start: in priority order, a finding is kept
 * when none of its characters is taken by a finding kept before it. Marking taken characters costs
 * the total length of the findings, so thousands of findings stay cheap.
 */
export function resolveOverlaps(findings: readonly Finding[]): Finding[] {
  const sorted = [...findings].sort(byStart);
  if (sorted.every((f, i) => i === 0 || (sorted[i - 1]?.end ?? 0) <= f.start)) return sorted;

  const taken = new Uint8Array(sorted.reduce((end, f) => Math.max(end, f.end), 0));
  const kept: Finding[] = [];
  for (const f of [...findings].sort(priority)) {
    if (taken.subarray(f.start, f.end).includes(1)) continue;
    taken.fill(1, f.start, f.end);
    kept.push(f);
  }
  return kept.sort(byStart);
}
