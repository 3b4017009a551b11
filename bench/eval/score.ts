// Scores predicted spans against the gold labels: a prediction is a true positive when it overlaps
// a gold span of the same type that no other prediction has matched.
import type { EvalDoc, Label } from './corpus/doc.js';

export interface Span {
  type: string;
  start: number;
  end: number;
}

export interface Counts {
  /** Gold spans of the type. */
  support: number;
  tp: number;
  fp: number;
  fn: number;
}

export interface Example {
  doc: string;
  value: string;
  context: string;
}

export interface TypeExamples {
  fp: Example[];
  fn: Example[];
}

export interface Metrics {
  precision: number;
  recall: number;
  f1: number;
}

const EXAMPLES_PER_TYPE = 3;

/** Pairs predictions with gold spans of the same type, each gold span at most once (largest overlap first). */
export function matchDoc(gold: readonly Span[], predicted: readonly Span[]): { tp: Span[]; fp: Span[]; fn: Span[] } {
  const used = new Set<number>();
  const tp: Span[] = [];
  const fp: Span[] = [];
  const ordered = [...predicted].sort((a, b) => a.start - b.start || b.end - a.end);
  for (const p of ordered) {
    let best = -1;
    let bestOverlap = 0;
    gold.forEach((g, i) => {
      if (used.has(i) || g.type !== p.type) return;
      const overlap = Math.min(g.end, p.end) - Math.max(g.start, p.start);
      if (overlap > bestOverlap) {
        best = i;
        bestOverlap = overlap;
      }
    });
    if (best >= 0) {
      used.add(best);
      tp.push(p);
    } else fp.push(p);
  }
  return { tp, fp, fn: gold.filter((_, i) => !used.has(i)) };
}

export function metrics(c: Counts): Metrics {
  const precision = c.tp + c.fp === 0 ? NaN : c.tp / (c.tp + c.fp);
  const recall = c.support === 0 ? NaN : c.tp / c.support;
  const f1 = c.support > 0 && c.tp === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

function excerpt(text: string, s: Span): Example['context'] {
  const from = Math.max(0, s.start - 40);
  const to = Math.min(text.length, s.end + 40);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}

/** Counts per type over a corpus, benign documents flagged, and a few errors of each type to look at. */
export class Scoreboard {
  readonly counts = new Map<string, Counts>();
  readonly examples = new Map<string, TypeExamples>();
  benignDocs = 0;
  benignFlagged = 0;

  /** `onlyTypes`: score only these types (gold and predictions), for an engine that knows fewer types. */
  constructor(private readonly onlyTypes?: ReadonlySet<string>) {}

  private entry(type: string): Counts {
    let c = this.counts.get(type);
    if (!c) this.counts.set(type, (c = { support: 0, tp: 0, fp: 0, fn: 0 }));
    return c;
  }

  private example(type: string, kind: 'fp' | 'fn', doc: EvalDoc, s: Span): void {
    let e = this.examples.get(type);
    if (!e) this.examples.set(type, (e = { fp: [], fn: [] }));
    if (e[kind].length < EXAMPLES_PER_TYPE) e[kind].push({ doc: doc.id, value: doc.text.slice(s.start, s.end), context: excerpt(doc.text, s) });
  }

  add(doc: EvalDoc, predicted: readonly Span[]): void {
    const keep = (s: Span) => !this.onlyTypes || this.onlyTypes.has(s.type);
    const gold: Label[] = doc.labels.filter(keep);
    const pred = predicted.filter(keep);
    if (doc.benign) {
      this.benignDocs++;
      if (pred.length > 0) this.benignFlagged++;
    }
    for (const g of gold) this.entry(g.type).support++;
    const { tp, fp, fn } = matchDoc(gold, pred);
    for (const p of tp) this.entry(p.type).tp++;
    for (const p of fp) {
      this.entry(p.type).fp++;
      this.example(p.type, 'fp', doc, p);
    }
    for (const g of fn) {
      this.entry(g.type).fn++;
      this.example(g.type, 'fn', doc, g);
    }
  }

  total(): Counts {
    const t: Counts = { support: 0, tp: 0, fp: 0, fn: 0 };
    for (const c of this.counts.values()) {
      t.support += c.support;
      t.tp += c.tp;
      t.fp += c.fp;
      t.fn += c.fn;
    }
    return t;
  }
}

/** Gold values of a document that still occur, verbatim, in its masked text: one per label. */
export function leakedTypes(doc: EvalDoc, masked: string): string[] {
  return doc.labels.filter((l) => masked.includes(doc.text.slice(l.start, l.end))).map((l) => l.type);
}
