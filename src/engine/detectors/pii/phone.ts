import { ScanText } from '../../scan-text.js';
import { hasCueNear, standsAlone } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { cellsUnderHeaders } from './columns.js';
import { cueOwns } from './cue-owns.js';
import { lessIfNegative } from './negative-context.js';

const PHONE: DetectorType = { type: 'PHONE', category: 'PII' };

// North American: an optional +1 or 1, then (415) 555-0132, 415-555-0132, 415.555.0132 or
// 415 555 0132; a `+` only before the country code 1. Area code and exchange start with 2-9
// (NANP). Groups: 1 `+`, 2 area in parentheses, 3 area, 4 first separator, 5 exchange,
// 6 second separator.
const NANP = /(?:(\+)1[ .-]?|1[ .-]?)?(?:\(([2-9]\d\d)\) ?|([2-9]\d\d)([ .-]))([2-9]\d\d)([ .-])\d{4}/g;
/** How every North American number ends (exchange, separator, line): found much faster than NANP. */
const NANP_END = /\d\d\d[ .-]\d{4}/;
// International E.164 with a `+` and a country code other than 1. Each repetition eats one digit
// or one separator that a digit follows, so the loop is unambiguous.
const INTERNATIONAL = /\+[2-9](?:\d|[ .-](?=\d)){7,20}/g;
// The same with the national trunk 0 in parentheses, as UK and German numbers are often written:
// +44 (0)20 7946 0958.
const INTERNATIONAL_TRUNK = /\+[2-9]\d{0,2}[ .-]?\(0\)[ .-]?\d(?:\d|[ .-](?=\d)){6,16}/g;
// International with the 00 exit code instead of `+` (0044 20 7946 0958), and national numbers with
// a trunk 0 (020 7946 0958, (030) 12345678, 01 23 45 67 89): digit runs like these are also ids
// and dates, so both need a context word.
const INTERNATIONAL_00 = /00[1-9](?:\d|[ .-](?=\d)){7,18}/g;
const NATIONAL = /(?:\(0\d{1,4}\)[ .-]?|0\d{1,4}[ .-])\d{2,8}(?:[ .-]\d{2,8}){0,3}|0\d{9,10}/g;
// Ten bare digits (optionally a leading 1): only a phone when a context word is near.
const BARE = /1?[2-9]\d\d[2-9]\d{6}/g;

// Whole words, but `_` and case changes also separate them: "phone_number", "mobileNo",
// "contactPhone". A full stop after an abbreviation belongs to the cue ("Tel. no.").
const CUE_SOURCE =
  '(?<![A-Za-z])(?:(?:contact|work|home|office|primary|secondary|alt|alternate|emergency|business|personal|billing|customer|patient|user)[\\s_-]*)?' +
  '(?:phone|telephone|tel|call|mobile|cell|fax|whatsapp|sms|text|dial|reach|contact)(?:[\\s_-]*(?:no\\.?|nr\\.?|num\\.?|numbers?|#))?(?![A-Za-z])';
const CUE = new RegExp(CUE_SOURCE, 'i');
const CUE_ALL = new RegExp(CUE_SOURCE, 'gi');
const CUE_WINDOW = 30;
/** Every cue holds one of these words, lower-cased. */
const CUE_WORDS = wordSet(['phone', 'tel', 'call', 'mobile', 'cell', 'fax', 'whatsapp', 'sms', 'text', 'dial', 'reach', 'contact']);
/** Cue-only shapes look further back ("Reach the warehouse manager at …"), as the cue must own the value. */
const OWNER_WINDOW = 45;
/** A column of phone numbers: "phone", "contactPhone", "mobile_no", "Fax". */
const HEADER_HINT = /phone|mobile|cell|tel|fax/gi;
const HEADER_WORDS = wordSet(['phone', 'mobile', 'cell', 'tel', 'fax']);
const HEADER = /^(?:[A-Za-z]+[\s_-]?)?(?:phone|telephone|tel|mobile|cell|fax)(?:[\s_-]*(?:no\.?|nr|num|number|#))?$/i;
const CELL = /^\+?[\d(][\d ().-]{8,22}$/;
const SEPS = '-./:';
const DATE_LIKE = /^\d{4}[-./]\d\d[-./]\d\d$/;

function confidenceWithCue(text: string, start: number, end: number, base: number): number {
  return hasCueNear(text, start, end, CUE, CUE_WINDOW) ? Math.min(0.95, base + 0.1) : base;
}

function digitCount(value: string): number {
  return value.replace(/\D/g, '').length;
}

/**
 * E.164: 8 to 15 digits; not a date; groups after the country code have at least 2 digits, except
 * the first, which may be a one-digit area or mobile prefix (+33 6 12 34 56 78, +61 2 4804 4096).
 */
function plausibleInternational(value: string): boolean {
  const groups = value.slice(1).split(/[ .-]/);
  const digits = groups.join('').length;
  return digits >= 8 && digits <= 15 && groups.slice(2).every((g) => g.length >= 2) && !DATE_LIKE.test(value.slice(1));
}

/**
 * Length of the longest run of whole groups, from the start of `value`, that is a plausible
 * international number: "+44 20 7347 0676 4240-3848" holds "+44 20 7347 0676" and a card's first
 * group. Zero when there is none.
 */
function plausiblePrefix(value: string): number {
  for (let end = value.length; end > 0; end = value.slice(0, end).search(/[ .-]\d*$/)) {
    if (plausibleInternational(value.slice(0, end))) return end;
  }
  return 0;
}

/** A phone finding; lowered near negative words. */
function push(found: Finding[], text: string, start: number, end: number, confidence: number): void {
  found.push(makeFinding(PHONE, text, start, end, lessIfNegative(text, start, end, confidence)));
}

/** A phone finding whose base confidence a cue word near raises. */
function add(found: Finding[], text: string, start: number, end: number, base: number): void {
  push(found, text, start, end, confidenceWithCue(text, start, end, base));
}

function nanp(text: string, found: Finding[]): void {
  for (const m of text.matchAll(NANP)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[4] !== undefined && m[4] !== m[6]) continue; // 415-555.0132 mixes separators
    if (!standsAlone(text, start, end, SEPS)) continue;
    add(found, text, start, end, m[1] ? 0.85 : m[4] === ' ' ? 0.65 : 0.8); // spaces also separate plain numbers
  }
}

function international(text: string, found: Finding[]): void {
  for (const m of text.matchAll(INTERNATIONAL)) {
    const start = m.index;
    const end = start + plausiblePrefix(m[0]);
    if (end === start || !standsAlone(text, start, end, SEPS)) continue;
    add(found, text, start, end, 0.85);
  }
  if (!text.includes('(0)')) return;
  for (const m of text.matchAll(INTERNATIONAL_TRUNK)) {
    const start = m.index;
    const end = start + m[0].length;
    const digits = digitCount(m[0]) - 1; // the trunk 0 is not dialled from abroad
    if (!standsAlone(text, start, end, SEPS) || digits < 8 || digits > 15) continue;
    add(found, text, start, end, 0.85);
  }
}

function cued(text: string, start: number, end: number): boolean {
  return cueOwns(text, start, end, CUE_ALL, OWNER_WINDOW);
}

/** The shapes reported only when a cue owns them: 00 exit code, national trunk 0, ten bare digits. */
function cueOwned(text: string, shared: ScanText, found: Finding[]): void {
  if (text.includes('00')) {
    for (const m of text.matchAll(INTERNATIONAL_00)) {
      const start = m.index;
      const end = start + m[0].length;
      const digits = digitCount(m[0]) - 2;
      if (!standsAlone(text, start, end, SEPS) || digits < 8 || digits > 15 || !cued(text, start, end)) continue;
      push(found, text, start, end, 0.75);
    }
  }
  if (shared.facts.digits < 10) return;
  for (const m of text.matchAll(NATIONAL)) {
    const start = m.index;
    const end = start + m[0].length;
    const digits = digitCount(m[0]);
    if (!standsAlone(text, start, end, SEPS) || digits < 10 || digits > 11 || !cued(text, start, end)) continue;
    push(found, text, start, end, 0.7);
  }
  if (shared.facts.digitRun < 10) return;
  for (const m of text.matchAll(BARE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (!standsAlone(text, start, end, SEPS) || !cued(text, start, end)) continue;
    push(found, text, start, end, 0.75);
  }
}

export const phone: Detector = {
  ...PHONE,
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    // Every shape is reported with 8 digits or more (E.164's shortest), and each is looked for only
    // when the text holds what it needs: 10 digits, a `+`, a cue word, a header word.
    if (shared.facts.digits < 8) return found;
    if (shared.facts.digits >= 10 && NANP_END.test(text)) nanp(text, found);
    if (text.includes('+')) international(text, found);
    if (shared.hasAny(CUE_WORDS)) cueOwned(text, shared, found);
    if (!shared.hasAny(HEADER_WORDS)) return found;
    for (const cell of cellsUnderHeaders(text, HEADER_HINT, (header) => HEADER.test(header))) {
      const value = text.slice(cell.start, cell.end);
      const digits = digitCount(value);
      if (CELL.test(value) && digits >= 10 && digits <= 15) push(found, text, cell.start, cell.end, 0.75);
    }
    return found;
  },
};
