import { ScanText } from '../../../scan-text.js';
import { hasCueNear, standsAlone } from '../../../text.js';
import type { DetectorType, Finding } from '../../../types.js';
import { wordSet, type WordSet } from '../../../words-present.js';
import { makeFinding } from '../../detector.js';
import { cueRegex } from '../../financial/cues.js';
import { cueOwns } from '../cue-owns.js';
import { lessIfNegative } from '../negative-context.js';

/**
 * What a value's own characters say about it: NONE, not this identifier (wrong check digit, no
 * such date, a prefix never issued); SHAPE, plausible but with no check digit to vouch for it, so
 * reported only when a cue owns it; CHECKED, its check digits hold.
 */
export const NONE = 0;
export const SHAPE = 1;
export const CHECKED = 2;
export type Validity = typeof NONE | typeof SHAPE | typeof CHECKED;

/** One national identifier, as data: the table in europe.ts, asia-pacific.ts and americas.ts. */
export interface IdSpec extends DetectorType {
  /**
   * The value as written, separators included, as a regex source without edges (the finder adds
   * them: no letter or digit may touch the value, nor a separator joining it to more digits).
   */
  shape: string;
  /** Fewest ASCII digits a value holds: texts with fewer skip the regex. */
  minDigits: number;
  /** Validity of the compact value (separators removed, capitals), given also as written. */
  check(compact: string, written: string): Validity;
  /** Context words in the country's languages and English; lower case matches any case (cues.ts). */
  cues: readonly string[];
  /**
   * True when a checked value may be reported with no cue. By default, a checked value written
   * with a separator or a letter: a bare digit run passes a one-digit check too often (order
   * numbers, timestamps, phone numbers), so it needs a cue that owns it.
   */
  alone?: (written: string, validity: Validity) => boolean;
  /**
   * True when the dotted form is trusted over the known-noise exclusions (noise.ts): two check
   * digits make 786.804.317-29 a CPF, not a version with a pre-release part.
   */
  noiseExempt?: boolean;
}

// Confidences on the scale of docs/detectors/README.md.
const CHECKED_WITH_CUE = 0.97;
const CHECKED_ALONE = 0.85;
const CHECKED_OWNED = 0.9;
const SHAPE_OWNED = 0.8;
const CUE_WINDOW = 40;

const SEPARATORS = /[\s./-]/g;
const BARE_DIGITS = /^\d+$/;

function defaultAlone(written: string, validity: Validity): boolean {
  return validity === CHECKED && !BARE_DIGITS.test(written);
}

interface Compiled {
  /** Position in the spec list. */
  index: number;
  spec: IdSpec;
  near: RegExp;
  owns: RegExp;
  words: WordSet;
  alone: (written: string, validity: Validity) => boolean;
}

/** The first word of each cue, lower-cased: the cheap test that some cue may occur. */
function cueWords(cues: readonly string[]): string[] {
  return [...new Set(cues.map((c) => c.toLowerCase().split(/[ _-]/)[0] as string))];
}

function compile(spec: IdSpec, index: number): Compiled {
  if ((new RegExp(`${spec.shape}|`).exec('')?.length ?? 0) > 1) throw new Error(`${spec.type}: a shape has no capturing group`);
  return {
    index,
    spec,
    near: cueRegex(spec.cues),
    owns: cueRegex(spec.cues, 'g'),
    words: wordSet(cueWords(spec.cues)),
    alone: spec.alone ?? defaultAlone,
  };
}

// Every shape begins with a digit, or with at most six capitals and maybe a space or a dash before
// its first digit. One pass over the characters finds the places where a token may so begin; there
// the digits of the token ahead are counted, and one sticky regex tries every shape that many digits
// allow at once, each in a lookahead that captures its value when it matches (or matches empty). So
// the text is read once for all identifiers, and most numbers (a year, a price) try no shape at all.

/** Longest value, separators included (a French NIR in spaced groups): its digits are all counted. */
const LONGEST = 24;
/** Buckets of digit counts: a token with more digits tries every shape. */
const MOST_DIGITS = 18;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isCapital = (c: number) => c >= 65 && c <= 90;
const isAlnum = (c: number) => isDigit(c) || isCapital(c) || (c >= 97 && c <= 122);

/**
 * Digits in the token that starts at `start` (capitals, digits, single separators), within LONGEST
 * characters; 0 unless at most six capitals and maybe a space or a dash come before its first digit.
 */
function tokenDigits(text: string, start: number): number {
  let i = start;
  while (i < start + 6 && isCapital(text.charCodeAt(i))) i++;
  if (!isDigit(text.charCodeAt(i))) {
    const c = text.charCodeAt(i);
    if ((c !== 32 && c !== 45) || !isDigit(text.charCodeAt(i + 1))) return 0;
  }
  let digits = 0;
  const end = Math.min(text.length, start + LONGEST);
  for (i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) digits++;
    else if (!isCapital(c)) {
      const next = text.charCodeAt(i + 1);
      const joins = c === 32 || c === 43 || c === 45 || c === 46 || c === 47; // space + - . /
      if (!joins || !(isDigit(next) || isCapital(next))) break;
    }
  }
  return digits;
}

interface Bucket {
  tries: RegExp;
  members: readonly Compiled[];
}

function bucket(members: readonly Compiled[]): Bucket {
  const tries = members.map((c) => `(?:(?=(${c.spec.shape})(?![A-Za-z0-9]))|)`);
  return { tries: new RegExp(tries.join(''), 'y'), members };
}

/**
 * Finds the identifiers of every spec in one call, for detectors that share it (see index.ts).
 * Those that need a cue are only kept when one of their cue words occurs.
 */
export function nationalFinder(specs: readonly IdSpec[]): (text: string, shared?: ScanText) => Finding[] {
  const compiled = specs.map(compile);
  const buckets: Bucket[] = [];
  for (let d = 0; d <= MOST_DIGITS; d++) buckets.push(bucket(compiled.filter((c) => c.spec.minDigits <= d)));
  return (text, shared = new ScanText(text)) => {
    const found: Finding[] = [];
    /** Spans some finding was given for its own cue: other types' findings there are dropped. */
    const cuedSpans = new Set<string>();
    const uncued: boolean[] = [];
    const present: (boolean | undefined)[] = [];
    for (let start = 0, before = 0; start < text.length; start++) {
      const c = text.charCodeAt(start);
      const tokenStart = !isAlnum(before) && (isDigit(c) || isCapital(c));
      before = c;
      if (!tokenStart) continue;
      const { tries, members } = buckets[Math.min(MOST_DIGITS, tokenDigits(text, start))] as Bucket;
      if (members.length === 0) continue;
      tries.lastIndex = start;
      const m = tries.exec(text);
      if (m === null) continue;
      for (let i = 0; i < members.length; i++) {
        const written = m[i + 1];
        if (written === undefined) continue;
        const c = members[i] as Compiled;
        const end = start + written.length;
        // A value printed in spaced groups is not one when another group follows (a longer number).
        if (!standsAlone(text, start, end, written.includes(' ') ? ' ./-' : './-')) continue;
        const validity = c.spec.check(written.replace(SEPARATORS, '').toUpperCase(), written);
        if (validity === NONE) continue;
        const cuePresent = (present[c.index] ??= shared.hasAny(c.words));
        let confidence: number;
        if (c.alone(written, validity)) {
          confidence = cuePresent && hasCueNear(text, start, end, c.near, CUE_WINDOW) ? CHECKED_WITH_CUE : CHECKED_ALONE;
        } else {
          if (!cuePresent || !cueOwns(text, start, end, c.owns, CUE_WINDOW)) continue;
          confidence = validity === CHECKED ? CHECKED_OWNED : SHAPE_OWNED;
        }
        const cued = confidence !== CHECKED_ALONE;
        if (cued) cuedSpans.add(`${start}:${end}`);
        found.push(makeFinding(c.spec, text, start, end, lessIfNegative(text, start, end, confidence)));
        uncued.push(!cued);
      }
    }
    // Formats that share a shape (a Swedish and a Danish number, YYMMDD-NNNN and DDMMYY-NNNN): the
    // value is the one its cue names, however the other's check digit happens to fall.
    if (cuedSpans.size === 0) return found;
    return found.filter((f, i) => !(uncued[i] && cuedSpans.has(`${f.start}:${f.end}`)));
  };
}

/** CHECKED when the check digits hold, else NONE. */
export function checked(holds: boolean): Validity {
  return holds ? CHECKED : NONE;
}
