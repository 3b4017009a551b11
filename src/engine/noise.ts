// Known noise (issue 3 §2): spans of benign identifiers that look like sensitive values. A finding
// lying wholly inside one is dropped unless its detector is `noiseExempt` (see detector.ts).
// This runs on every scan, so each kind is found by a regex anchored on a cheap landmark (a
// token edge, a prefix, a cue word) and checked with code: the pass stays linear in the text.
// Kinds that would hide real values without a cue need one: a 10-digit epoch could be an NPI or
// a phone number, a 10-digit ISBN a phone number, an order id anything.
import { labelFinder } from './detectors/financial/cues.js';
import { columnCells } from './detectors/financial/table-columns.js';
import { ScanText } from './scan-text.js';
import { isAlnumCode, isDigitCode } from './text.js';
import type { Finding } from './types.js';

export interface Span {
  start: number;
  end: number;
}

// Each kind adds its spans to the list, and first asks the scan's character counts (and the like)
// whether its shape can occur at all.

function spanOf(m: RegExpExecArray): Span {
  return { start: m.index, end: m.index + m[0].length };
}

const UUID = /\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g;

// Hex digests: md5 32, sha1 40, sha224 56, sha256 64, sha384 96, sha512 128 hex digits. With a
// `0x` prefix 40 digits is an Ethereum address (CRYPTO_WALLET decides), not a digest.
const HEX_TOKEN = /(?<![0-9A-Za-z_])(0x)?[0-9a-fA-F]{32,}(?![0-9A-Za-z_])/g;
const DIGEST_LENGTHS = new Set([32, 40, 56, 64, 96, 128]);
const PREFIXED_DIGEST_LENGTHS = new Set([32, 56, 64, 96, 128]);

function hexDigests(text: string, spans: Span[], shared: ScanText): void {
  if (shared.facts.hexRun < 32) return;
  for (const m of text.matchAll(HEX_TOKEN)) {
    const digits = m[0].length - (m[1] ? 2 : 0);
    if ((m[1] ? PREFIXED_DIGEST_LENGTHS : DIGEST_LENGTHS).has(digits)) spans.push(spanOf(m));
  }
}

// Version strings: `v1.2.3`, semver with a pre-release or build part (`1.2.3-beta.1`,
// `1.2.3+build.5`), a package pin (`react@18.2.0`, `django==4.2.1`), and after a version cue
// up to four numbers (`version 10.0.19041.1`). A bare `1.2.3` or `1.2.3.4` stays: it may be a
// date or an IP address.
const IDENTIFIERS = '[0-9A-Za-z]+(?:[.-][0-9A-Za-z]+)*';
const SEMVER_END = '(?![0-9A-Za-z_]|\\.\\d)';
const SEMVER_TAIL = `(?:-${IDENTIFIERS})?(?:\\+${IDENTIFIERS})?${SEMVER_END}`;
const VERSION_TAGGED = new RegExp(`(?<![0-9A-Za-z_.])[vV]\\d+(?:\\.\\d+){1,3}${SEMVER_TAIL}`, 'g');
const SEMVER_SUFFIXED = new RegExp(
  `(?<![0-9A-Za-z_.])\\d+\\.\\d+\\.\\d+(?:-${IDENTIFIERS}(?:\\+${IDENTIFIERS})?|\\+${IDENTIFIERS})${SEMVER_END}`,
  'g',
);
const VERSION_PINNED = new RegExp(`(?<=[A-Za-z0-9]@|==|~=|>=|<=|[~^])\\d+\\.\\d+\\.\\d+${SEMVER_TAIL}`, 'g');
// What each version kind holds, found much faster than the kind itself: a `v` and a digit; a
// three-part number and a `-` or `+`; a three-part number after `@`, `=`, `~` or `^`.
const TAGGED = /[vV]\d/;
const SUFFIXED = /\d\.\d+\.\d+[-+]/;
const PINNED = /[@=~^]\d+\.\d+\.\d/;

const VERSION_KINDS = [
  [VERSION_TAGGED, TAGGED],
  [SEMVER_SUFFIXED, SUFFIXED],
  [VERSION_PINNED, PINNED],
] as const;
const VERSION_VALUE = new RegExp(`[vV]?\\d+(?:\\.\\d+){1,3}${SEMVER_TAIL}`, 'y');

function versions(text: string, spans: Span[]): void {
  for (const [regex, shape] of VERSION_KINDS) {
    if (!shape.test(text)) continue;
    for (const m of text.matchAll(regex)) spans.push(spanOf(m));
  }
}

// Epoch timestamps from 2001-09-09 (10 digits) to 2041, in seconds or milliseconds, with an
// optional fraction. Seconds need a key such as `ts`, `created_at` or `expiresAt` just before:
// ten bare digits may be a phone number or an NPI. Milliseconds (13 digits) are never those.
const EPOCH = /(?<![0-9A-Za-z_.])\d{10}(\d{3})?(?:\.\d{1,9})?(?![0-9A-Za-z_]|\.\d)/g;
const EPOCH_SECONDS = [1_000_000_000, 2_240_611_200] as const;
// "at" and "on" only end a key (`created_at`, `posted.on`, `createdAt`): "call me at 2125550132"
// is a phone number.
const EPOCH_KEY_ENDINGS = ['ts', 'time', 'timestamp', 'epoch', 'date', 'unix', 'utc'];
const EPOCH_KEY_WORDS = [
  'unixtime', 'datetime', 'created', 'updated', 'modified', 'deleted', 'expires', 'expiry', 'exp', 'iat', 'nbf',
  'mtime', 'ctime', 'atime', 'since', 'until', 'seconds',
];
const EPOCH_KEY = new RegExp(
  `[_.-](?:at|on)$|(?:^|[_.-])(?:${EPOCH_KEY_ENDINGS.join('|')})$|^(?:${EPOCH_KEY_WORDS.join('|')})$`,
  'i',
);
const EPOCH_CAMEL_KEY = /[a-z](?:At|On|Time|Ts|Timestamp|Date|Epoch)$/;
const KEY_GAP = /[\s"':=,{[(]/;

/** The key just before `start` (`"created_at": `, `ts=`, `epoch `), or ''. */
function keyBefore(text: string, start: number): string {
  let end = start;
  while (end > 0 && start - end < 8 && KEY_GAP.test(text.charAt(end - 1))) end--;
  let keyStart = end;
  while (keyStart > 0 && end - keyStart < 40 && /[A-Za-z0-9_.-]/.test(text.charAt(keyStart - 1))) keyStart--;
  return text.slice(keyStart, end);
}

function isEpochKey(key: string): boolean {
  return EPOCH_KEY.test(key) || EPOCH_CAMEL_KEY.test(key);
}

function epochs(text: string, spans: Span[], shared: ScanText): void {
  if (shared.facts.digitRun < 10) return;
  for (const m of text.matchAll(EPOCH)) {
    const seconds = Number(m[0].slice(0, 10));
    if (seconds < EPOCH_SECONDS[0] || seconds >= EPOCH_SECONDS[1]) continue;
    const millis = m[1] !== undefined;
    if (millis || isEpochKey(keyBefore(text, m.index))) spans.push(spanOf(m));
  }
}

// ISBNs: 13 digits starting 978 or 979 with a valid check digit, printed compact or in groups,
// are books anywhere; a 10-digit ISBN only after an `ISBN` cue.
const ISBN_13 = /(?<![0-9A-Za-z_-])97[89](?:[- ]?\d){10}(?![0-9A-Za-z_]|[- ]\d)/g;

/** Weights 1 and 3 alternating, sum divisible by 10. */
function isbn13Valid(digits: string): boolean {
  if (digits.length !== 13) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += (digits.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/** Weights 10 down to 1, sum divisible by 11; the check digit may be X (10). */
function isbn10Valid(digits: string): boolean {
  if (digits.length !== 10) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const c = digits.charAt(i);
    sum += (10 - i) * (c === 'X' || c === 'x' ? 10 : Number(c));
  }
  return sum % 11 === 0;
}

function isbns(text: string, spans: Span[], shared: ScanText): void {
  if (shared.facts.digits < 13 || !text.includes('97')) return;
  for (const m of text.matchAll(ISBN_13)) {
    if (isbn13Valid(m[0].replace(/[- ]/g, ''))) spans.push(spanOf(m));
  }
}

/** End of a valid ISBN-13 or ISBN-10 starting at `start` (digit groups joined by single `-` or spaces), or -1. */
function isbnEnd(text: string, start: number): number {
  let digits = '';
  let best = -1;
  for (let i = start; digits.length < 13; ) {
    const c = text.charAt(i);
    const checkX = digits.length === 9 && (c === 'X' || c === 'x');
    if (isDigitCode(text.charCodeAt(i)) || checkX) {
      digits += c;
      i++;
      const valid = isbn13Valid(digits) || isbn10Valid(digits);
      if (valid && !isAlnumCode(text.charCodeAt(i))) best = i;
      if (checkX) break;
    } else if ((c === '-' || c === ' ') && digits.length > 0 && isAlnumCode(text.charCodeAt(i + 1))) i++;
    else break;
  }
  return best;
}

// Parcel tracking numbers that carry their carrier in their shape: UPS `1Z` and 16 letters or
// digits (also printed in groups), and UPU S10 (`RA123456785DE`: 2 letters, 8 digits, a check
// digit, a country). Other carriers' numbers are bare digits: only after a tracking cue.
const UPS = /(?<![0-9A-Za-z])1Z(?: ?[0-9A-Z]){16}(?![0-9A-Za-z])/g;
const S10 = /(?<![0-9A-Za-z])[A-Z]{2}(\d{8})(\d)[A-Z]{2}(?![0-9A-Za-z])/g;
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

function s10CheckDigit(serial: string): number {
  const sum = S10_WEIGHTS.reduce((total, weight, i) => total + weight * (serial.charCodeAt(i) - 48), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

function parcels(text: string, spans: Span[], shared: ScanText): void {
  if (text.includes('1Z')) {
    for (const m of text.matchAll(UPS)) spans.push(spanOf(m));
  }
  if (shared.facts.digitRun < 9) return;
  for (const m of text.matchAll(S10)) {
    if (s10CheckDigit(m[1] ?? '') === Number(m[2])) spans.push(spanOf(m));
  }
}

// Order, invoice, ticket and other reference ids written with their own prefix: INV-2024-00123,
// ORD#55812, INC0012345 (ServiceNow), RMA-7781.
const ID_PREFIXES = [
  'INV', 'ORD', 'ORDER', 'PO', 'REF', 'TKT', 'TICKET', 'RMA', 'SKU', 'CASE', 'BKG', 'CNF', 'INC', 'CHG', 'REQ', 'RITM',
  'TRK',
];
const PREFIXED_ID = new RegExp(
  `(?<![0-9A-Za-z_-])(?:${ID_PREFIXES.join('|')})[-_#]?\\d[0-9A-Za-z]*(?:-[0-9A-Za-z]+)*(?![0-9A-Za-z_-])`,
  'g',
);

/** The last letter of a prefix, then a digit, as every prefixed id has. */
const PREFIX_END = /[ACDEFGKMOQRTUV][-_#]?\d/;

function prefixedIds(text: string, spans: Span[], shared: ScanText): void {
  if (shared.facts.digits === 0 || !PREFIX_END.test(text)) return;
  for (const m of text.matchAll(PREFIXED_ID)) spans.push(spanOf(m));
}

// Values named by a cue just before them. Capitalized or marked forms only for the short or
// common words (`Case 00123`, `case #00123`, but not "in case 415-555-0132").
type CueKind = 'hex' | 'version' | 'isbn' | 'tracking' | 'reference';
const findCues = labelFinder<CueKind>([
  ['hex', [
    'commit', 'sha', 'sha 1', 'sha 256', 'sha 512', 'md5', 'rev', 'revision', 'hash', 'digest', 'checksum', 'etag',
  ]],
  ['version', ['version', 'ver', 'release', 'build', 'firmware', 'kernel']],
  ['isbn', ['isbn', 'isbn 10', 'isbn 13']],
  ['tracking', [
    'tracking', 'shipment', 'waybill', 'awb', 'parcel', 'consignment', 'fedex', 'usps', 'dhl', 'UPS',
  ]],
  ['reference', [
    'order', 'purchase order', 'invoice', 'reference', 'ref', 'confirmation', 'receipt', 'booking', 'reservation',
    'ticket', 'rma', 'sku', 'Case', 'CASE', 'case number', 'case no', 'case #', 'case id', 'PO', 'po number', 'po no',
    'po #', 'Inv', 'INV', 'inv no', 'inv #', 'part number', 'part no', 'item number', 'item no', 'model number',
    'model no', 'serial number', 'serial no', 'catalog number', 'product code', 'product id', 'product no', 'barcode',
    'ean', 'upc', 'gtin',
  ]],
]);
/** Between cue and value: punctuation and words such as "number", "no." or "is" ("Order No.: 123"). */
// A full stop before a space ends the sentence ("signed the order. 1EG4TE5MK73" is no order id),
// unless it ends an abbreviation ("case no. 778812").
const CUE_GAP = /(?:[\s:=#"'([_-]|\.(?!\s)|(?<=(?<![A-Za-z])(?:no|nr|num|nbr))\.|(?:number|num|nr|no\.?|id|code|is)(?![0-9A-Za-z])){0,12}/iy;
const HEX_VALUE = /(?:0x)?[0-9a-fA-F]{7,128}(?![0-9A-Za-z_])/y;
/**
 * A token of letters and digits, with `-`, `.`, `/` or `_` inside but not at its end. Bounded, as
 * a cue may sit inside a long token (`orderOrderOrder…`): a longer token is no id.
 */
const TOKEN = /[0-9A-Za-z](?:[0-9A-Za-z_/]|[.-](?=[0-9A-Za-z])){0,63}(?![0-9A-Za-z_/]|[.-][0-9A-Za-z])/y;

/** Phone and SSN shapes: after "Ref:" or "Case #" these are more likely a person's than an id. */
const PERSONAL_SHAPE = /^(?:1-)?\d{3}-\d{3}-\d{4}$|^\d{3}-\d\d-\d{4}$/;

function stickyEnd(regex: RegExp, text: string, at: number): number {
  regex.lastIndex = at;
  return regex.test(text) ? regex.lastIndex : -1;
}

// A tracking number is letters and digits only (a dashed "1-800-742-5877" after "UPS" is a phone
// number), or digit groups of four printed with single spaces: "9400 1000 0000 0000 0000 00".
const TRACKING_VALUE = /[0-9A-Za-z]{1,40}(?![0-9A-Za-z_]|[.\/-][0-9A-Za-z])/y;
const MIN_TRACKING_DIGITS = 10;
const MAX_TRACKING_DIGITS = 34;

function countDigits(text: string, start: number, end: number): number {
  let digits = 0;
  for (let i = start; i < end; i++) if (isDigitCode(text.charCodeAt(i))) digits++;
  return digits;
}

function trackingEnd(text: string, start: number): number {
  let end = stickyEnd(TRACKING_VALUE, text, start);
  if (end < 0) return -1;
  let digits = countDigits(text, start, end);
  if (digits < end - start) return end - start >= 8 && digits >= 5 ? end : -1; // letters: UPU, DHL eCommerce...
  if (digits >= 4) {
    while (text.charAt(end) === ' ' && digits <= MAX_TRACKING_DIGITS) {
      let groupEnd = end + 1;
      while (isDigitCode(text.charCodeAt(groupEnd))) groupEnd++;
      if (groupEnd - end - 1 < 2 || isAlnumCode(text.charCodeAt(groupEnd))) break;
      digits += groupEnd - end - 1;
      end = groupEnd;
    }
  }
  return digits >= MIN_TRACKING_DIGITS ? end : -1;
}

function valueEnd(kind: CueKind, text: string, start: number): number {
  switch (kind) {
    case 'hex':
      return stickyEnd(HEX_VALUE, text, start);
    case 'version':
      return stickyEnd(VERSION_VALUE, text, start);
    case 'isbn':
      return isbnEnd(text, start);
    case 'tracking':
      return trackingEnd(text, start);
    case 'reference': {
      const end = stickyEnd(TOKEN, text, start);
      const id = end > start && countDigits(text, start, end) > 0 && !PERSONAL_SHAPE.test(text.slice(start, end));
      return id ? end : -1;
    }
  }
}

/** A column header holding only a cue and filler: "order_id", "Tracking #", "Commit". */
const HEADER_FILLER = /^(?:[^0-9A-Za-z]|(?:number|num|nr|no|id|code)(?![0-9A-Za-z]))*$/i;

function isCueHeader(text: string, cell: Span, cue: Span): boolean {
  return HEADER_FILLER.test(`${text.slice(cell.start, cue.start)} ${text.slice(cue.end, cell.end)}`);
}

function cuedValues(text: string, spans: Span[], shared: ScanText): void {
  // Every kind of value holds a digit, except a hex one, which has 7 hex digits or more.
  if (shared.facts.digits === 0 && shared.facts.hexRun < 7) return;
  const cues = findCues(text, shared);
  for (const cue of cues) {
    const start = stickyEnd(CUE_GAP, text, cue.end);
    const end = valueEnd(cue.kind, text, start);
    if (end > start) spans.push({ start, end });
  }
  // Cells below such a header, as in "order_id,total\n4111111111111111,12.00".
  for (const cell of columnCells(text, cues, isCueHeader)) {
    if (valueEnd(cell.label.kind, text, cell.start) === cell.end) spans.push({ start: cell.start, end: cell.end });
  }
}

const KINDS: readonly ((text: string, spans: Span[], shared: ScanText) => void)[] = [
  hexDigests,
  versions,
  epochs,
  isbns,
  parcels,
  prefixedIds,
  cuedValues,
];

/** Every noise span in the text, sorted by start. */
export function noiseSpans(text: string, shared = new ScanText(text)): Span[] {
  const spans: Span[] = [];
  if (shared.facts.hexRun >= 12 && text.includes('-')) {
    for (const m of text.matchAll(UUID)) spans.push(spanOf(m));
  }
  for (const kind of KINDS) kind(text, spans, shared);
  return spans.sort((a, b) => a.start - b.start);
}

/** True when a span starting at or before the finding reaches its end. */
function inside(f: Finding, starts: readonly number[], maxEnds: readonly number[]): boolean {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((starts[mid] ?? Infinity) <= f.start) low = mid + 1;
    else high = mid;
  }
  return low > 0 && (maxEnds[low - 1] ?? -1) >= f.end;
}

/** Drops the findings that lie wholly inside a noise span, unless `exempt` says to keep them. */
export function withoutNoise(findings: Finding[], noise: readonly Span[], exempt: (f: Finding) => boolean): Finding[] {
  if (noise.length === 0) return findings;
  // Prefix maximum of ends over spans sorted by start: "does a span starting at or before f.start reach f.end".
  const starts = noise.map((s) => s.start);
  const maxEnds: number[] = [];
  for (const s of noise) maxEnds.push(Math.max(s.end, maxEnds[maxEnds.length - 1] ?? -1));
  return findings.filter((f) => exempt(f) || !inside(f, starts, maxEnds));
}
