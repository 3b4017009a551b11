// Runs Preflight's engine over the corpus: findings per document, throughput, and leaks after masking.
import { check, MASKING_STYLES, scan, type MaskingStyle, type Rule } from '../../src/engine/index.js';
import type { EvalDoc } from './corpus/doc.js';
import { leakedTypes, type Span } from './score.js';

export interface EngineRun {
  predictions: Span[][];
  /** Documents on which the engine threw (scored as finding nothing). */
  errors: { doc: string; message: string }[];
}

/**
 * Findings scored under the corpus's own names. A corpus files a secret that had no type of its own
 * when it was written (npm, Hugging Face, SendGrid...) under GENERIC_SECRET; a SECRETS type the
 * corpus never labels is scored as GENERIC_SECRET, so a more precise name is not a miss.
 */
export function runEngine(docs: readonly EvalDoc[]): EngineRun {
  const errors: EngineRun['errors'] = [];
  const labelled = new Set(docs.flatMap((d) => d.labels.map((l) => l.type)));
  const scored = (type: string, category: string) => (category === 'SECRETS' && !labelled.has(type) ? 'GENERIC_SECRET' : type);
  const predictions = docs.map((d) => {
    try {
      return scan(d.text).map(({ type, category, start, end }) => ({ type: scored(type, category), start, end }));
    } catch (err) {
      errors.push({ doc: d.id, message: err instanceof Error ? err.message : String(err) });
      return [];
    }
  });
  return { predictions, errors };
}

export interface Throughput {
  docsPerSec: number;
  mbPerSec: number;
  passes: number;
  seconds: number;
}

/** Whole-corpus passes of `scan` on this thread, after one warm-up pass, until `minMs` have gone by. */
export function measureThroughput(docs: readonly EvalDoc[], minMs = 3000, maxPasses = 10): Throughput {
  const bytes = docs.reduce((s, d) => s + Buffer.byteLength(d.text), 0);
  const safeScan = (text: string) => {
    try {
      scan(text);
    } catch {
      // Counted in runEngine; here only the time matters.
    }
  };
  for (const d of docs) safeScan(d.text);
  let passes = 0;
  const t0 = performance.now();
  do {
    for (const d of docs) safeScan(d.text);
    passes++;
  } while (performance.now() - t0 < minMs && passes < maxPasses);
  const seconds = (performance.now() - t0) / 1000;
  return { docsPerSec: (docs.length * passes) / seconds, mbPerSec: (bytes * passes) / seconds / 1e6, passes, seconds };
}

/** One rule that masks every category for every destination. */
export const MASK_ALL: Rule = {
  id: 'eval-mask-all',
  name: 'eval: mask everything',
  enabled: true,
  dataTypes: ['PII', 'PHI', 'FINANCIAL', 'SECRETS', 'CUSTOM'],
  destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'],
  action: 'MASK',
};

/** Per masking style, per type: gold values still present verbatim in `masked_content`. */
export function countLeaks(docs: readonly EvalDoc[]): Map<MaskingStyle, Map<string, number>> {
  const out = new Map<MaskingStyle, Map<string, number>>();
  for (const style of MASKING_STYLES) {
    const perType = new Map<string, number>();
    for (const d of docs) {
      if (d.labels.length === 0) continue;
      let masked: string;
      try {
        masked = check(d.text, { rules: [MASK_ALL], destination: 'AI_TOOL', masking: style, hashKey: 'k' }).masked_content ?? '';
      } catch {
        masked = d.text;
      }
      for (const type of leakedTypes(d, masked)) perType.set(type, (perType.get(type) ?? 0) + 1);
    }
    out.set(style, perType);
  }
  return out;
}
