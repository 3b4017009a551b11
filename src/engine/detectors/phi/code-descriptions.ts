import type { Finding } from '../../types.js';
import type { Span } from './spans.js';

// What an ICD-10 code says in words is a diagnosis, whatever the words: claim forms, lab requests
// and prescriptions print the code's description beside it ("low back pain (M54.50)", "K21.9
// gastro-esophageal reflux disease", "A. F10.20  (alcohol dependence)"). The clinical term list
// cannot hold every description ICD-10-CM has (some 70,000), but the code marks them: the words
// right before "(code)", in parentheses right after the code, or filling the rest of its line.

/** Words of a description: letters, spaces, hyphens, apostrophes and a comma-free run. */
const WORDS = /^[A-Za-z][A-Za-z'’ -]*[A-Za-z]$/;
const MAX = 80;
/** Where a description before "(code)" starts: after the last of these. */
const BEFORE_STOP = /[:;,.\n()[\]]|\b(?:for|with|of known|due to|dx|diagnosis)\s/gi;
/** After a code: "(words)", or words to the end of the line. */
const AFTER = /^[ \t]{0,4}(?:\(([^()\n]{3,80})\)|([A-Za-z][^\n;()]{2,80}?))[ \t]*(?=$|\n|;|\(|[ \t]{2}|\s[A-Z]\.\s)/;

function trimmed(text: string, start: number, end: number): Span | null {
  while (start < end && /\s/.test(text.charAt(start))) start++;
  while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  const words = text.slice(start, end);
  return words.length >= 3 && words.length <= MAX && WORDS.test(words) && /[a-z]/.test(words) ? { start, end } : null;
}

function before(text: string, code: Finding): Span | null {
  const open = text.lastIndexOf('(', code.start);
  if (open === -1 || text.slice(open + 1, code.start).trim() !== '') return null;
  const from = Math.max(0, open - MAX);
  let start = from;
  for (const m of text.slice(from, open).matchAll(BEFORE_STOP)) start = from + m.index + m[0].length;
  return trimmed(text, start, open);
}

function after(text: string, code: Finding): Span | null {
  const m = AFTER.exec(text.slice(code.end, code.end + MAX + 8));
  if (!m) return null;
  const words = m[1] ?? m[2]!;
  const at = code.end + m[0].indexOf(words);
  return trimmed(text, at, at + words.length);
}

/** The descriptions beside the ICD-10 codes found. */
export function codeDescriptions(text: string, earlier: readonly Finding[]): Span[] {
  const spans: Span[] = [];
  for (const code of earlier) {
    if (code.type !== 'ICD10_CODE') continue;
    for (const span of [before(text, code), after(text, code)]) if (span) spans.push(span);
  }
  return spans;
}
