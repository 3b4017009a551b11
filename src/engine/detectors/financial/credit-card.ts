import { ScanText } from '../../scan-text.js';
import { hasCueNear, isDigitCode, isWordCode, standsAlone } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { cueRegex, NEGATIVE, NEGATIVE_WINDOW } from './cues.js';

const CREDIT_CARD: DetectorType = { type: 'CREDIT_CARD', category: 'FINANCIAL' };

// A run is digit groups joined by single spaces, dashes or dots; a card is one or more whole groups
// of a run (so `4111 1111 1111 1111 123` still finds the card before the CVV), never part of a
// group. Each repetition must start with a separator, so the loop is unambiguous. The look-ahead
// skips runs too short for a card (12 digits) without returning them; the run itself stays
// `\d+(?:[ .-]\d+)*`.
const RUN = /\d(?=[\d .-]{11})\d*(?:[ .-]\d+)*/g;
/** A run long enough for a card, from digit to digit: found much faster than the runs themselves. */
const LONG_RUN = /\d[\d .-]{10,}\d/;
const SHORTEST = 12;
/** Printed groupings use at least 3 digits; shorter groups are other numbers beside the card. */
const MIN_GROUP = 3;

// A random 16-digit number passes Luhn one time in ten and often starts like some network's
// range, so order, invoice and tracking numbers would pass as cards: near such words a number
// counts only when a card word is near too.
const CARD_CUE = cueRegex([
  'card', 'credit card', 'debit card', 'card number', 'card no', 'cardholder', 'card holder', 'cc', 'ccn', 'pan',
  'visa', 'mastercard', 'amex', 'american express', 'discover', 'jcb', 'diners', 'unionpay', 'maestro',
  'payment', 'pay', 'paid', 'charge', 'charged', 'billing', 'billed', 'cvv', 'cvc', 'exp', 'expiry', 'expires',
]);
const CARD_WINDOW = 40;
const OTHER_NUMBER_CUE = cueRegex([
  'order', 'invoice', 'inv', 'tracking', 'shipment', 'ref', 'reference', 'confirmation', 'receipt',
  'ticket', 'case', 'po', 'sku', 'isbn', 'serial', 'product', 'barcode', 'ean', 'upc', 'gtin', 'item', 'part', 'model',
]);
const OTHER_WINDOW = 30;

interface IinRange {
  /** Inclusive range of the number's first `width` digits. */
  low: number;
  high: number;
  width: number;
  lengths: readonly number[];
}

function iin(low: number, high: number, lengths: readonly number[]): IinRange {
  return { low, high, width: String(low).length, lengths };
}

const ALL_LONG = [16, 17, 18, 19];
const MAESTRO_LENGTHS = [12, 13, 14, 15, 16, 17, 18, 19];
// Issuer identification number ranges per network, with the lengths each network issues.
const IIN_RANGES: readonly IinRange[] = [
  iin(4, 4, [13, 16, 19]), // Visa, Visa Electron
  iin(51, 55, [16]), // Mastercard
  iin(2221, 2720, [16]), // Mastercard 2-series
  iin(34, 34, [15]), // American Express
  iin(37, 37, [15]),
  iin(6011, 6011, ALL_LONG), // Discover
  iin(65, 65, ALL_LONG), // Discover; also RuPay, Troy, Elo, Verve and BC Card ranges inside it
  iin(644, 649, ALL_LONG),
  iin(3528, 3589, ALL_LONG), // JCB (and RuPay's JCB co-brands 353, 356)
  iin(300, 305, [14, ...ALL_LONG]), // Diners Club
  iin(3095, 3095, [14, ...ALL_LONG]),
  iin(36, 36, [14, ...ALL_LONG]),
  iin(38, 39, [14, ...ALL_LONG]),
  iin(62, 62, ALL_LONG), // UnionPay
  iin(81, 81, ALL_LONG), // UnionPay 81, RuPay 81
  // Maestro: its well-known IINs, at every length it issues (12-19).
  ...[5018, 5020, 5038, 5893, 6304, 6759, 6761, 6762, 6763].map((n) => iin(n, n, MAESTRO_LENGTHS)),
  iin(2200, 2204, ALL_LONG), // Mir
  iin(1, 1, [15]), // UATP
  iin(5019, 5019, [16]), // Dankort
  iin(60, 60, [16]), // RuPay
  iin(82, 82, [16]),
  iin(508, 508, [16]),
  iin(9792, 9792, [16]), // Troy
  iin(504175, 504175, [16]), // Elo (its ranges outside Visa, Discover and UnionPay)
  iin(506699, 506778, [16]),
  iin(509000, 509999, [16]),
  iin(627780, 627780, [16]),
  iin(636297, 636297, [16]),
  iin(636368, 636368, [16]),
  iin(606282, 606282, [16, 19]), // Hipercard
  iin(3841, 3841, [16, 19]),
  iin(506099, 506198, [16, 18, 19]), // Verve
  iin(636, 636, ALL_LONG), // InterPayment
  iin(637, 639, [16]), // InstaPayment
  iin(31, 31, [19]), // China T-Union
];

function knownIssuer(digits: string): boolean {
  return IIN_RANGES.some((r) => {
    if (!r.lengths.includes(digits.length)) return false;
    const prefix = Number(digits.slice(0, r.width));
    return prefix >= r.low && prefix <= r.high;
  });
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

function validCard(digits: string): boolean {
  return digits.length >= SHORTEST && luhnValid(digits) && knownIssuer(digits);
}

/** An expiry date right after the number (`4111… 09/28`) is what cards are printed with. */
const EXPIRY_AFTER = /[ \t,]{1,3}(?:exp\w*[ \t.:]{1,3})?(?:0[1-9]|1[0-2])\/(?:\d\d|20\d\d)(?![\d\/])/iy;

function expiryAfter(text: string, end: number): boolean {
  EXPIRY_AFTER.lastIndex = end;
  return EXPIRY_AFTER.test(text);
}

/** An order or invoice word labels the number after it: one after the card names another number. */
function otherNumberBefore(text: string, start: number): boolean {
  let from = Math.max(0, start - OTHER_WINDOW);
  while (from < start && from > 0 && isWordCode(text.charCodeAt(from - 1))) from++; // no half words
  return OTHER_NUMBER_CUE.test(text.slice(from, start));
}

function cardConfidence(text: string, start: number, end: number): number {
  if (hasCueNear(text, start, end, NEGATIVE, NEGATIVE_WINDOW)) return 0.45;
  if (hasCueNear(text, start, end, CARD_CUE, CARD_WINDOW) || expiryAfter(text, end)) return 0.97;
  return otherNumberBefore(text, start) ? 0.45 : 0.9;
}

/** Start and end offsets of the digit groups of a run, flattened: [s0, e0, s1, e1, ...]. */
function groupBounds(text: string, start: number, end: number): number[] {
  const bounds: number[] = [];
  for (let i = start; i < end; i++) {
    const groupStart = i;
    while (i < end && isDigitCode(text.charCodeAt(i))) i++;
    bounds.push(groupStart, i); // i now sits on the single separator, or at the end
  }
  return bounds;
}

/** The run is one valid card, in groups of two digits or more (19 digits in 10 groups at most). */
function wholeRunCard(text: string, start: number, end: number): boolean {
  if (end - start > 28) return false;
  const run = text.slice(start, end);
  return !/(?:^|[ .-])\d(?![\d])/.test(run) && validCard(run.replace(/[ .-]/g, ''));
}

/**
 * The cards of a run. A run that is one card as a whole may be grouped any way (4111.1111.1111.1111,
 * 41 11 11 …); else, from each group, the longest span of whole printed groups (3 digits or more)
 * that is a valid card. Dots join a card's groups only when the whole run is the card: elsewhere
 * they make decimals and versions.
 */
function cardsInRun(text: string, start: number, end: number, found: Finding[]): void {
  if (wholeRunCard(text, start, end)) {
    found.push(makeFinding(CREDIT_CARD, text, start, end, cardConfidence(text, start, end)));
    return;
  }
  if (text.slice(start, end).includes('.')) return;
  const bounds = groupBounds(text, start, end);
  let i = 0;
  while (i < bounds.length) {
    let digits = '';
    let cardEnd = -1;
    let next = i + 2;
    for (let j = i; j < bounds.length; j += 2) {
      const groupStart = bounds[j] ?? 0;
      const groupEnd = bounds[j + 1] ?? 0;
      const length = groupEnd - groupStart;
      if (length < MIN_GROUP || digits.length + length > 19) break;
      digits += text.slice(groupStart, groupEnd);
      if (validCard(digits)) [cardEnd, next] = [groupEnd, j + 2];
    }
    if (cardEnd >= 0) {
      const cardStart = bounds[i] ?? 0;
      found.push(makeFinding(CREDIT_CARD, text, cardStart, cardEnd, cardConfidence(text, cardStart, cardEnd)));
    }
    i = next;
  }
}

export const creditCard: Detector = {
  ...CREDIT_CARD,
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    if (shared.facts.digits < SHORTEST || !LONG_RUN.test(text)) return found;
    for (const m of text.matchAll(RUN)) {
      // A letter makes it part of a token.
      if (m[0].length < SHORTEST || !standsAlone(text, m.index, m.index + m[0].length, '')) continue;
      cardsInRun(text, m.index, m.index + m[0].length, found);
    }
    return found;
  },
};
