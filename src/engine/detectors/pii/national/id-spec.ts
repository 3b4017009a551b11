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
  /** Fewest and most ASCII digits a value holds: a token whose digits fit no range tries no shape. */
  digits: readonly [number, number];
  /** Fewest and most capitals before its first digit (at most 6); none by default. */
  capitals?: readonly [number, number];
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
  /** The shape, sticky, ending where no letter or digit follows. */
  shape: RegExp;
  /** Bit n set when a value may hold n digits. */
  counts: number;
  /** Bit n set when a value may start with n capitals. */
  leads: number;
  near: RegExp;
  owns: RegExp;
  words: WordSet;
  alone: (written: string, validity: Validity) => boolean;
}

/** The first word of each cue, lower-cased: the cheap test that some cue may occur. */
function cueWords(cues: readonly string[]): string[] {
  return [...new Set(cues.map((c) => c.toLowerCase().split(/[ _-]/)[0] as string))];
}

/** The bits from `low` to `high`, both included. */
function bits(low: number, high: number): number {
  return (2 ** (high + 1) - 1) & ~(2 ** low - 1);
}

function compile(spec: IdSpec, index: number): Compiled {
  const [fewest, most] = spec.digits;
  const [fewestCapitals, mostCapitals] = spec.capitals ?? [0, 0];
  if (most > LONGEST || mostCapitals > 6) throw new Error(`${spec.type}: at most ${LONGEST} digits, after at most 6 capitals`);
  return {
    index,
    spec,
    shape: new RegExp(`(?:${spec.shape})(?![A-Za-z0-9])`, 'y'),
    counts: bits(fewest, most),
    leads: bits(fewestCapitals, mostCapitals),
    near: cueRegex(spec.cues),
    owns: cueRegex(spec.cues, 'g'),
    words: wordSet(cueWords(spec.cues)),
    alone: spec.alone ?? defaultAlone,
  };
}

// Every shape begins with a digit, or with at most six capitals and maybe a space or a dash before
// its first digit. One pass over the characters finds the places where a token may so begin. A
// value starting there ends where a segment of the token ends (before a separator, or where the
// token does), so the digits counted up to each segment end say which types may match: a year or
// a price tries no shape at all, a date or a card number only the few whose digit counts fit.

/** Longest value, separators included (a French NIR in spaced groups). */
const LONGEST = 24;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isCapital = (c: number) => c >= 65 && c <= 90;
const isAlnum = (c: number) => isDigit(c) || isCapital(c) || (c >= 97 && c <= 122);
/** A space, `.`, `-` or `/`. */
const isSeparator = (c: number) => c === 32 || c === 45 || c === 46 || c === 47;

/** Capitals at `start` before a digit, or a space or dash and a digit; -1 for any other token. */
function leadingCapitals(text: string, start: number): number {
  let i = start;
  while (i < start + 6 && isCapital(text.charCodeAt(i))) i++;
  const c = text.charCodeAt(i);
  if (isDigit(c) || ((c === 32 || c === 45) && isDigit(text.charCodeAt(i + 1)))) return i - start;
  return -1;
}

/**
 * For the token at `start` (capitals, digits, single separators), bit n set when its digits up to
 * the end of one of its segments number n, within LONGEST characters.
 */
function segmentEndCounts(text: string, start: number): number {
  let digits = 0;
  let counts = 0;
  const end = Math.min(text.length, start + LONGEST);
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) digits++;
    else if (!isCapital(c)) {
      const next = text.charCodeAt(i + 1);
      const joins = c === 32 || c === 43 || c === 45 || c === 46 || c === 47; // space + - . /
      if (!joins || !(isDigit(next) || isCapital(next))) break;
      counts |= 1 << digits;
    }
  }
  return counts | (1 << digits);
}

/**
 * Finds the identifiers of every spec in one call, for detectors that share it (see index.ts).
 * Those that need a cue are only kept when one of their cue words occurs.
 */
export function nationalFinder(specs: readonly IdSpec[]): (text: string, shared?: ScanText) => Finding[] {
  const compiled = specs.map(compile);
  /**
   * Per spec, the last token start it was tried at, so a token with several segment ends tries it
   * once. Reused, as charFacts reuses its scratch: every call starts by clearing it.
   */
  const triedAt = new Int32Array(compiled.length);
  /** By digit count, the specs whose values may hold that many digits. */
  const byCount = Array.from({ length: LONGEST + 1 }, (_, n) => compiled.filter((c) => (c.counts >> n) & 1));
  return (text, shared = new ScanText(text)) => {
    const found: Finding[] = [];
    if (shared.facts.digits === 0) return found;
    triedAt.fill(-1);
    /** Spans some finding was given for its own cue: other types' findings there are dropped. */
    let cuedSpans: Set<string> | undefined;
    const uncued: boolean[] = [];
    const present: (boolean | undefined)[] = [];
    for (let start = 0, before = 0, twoBefore = 0; start < text.length; start++) {
      const c = text.charCodeAt(start);
      // Not after a letter or digit, nor after a separator that follows a digit: a value there
      // would be glued to the number before it (1-2-3-…, 10.0.0.1), which also keeps long runs
      // of digit groups from trying shapes at every group.
      const glued = isAlnum(before) || (isDigit(twoBefore) && isSeparator(before));
      twoBefore = before;
      before = c;
      if (glued || !(isDigit(c) || isCapital(c))) continue;
      const capitals = leadingCapitals(text, start);
      if (capitals < 0) continue;
      const lead = 1 << capitals;
      for (let counts = segmentEndCounts(text, start), n = 0; counts !== 0; counts >>>= 1, n++) {
        if ((counts & 1) === 0) continue;
        for (const id of byCount[n] as Compiled[]) {
          if ((id.leads & lead) === 0 || triedAt[id.index] === start) continue;
          triedAt[id.index] = start;
          const hit = tryAt(id, text, start, shared, present);
          if (hit === null) continue;
          if (hit.cued) (cuedSpans ??= new Set()).add(`${start}:${hit.finding.end}`);
          found.push(hit.finding);
          uncued.push(!hit.cued);
        }
      }
    }
    // Formats that share a shape (a Swedish and a Danish number, YYMMDD-NNNN and DDMMYY-NNNN): the
    // value is the one its cue names, however the other's check digit happens to fall.
    const cued = cuedSpans;
    return cued === undefined ? found : found.filter((f, i) => !(uncued[i] && cued.has(`${f.start}:${f.end}`)));
  };
}

/** The finding of `id`'s identifier at `start`, if any, and whether its own cue gave it. */
function tryAt(
  id: Compiled,
  text: string,
  start: number,
  shared: ScanText,
  present: (boolean | undefined)[],
): { finding: Finding; cued: boolean } | null {
  id.shape.lastIndex = start;
  if (!id.shape.test(text)) return null; // test, not exec: no match array to build
  const end = id.shape.lastIndex;
  const written = text.slice(start, end);
  // A value printed in spaced groups is not one when another group follows (a longer number).
  if (!standsAlone(text, start, end, written.includes(' ') ? ' ./-' : './-')) return null;
  const validity = id.spec.check(written.replace(SEPARATORS, '').toUpperCase(), written);
  if (validity === NONE) return null;
  const cuePresent = (present[id.index] ??= shared.hasAny(id.words));
  let confidence: number;
  if (id.alone(written, validity)) {
    confidence = cuePresent && hasCueNear(text, start, end, id.near, CUE_WINDOW) ? CHECKED_WITH_CUE : CHECKED_ALONE;
  } else {
    if (!cuePresent || !cueOwns(text, start, end, id.owns, CUE_WINDOW)) return null;
    confidence = validity === CHECKED ? CHECKED_OWNED : SHAPE_OWNED;
  }
  const finding = makeFinding(id.spec, text, start, end, lessIfNegative(text, start, end, confidence));
  return { finding, cued: confidence !== CHECKED_ALONE };
}

/** CHECKED when the check digits hold, else NONE. */
export function checked(holds: boolean): Validity {
  return holds ? CHECKED : NONE;
}
