import { scan, type Finding, type Rule } from '../../src/engine/index.js';

/** Values of one type found in the text, in order. */
export function found(text: string, type: string): string[] {
  return scan(text)
    .filter((f) => f.type === type)
    .map((f) => f.value);
}

export function finding(type: string, category: Finding['category'], value: string, start = 0, confidence = 0.9): Finding {
  return { type, category, start, end: start + value.length, value, confidence };
}

let nextId = 0;
export function rule(fields: Partial<Rule> & Pick<Rule, 'dataTypes' | 'action'>): Rule {
  return { id: `r${++nextId}`, name: `rule ${nextId}`, enabled: true, destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], ...fields };
}

/** Deterministic PRNG (mulberry32) so failures reproduce. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
