// The held-out misses and false positives, with their text and kind of document, written to
// bench/eval/.last-holdout-errors.json (not committed) so a reader can see *why* a value was missed.
import { matchDoc, type Span } from '../score.js';
import type { HoldoutDoc } from './doc.js';

export interface HoldoutExample {
  doc: string;
  kind: string;
  benign: boolean;
  value: string;
  /** For a false positive: the gold type the span overlaps, if any (a type confusion). */
  overlaps?: string;
  context: string;
}

function context(text: string, s: Span): string {
  const from = Math.max(0, s.start - 60);
  const to = Math.min(text.length, s.end + 40);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}

/** Per type: counts of false negatives and false positives per kind of document, and up to `max` examples of each. */
export function holdoutErrors(docs: readonly HoldoutDoc[], predictions: readonly Span[][], max = 12, types?: ReadonlySet<string>) {
  const out = new Map<string, { fnByKind: Record<string, number>; fpByKind: Record<string, number>; fn: HoldoutExample[]; fp: HoldoutExample[] }>();
  const entry = (t: string) => {
    let e = out.get(t);
    if (!e) out.set(t, (e = { fnByKind: {}, fpByKind: {}, fn: [], fp: [] }));
    return e;
  };
  docs.forEach((d, i) => {
    const keep = (s: Span) => !types || types.has(s.type);
    const gold = d.labels.filter(keep);
    const { fp, fn } = matchDoc(gold, (predictions[i] ?? []).filter(keep));
    for (const g of fn) {
      const e = entry(g.type);
      e.fnByKind[d.kind] = (e.fnByKind[d.kind] ?? 0) + 1;
      if (e.fn.length < max) e.fn.push({ doc: d.id, kind: d.kind, benign: d.benign, value: d.text.slice(g.start, g.end), context: context(d.text, g) });
    }
    for (const p of fp) {
      const e = entry(p.type);
      e.fpByKind[d.kind] = (e.fpByKind[d.kind] ?? 0) + 1;
      const over = d.labels.find((g) => Math.min(g.end, p.end) > Math.max(g.start, p.start));
      if (e.fp.length < max) e.fp.push({ doc: d.id, kind: d.kind, benign: d.benign, value: d.text.slice(p.start, p.end), ...(over ? { overlaps: over.type } : {}), context: context(d.text, p) });
    }
  });
  return Object.fromEntries([...out.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}
