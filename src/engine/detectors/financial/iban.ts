import { hasCueNear, isAlnumCode, isDigitCode } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { cueRegex, NEGATIVE, NEGATIVE_WINDOW } from './cues.js';
import { IBAN_LENGTHS } from './iban-lengths.js';

const IBAN: DetectorType = { type: 'IBAN', category: 'FINANCIAL' };

// Anchored on a country code and two check digits at the start of a token; the rest is read
// with code, compact (DE89370400440532013000) or printed in groups of four separated by single
// spaces or dashes (DE89 3704 0044 0532 0130 00, DE89-3704-…), to exactly the country's length.
// Letters may be in either case: people type IBANs in lower case too.
const START = /(?<![A-Za-z0-9])[A-Za-z]{2}\d\d/g;
const CUE = cueRegex([
  'iban', 'bank', 'account', 'wire', 'transfer', 'sepa', 'bic', 'swift', 'beneficiary', 'payee', 'remit', 'pay',
  'payment',
]);
const CUE_WINDOW = 40;

/** End of the IBAN of `length` characters starting at `start`, or -1 when the text does not hold one there. */
function ibanEnd(text: string, start: number, length: number): number {
  const separator = text.charAt(start + 4);
  const grouped = separator === ' ' || separator === '-';
  let i = start;
  for (let read = 0; read < length; read++, i++) {
    if (grouped && read > 0 && read % 4 === 0) {
      if (text.charAt(i) !== separator) return -1;
      i++;
    }
    if (!isAlnumCode(text.charCodeAt(i))) return -1;
  }
  if (i >= text.length) return i;
  // Not glued to more letters or digits, nor to one more group of digits.
  const next = text.charCodeAt(i);
  return isAlnumCode(next) || (grouped && text.charAt(i) === separator && isDigitCode(text.charCodeAt(i + 1))) ? -1 : i;
}

/** ISO 7064 mod 97-10 over the IBAN with its first four characters moved to the end; letters count 10-35. */
export function ibanChecksumValid(compact: string): boolean {
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (let i = 0; i < rearranged.length; i++) {
    const c = rearranged.charCodeAt(i);
    remainder = isDigitCode(c) ? (remainder * 10 + c - 48) % 97 : (remainder * 100 + c - 55) % 97;
  }
  return remainder === 1;
}

export const iban: Detector = {
  ...IBAN,
  find(text) {
    const found: Finding[] = [];
    for (const m of text.matchAll(START)) {
      const length = IBAN_LENGTHS.get(m[0].slice(0, 2).toUpperCase());
      const checkDigits = Number(m[0].slice(2));
      if (length === undefined || checkDigits < 2 || checkDigits > 98) continue; // 02-98 are the only ones issued
      const start = m.index;
      const end = ibanEnd(text, start, length);
      if (end < 0 || !ibanChecksumValid(text.slice(start, end).replace(/[ -]/g, '').toUpperCase())) continue;
      const confidence = hasCueNear(text, start, end, NEGATIVE, NEGATIVE_WINDOW)
        ? 0.45
        : hasCueNear(text, start, end, CUE, CUE_WINDOW)
          ? 0.97
          : 0.9;
      found.push(makeFinding(IBAN, text, start, end, confidence));
    }
    return found;
  },
};
