// Context shared by the PHI group's identifier detectors.
import type { ScanText } from '../../scan-text.js';
import { hasCueNear, isAlnumCode, isDigitCode, isWordCode } from '../../text.js';

/**
 * The pattern with every letter outside a character class made caseless (`a` becomes `[aA]`),
 * so a regex can ignore letter case without the `i` flag, which would also make the
 * lower-then-upper test of a camelCase boundary ignore case. Letters inside classes stay as written.
 */
export function caseless(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charAt(i);
    if (c === '\\') {
      out += c + pattern.charAt(++i);
    } else if (c === '(' && pattern.charAt(i + 1) === '?') {
      // A group's syntax: (?: (?= (?! (?<= (?<!
      const syntax = pattern.slice(i, i + 4).match(/^\(\?(?:<[=!]|[:=!])/)?.[0] ?? '(?';
      out += syntax;
      i += syntax.length - 1;
    } else {
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      const other = c.toLowerCase() === c ? c.toUpperCase() : c.toLowerCase();
      out += !inClass && other !== c ? `[${c}${other}]` : c;
    }
  }
  return out;
}

/** A word starts after a non-alphanumeric, or at a camelCase hump (`renderingNpi`). */
export const WORD_START = '(?:(?<![A-Za-z0-9])|(?<=[a-z])(?=[A-Z]))';
/** A word ends before a non-alphanumeric, or before a camelCase hump (`icd10Code`, `npiNumber`). */
const WORD_END = '(?:(?![A-Za-z0-9])|(?<=[a-z0-9])(?=[A-Z]))';

/**
 * A caseless regex of cue words, whole words where `_`, `-` and camelCase humps also separate
 * words, so keys such as `npi_number`, `order-id` or `prescriberDea` count. `\\s+` in the
 * pattern also matches `_` and `-`.
 */
export function cueWords(pattern: string, flags = ''): RegExp {
  return new RegExp(`${WORD_START}(?:${caseless(pattern.replaceAll('\\s+', '[\\s_-]+'))})${WORD_END}`, flags);
}

/** The top-level alternatives of a pattern: split at each `|` outside groups and classes. */
function alternatives(pattern: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charAt(i);
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      found.push(pattern.slice(start, i));
      start = i + 1;
    }
  }
  found.push(pattern.slice(start));
  return found;
}

/** Index of the `)` closing the group opened at `open`. */
function groupEnd(pattern: string, open: number): number {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    const c = pattern.charAt(i);
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  throw new Error(`unclosed group in ${pattern}`);
}

/**
 * Adds the letters (lower case) a match of the pattern can start with. Only letters and groups
 * (`(?:...)`, perhaps optional) may lead an alternative; anything else throws, so a pattern this
 * cannot read fails when its module loads rather than missing matches.
 */
function addFirstLetters(pattern: string, letters: Set<string>): void {
  for (const alternative of alternatives(pattern)) {
    if (/^[A-Za-z]/.test(alternative)) {
      letters.add(alternative.charAt(0).toLowerCase());
    } else if (alternative.startsWith('(?:')) {
      const end = groupEnd(alternative, 0);
      addFirstLetters(alternative.slice(3, end), letters);
      if (alternative.charAt(end + 1) === '?') addFirstLetters(alternative.slice(end + 2), letters);
    } else {
      throw new Error(`cannot tell how "${alternative}" starts`);
    }
  }
}

/**
 * Caseless labels written right before a value: each starts like a cue word and ends at a
 * non-letter, so the value may touch it (`MRN-00123456`, `MRN00123456`). They are looked for only
 * where a cue word may start (CharFacts.cueStarts) with one of the labels' first letters: the same
 * matches as the regex run over the whole text, without V8 trying it at every position.
 */
export class LabelWords {
  private readonly regex: RegExp;
  /** Character codes of the first letters, both cases. */
  private readonly firsts = new Set<number>();

  constructor(pattern: string) {
    this.regex = new RegExp(`${WORD_START}(?:${caseless(pattern)})(?![A-Za-z])`, 'y');
    const letters = new Set<string>();
    addFirstLetters(pattern, letters);
    for (const letter of letters) this.firsts.add(letter.charCodeAt(0)).add(letter.toUpperCase().charCodeAt(0));
  }

  /** Every label in the text, in order, as a global regex would find them. */
  in(text: string, shared: ScanText): RegExpExecArray[] {
    const found: RegExpExecArray[] = [];
    let from = 0;
    for (const at of shared.facts.cueStarts) {
      if (at < from || !this.firsts.has(text.charCodeAt(at))) continue;
      this.regex.lastIndex = at;
      const m = this.regex.exec(text);
      if (m === null) continue;
      found.push(m);
      from = this.regex.lastIndex;
    }
    return found;
  }
}

/**
 * Words saying a value is made up: documentation, fixtures, mock data. "test" and "sample" count
 * only before a noun such as "data": clinical text tests and samples real patients. A word inside
 * an address or a path (jane@example.com, /samples/) is not a cue: real values sit beside those.
 */
const FICTITIOUS = new RegExp(
  `(?<![@./\\w-])(?:${caseless(
    'examples?|e\\.g\\.|dummy|fake|placeholder|lorem|ipsum|fictitious|fictional|made-up|mock|' +
      '(?:test|sample)\\s+(?:data|patients?|records?|values?|numbers?|ids?)',
  )})(?![\\w@-]|\\.[A-Za-z])`,
);
const FICTITIOUS_WINDOW = 40;
/** What a made-up value loses, and the most it keeps: under the default minimum, whatever else is near. */
const FICTITIOUS_PENALTY = 0.4;
const FICTITIOUS_CEILING = 0.45;
/** Findings keep a positive confidence, so a policy with a low minimum can still see them. */
const FLOOR = 0.1;

export function lessIfFictitious(text: string, start: number, end: number, confidence: number): number {
  if (!hasCueNear(text, start, end, FICTITIOUS, FICTITIOUS_WINDOW)) return confidence;
  const lowered = Math.round((confidence - FICTITIOUS_PENALTY) * 100) / 100;
  return Math.max(FLOOR, Math.min(FICTITIOUS_CEILING, lowered));
}

/** The end of a line or a sentence; "No." and other label abbreviations end no sentence. */
const SENTENCE_END = /\n|(?<!\b(?:no|nr|num|ref|acct|inv|ord|vol|pt))[.!?](?=\s)/gi;

/**
 * True when `cue` matches within `window` characters before `start` and in the same sentence:
 * "for the booking. AB1234563" is no booking reference. A word cut by the window does not count.
 */
export function cueBefore(text: string, start: number, cue: RegExp, window: number): boolean {
  let from = Math.max(0, start - window);
  while (from < start && from > 0 && isWordCode(text.charCodeAt(from - 1))) from++;
  const before = text.slice(from, start);
  let sentenceStart = 0;
  for (const m of before.matchAll(SENTENCE_END)) sentenceStart = m.index + 1;
  return cue.test(before.slice(sentenceStart));
}

/**
 * Labels of other kinds of identifiers. A value reported on its shape alone (an MBI, a DEA number)
 * is not reported after "order", "SKU" or "serial": product codes and order ids share the shape.
 * Labels come before values; a word after the value belongs to what follows ("… 1EG4TE5MK73.
 * Order #758576 shipped").
 */
const OTHER_ID = cueWords(
  '(?:order|invoice|sku|part|item|product|model|serial|tracking|ticket|ref|reference|confirmation|booking|' +
    'reservation|shipment|catalog|catalogue|batch|lot|transaction|txn|voucher|coupon|promo|vin|plate|flight|asset)s?',
);
const OTHER_ID_WINDOW = 25;

export function afterOtherIdLabel(text: string, start: number): boolean {
  return cueBefore(text, start, OTHER_ID, OTHER_ID_WINDOW);
}

/** Characters that glue a token to the next one: a path, a file name, a version, a base64 run. */
const GLUE = new Set(['.', '/', '+', '\\']);

/**
 * True when text[start, end) is a whole token: no word character touches it, no `.` `/` `+` `\`
 * joins it to more letters or digits, and no `-` joins it to more digits on the left or to
 * anything alphanumeric on the right (`DEA-AB1234563` is a label and a value; `AB1234563-01` is
 * one longer code).
 */
export function isWholeToken(text: string, start: number, end: number): boolean {
  if (start > 0) {
    const before = text.charAt(start - 1);
    if (isWordCode(before.charCodeAt(0))) return false;
    if (GLUE.has(before) && isAlnumCode(text.charCodeAt(start - 2))) return false;
    if (before === '-' && isDigitCode(text.charCodeAt(start - 2))) return false;
  }
  return endsToken(text, end);
}

/** The right-hand half of isWholeToken, for values whose left edge a label already fixes. */
export function endsToken(text: string, end: number): boolean {
  if (end >= text.length) return true;
  const after = text.charAt(end);
  if (isWordCode(after.charCodeAt(0))) return false;
  return !((GLUE.has(after) || after === '-') && isAlnumCode(text.charCodeAt(end + 1)));
}
