import { createHmac } from 'node:crypto';
import { initialsOnly, starAllButLast4 } from './text.js';
import type { Finding, MaskingStyle } from './types.js';

/** Numbers each distinct value per type in order of first appearance: [EMAIL_1], [EMAIL_2]. */
function pseudonymizer(): (type: string, value: string) => number {
  const byType = new Map<string, Map<string, number>>();
  return (type, value) => {
    let numbers = byType.get(type);
    if (!numbers) byType.set(type, (numbers = new Map()));
    // Letter case does not make a different person: John@x.com and john@x.com share a number.
    const key = value.toLowerCase();
    let n = numbers.get(key);
    if (n === undefined) numbers.set(key, (n = numbers.size + 1));
    return n;
  };
}

/** One planned replacement: characters [start, end) become `replacement`. */
export interface MaskReplacement {
  start: number;
  end: number;
  replacement: string;
}

/**
 * DESIGN §20. The replacements for the given spans, in text order. A span that overlaps one already
 * planned (callers pass resolved findings, so only by mistake) is skipped.
 */
export function maskPlan(text: string, findingsToMask: readonly Finding[], style: MaskingStyle, hashKey: string): MaskReplacement[] {
  const spans = [...findingsToMask].sort((a, b) => a.start - b.start || b.end - a.end);
  const pseudonym = pseudonymizer();
  const replace = (f: Finding, value: string): string => {
    switch (style) {
      case 'label':
        return `[${f.type}]`;
      case 'pseudonym':
        return `[${f.type}_${pseudonym(f.type, value)}]`;
      case 'partial':
        return f.type === 'PERSON_NAME' ? initialsOnly(value) : starAllButLast4(value);
      case 'hash':
        return `[${f.type}:${createHmac('sha256', hashKey).update(value).digest('hex').slice(0, 8)}]`;
    }
  };

  const plan: MaskReplacement[] = [];
  let pos = 0;
  for (const f of spans) {
    if (f.start < pos || f.end > text.length || f.start >= f.end) continue;
    plan.push({ start: f.start, end: f.end, replacement: replace(f, text.slice(f.start, f.end)) });
    pos = f.end;
  }
  return plan;
}

/** Applies replacements in text order (as `maskPlan` returns them); every other character stays. */
export function applyMaskPlan(text: string, plan: readonly MaskReplacement[]): string {
  const parts: string[] = [];
  let pos = 0;
  for (const r of plan) {
    parts.push(text.slice(pos, r.start), r.replacement);
    pos = r.end;
  }
  parts.push(text.slice(pos));
  return parts.join('');
}

/** DESIGN §20: the text with the given spans replaced. */
export function mask(text: string, findingsToMask: readonly Finding[], style: MaskingStyle, hashKey: string): string {
  return applyMaskPlan(text, maskPlan(text, findingsToMask, style, hashKey));
}
