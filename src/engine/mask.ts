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

/**
 * DESIGN §20. Replaces the given spans and leaves every other character as it was. A span that
 * overlaps one already replaced (callers pass resolved findings, so only by mistake) is skipped.
 */
export function mask(text: string, findingsToMask: readonly Finding[], style: MaskingStyle, hashKey: string): string {
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

  const parts: string[] = [];
  let pos = 0;
  for (const f of spans) {
    if (f.start < pos || f.end > text.length || f.start >= f.end) continue;
    parts.push(text.slice(pos, f.start), replace(f, text.slice(f.start, f.end)));
    pos = f.end;
  }
  parts.push(text.slice(pos));
  return parts.join('');
}
