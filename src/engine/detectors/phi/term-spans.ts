import { StartTable } from '../../cue-starts.js';
import { ScanText } from '../../scan-text.js';
import { isWhitespaceCode, isWordCode } from '../../text.js';
import { CLINICAL_ACRONYMS, CLINICAL_TERMS } from './clinical-terms.js';
import type { Span } from './spans.js';

// Each list is searched as one alternation, `\b(?:term|term|...)\b`, longest term first, but V8
// would try all ~600 alternatives at every position. So the alternatives are grouped by the
// characters a match can start with (three for the terms, two for the acronyms), and at each place
// a word starts only the group for the characters found there runs, sticky. A group keeps the
// alternation's order, and a match starting there can only be one of its terms: the matches are
// the alternation's, in linear time.

function termPattern(term: string): string {
  return term
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/'/g, "['’]")
    .replace(/ /g, '\\s{1,3}')
    .replace(/-/g, '[-\\s]?');
}

/**
 * The first `n` characters a match of the term's pattern can have, whitespace written as a space:
 * a space stands for 1-3 whitespace characters, a hyphen for a hyphen, a space or nothing.
 */
function prefixes(term: string, n: number): string[] {
  if (n === 0) return [''];
  const c = term.charAt(0);
  const rest = term.slice(1);
  // `lead`, then what the rest of the term can start with, cut to n characters.
  const then = (lead: string, left: number) =>
    left <= 0 ? [lead.slice(0, n)] : prefixes(rest, left).map((p) => lead + p);
  if (c === ' ') return [1, 2, 3].flatMap((k) => then(' '.repeat(k), n - k));
  if (c === '-') return [...then('-', n - 1), ...then(' ', n - 1), ...prefixes(rest, n)];
  if (c === "'") return [...then("'", n - 1), ...then('’', n - 1)];
  if (/[a-z0-9]/i.test(c)) return then(c.toLowerCase(), n - 1);
  throw new Error(`no start for "${term}"`);
}

/** A character as group keys read it: whitespace as a space, ASCII letters in lower case. */
function keyCode(c: number): number {
  return isWhitespaceCode(c) ? 32 : c >= 65 && c <= 90 ? c + 32 : c;
}

/** What may match where a word starts with given first two characters. */
interface Start {
  /** Groups of terms by their third character (as keyCode reads it). */
  terms: Map<number, RegExp>;
  acronyms: RegExp | undefined;
  imaging: boolean;
}

function group(patterns: readonly string[], flags: string): RegExp {
  return new RegExp(`\\b(?:${patterns.join('|')})\\b`, flags);
}

function longestFirst(terms: readonly string[]): string[] {
  return [...terms].sort((a, b) => b.length - a.length);
}

function startsTable(): StartTable<Start> {
  const starts = new Map<string, Start>();
  const at = (two: string): Start => {
    const start = starts.get(two) ?? { terms: new Map(), acronyms: undefined, imaging: false };
    starts.set(two, start);
    return start;
  };
  const terms = new Map<string, string[]>();
  for (const term of longestFirst(CLINICAL_TERMS)) {
    for (const key of new Set(prefixes(term, 3))) terms.set(key, [...(terms.get(key) ?? []), termPattern(term)]);
  }
  for (const [key, patterns] of terms) at(key.slice(0, 2)).terms.set(key.charCodeAt(2), group(patterns, 'iy'));
  // Acronyms keep their letter case; their two characters are folded only to find the group.
  const acronyms = new Map<string, string[]>();
  for (const acronym of longestFirst(CLINICAL_ACRONYMS)) {
    const key = acronym.slice(0, 2).toLowerCase();
    acronyms.set(key, [...(acronyms.get(key) ?? []), termPattern(acronym)]);
  }
  for (const [key, patterns] of acronyms) at(key).acronyms = group(patterns, 'y');
  for (const key of IMAGING_STARTS) at(key).imaging = true;
  const table = new StartTable<Start>();
  for (const [key, start] of starts) table.set(key.charAt(0), key.charAt(1), start);
  return table;
}

// Imaging named with the body part it looks at: "MRI of the lumbar spine", "CT scan of the chest".
const BODY_PART =
  '(?:(?:left|right|bilateral|lumbar|cervical|thoracic|lower|upper)\\s)?' +
  '(?:spine|brain|head|chest|abdomen|pelvis|knee|shoulder|hip|ankle|wrist|neck|heart|liver|kidneys?|breasts?|' +
  'lungs?|sinuses)';
const IMAGING = new RegExp(
  `\\b(?:MRI|CT(?:\\s[Ss]can)?|PET(?:\\s[Ss]can)?|[Xx]-[Rr]ay|[Uu]ltrasound)\\s[Oo]f\\s(?:[Tt]he\\s)?${BODY_PART}\\b`,
  'y',
);
/** The first two characters of IMAGING's matches, folded, and the first characters as they are. */
const IMAGING_STARTS = ['mr', 'ct', 'pe', 'x-', 'ul'];
const IMAGING_FIRST = new Set([...'MCPXxUu'].map((c) => c.charCodeAt(0)));
const STARTS = startsTable();

/**
 * Adds the regex's match starting at `at`, if any, to `spans`; returns where the list's search goes
 * on from (the end of its last match, as a global regex would).
 */
function tryAt(regex: RegExp | undefined, text: string, at: number, from: number, spans: Span[]): number {
  if (regex === undefined || at < from) return from;
  regex.lastIndex = at;
  if (!regex.test(text)) return from;
  spans.push({ start: at, end: regex.lastIndex });
  return regex.lastIndex;
}

/**
 * Every clinical term in the text, sorted by start; a term inside a longer one ("MRI" in "MRI of
 * the brain") is left out.
 */
export function clinicalTermSpans(text: string, shared = new ScanText(text)): Span[] {
  const all: Span[] = [];
  let terms = 0;
  let acronyms = 0;
  let imaging = 0;
  const { cueStarts, cueSlots } = shared.facts;
  for (let i = 0; i < cueStarts.length; i++) {
    const at = cueStarts[i] as number;
    // Every term starts a word: `\b` before a letter, so no camelCase hump and nothing after `_`.
    if (at > 0 && isWordCode(text.charCodeAt(at - 1))) continue;
    const start = STARTS.get(cueSlots[i] as number);
    if (start === undefined) continue;
    if (at >= terms) terms = tryAt(start.terms.get(keyCode(text.charCodeAt(at + 2))), text, at, terms, all);
    // Acronyms and imaging start with a capital (or `x`, `u`): the folded start found only their group.
    const first = text.charCodeAt(at);
    if (first <= 90) acronyms = tryAt(start.acronyms, text, at, acronyms, all);
    if (start.imaging && IMAGING_FIRST.has(first)) imaging = tryAt(IMAGING, text, at, imaging, all);
  }
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Span[] = [];
  let reach = -1;
  for (const span of all) {
    if (span.end <= reach) continue;
    kept.push(span);
    reach = span.end;
  }
  return kept;
}
