import { hasCueNear, standsAlone } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';

const PHONE: DetectorType = { type: 'PHONE', category: 'PII' };

// North American: an optional +1 or 1, then (415) 555-0132, 415-555-0132, 415.555.0132 or
// 415 555 0132; a `+` only before the country code 1. Area code and exchange start with 2-9
// (NANP). Groups: 1 `+`, 2 area in parentheses, 3 area, 4 first separator, 5 exchange,
// 6 second separator.
const NANP = /(?:(\+)1[ .-]?|1[ .-]?)?(?:\(([2-9]\d\d)\) ?|([2-9]\d\d)([ .-]))([2-9]\d\d)([ .-])\d{4}/g;
// International E.164 with a `+` and a country code other than 1. Each repetition eats one digit
// or one separator that a digit follows, so the loop is unambiguous.
const INTERNATIONAL = /\+[2-9](?:\d|[ .-](?=\d)){7,20}/g;
// Ten bare digits (optionally a leading 1): only a phone when a context word is near.
const BARE = /1?[2-9]\d\d[2-9]\d{6}/g;

const CUE = /\b(?:phone|telephone|tel|call|mobile|cell|fax)\b/i;
const CUE_WINDOW = 30;
const SEPS = '-./:';
const DATE_LIKE = /^\d{4}[-./]\d\d[-./]\d\d$/;

function confidenceWithCue(text: string, start: number, end: number, base: number): number {
  return hasCueNear(text, start, end, CUE, CUE_WINDOW) ? Math.min(0.95, base + 0.1) : base;
}

/** E.164: 8 to 15 digits; groups after the country code have at least 2 digits; not a date. */
function plausibleInternational(value: string): boolean {
  const groups = value.slice(1).split(/[ .-]/);
  const digits = groups.join('').length;
  return digits >= 8 && digits <= 15 && groups.slice(1).every((g) => g.length >= 2) && !DATE_LIKE.test(value.slice(1));
}

export const phone: Detector = {
  ...PHONE,
  find(text) {
    const found: Finding[] = [];
    const add = (start: number, end: number, base: number) =>
      found.push(makeFinding(PHONE, text, start, end, confidenceWithCue(text, start, end, base)));

    for (const m of text.matchAll(NANP)) {
      const start = m.index;
      const end = start + m[0].length;
      if (m[4] !== undefined && m[4] !== m[6]) continue; // 415-555.0132 mixes separators
      if (!standsAlone(text, start, end, SEPS)) continue;
      add(start, end, m[1] ? 0.85 : m[4] === ' ' ? 0.65 : 0.8); // spaces also separate plain numbers
    }
    for (const m of text.matchAll(INTERNATIONAL)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!standsAlone(text, start, end, SEPS) || !plausibleInternational(m[0])) continue;
      add(start, end, 0.85);
    }
    for (const m of text.matchAll(BARE)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!standsAlone(text, start, end, SEPS) || !hasCueNear(text, start, end, CUE, CUE_WINDOW)) continue;
      found.push(makeFinding(PHONE, text, start, end, 0.75));
    }
    return found;
  },
};
