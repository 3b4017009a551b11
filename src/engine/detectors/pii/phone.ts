import { validatePhoneNumberLength } from 'libphonenumber-js/min';
import { ScanText } from '../../scan-text.js';
import { hasCueNear, isDigitCode, standsAlone } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { hl7Components, type Hl7Component } from '../hl7.js';
import { cellsUnderHeaders } from './columns.js';
import { cueOwns } from './cue-owns.js';
import { lessIfNegative } from './negative-context.js';
import { STATE_CODES } from './us-states.js';

const PHONE: DetectorType = { type: 'PHONE', category: 'PII' };

// North American: an optional +1 or 1, then (415) 555-0132, 415-555-0132, 415.555.0132,
// 415 555 0132 or 415/555-0132; a `+` only before the country code 1. Area code and exchange
// start with 2-9 (NANP). Groups: 1 `+`, 2 area in parentheses, 3 area, 4 first separator,
// 5 exchange, 6 second separator.
const NANP = /(?:(\+)1[ .-]?|1[ .-]?)?(?:\(([2-9]\d\d)\) ?|([2-9]\d\d)([ ./-]))([2-9]\d\d)([ .-])\d{4}/g;
/** E.164 for North America written without separators: +14155550132. */
const NANP_E164 = /\+1[2-9]\d\d[2-9]\d{6}/g;
/** How every North American number ends (exchange, separator, line): found much faster than NANP. */
const NANP_END = /\d\d\d[ .-]\d{4}/;
// International E.164 with a `+` and a country code other than 1. Each repetition eats one digit
// or one separator that a digit follows, so the loop is unambiguous.
const INTERNATIONAL = /\+[2-9](?:\d|[ .-](?=\d)){7,20}/g;
// The same with a group in parentheses after the country code: the national trunk 0, as UK and
// German numbers are often written (+44 (0)20 7946 0958), or the area or mobile code
// (+44 (20) 7946 0958, +90 (532) 123 45 67, +1 (415) 555-0132). Group 1 is the bracketed code.
const INTERNATIONAL_BRACKET = /\+[1-9]\d{0,2}[ .-]?\((\d{1,5})\)[ .-]?\d(?:\d|[ .-](?=\d)){5,16}/g;
// International with the 00 exit code instead of `+` (0044 20 7946 0958), and national numbers with
// a trunk 0 (020 7946 0958, (030) 12345678, 01 23 45 67 89): digit runs like these are also ids
// and dates, so both need a context word.
// The North American exit code 011 is written the same way (011 44 20 7946 0958).
const INTERNATIONAL_00 = /(?:00|011[ .-]?)[1-9](?:\d|[ .-](?=\d)){7,18}/g;
// National numbers as each country groups them: 020 7946 0958, (030) 12345678, 090-1234-5678,
// 138 1234 5678, (11) 91234-5678, 98765 43210, 06.12.34.56.78; eleven digits after a trunk 0; or a
// Chinese mobile number written whole (13812345678: 1, then 3-9, then nine digits).
// Shapes shared with dates, amounts and ids, so only where a cue owns them (see nationalShape).
const NATIONAL = /(?<![\d(+])(?:\(\d{1,5}\) ?|\d{1,6}[ .-])\d{1,8}(?:[ .-]\d{1,8}){0,4}|0\d{9,10}|1[3-9]\d{9}/g;
// Ten bare digits (optionally a leading 1): only a phone when a context word is near.
const BARE = /1?[2-9]\d\d[2-9]\d{6}/g;

// Whole words, but `_` and case changes also separate them: "phone_number", "mobileNo",
// "contactPhone". A full stop after an abbreviation belongs to the cue ("Tel. no.").
// Signature labels ("Office:", "Direct:", "Mob:", "Ph:") are cues too, and so are the words for a phone,
// a mobile and "call me" / "reach me" of the languages our forms and letters come in: German
// (Telefon, Handy, Rufnummer, erreichen … unter), Dutch (telefoon, mobiel, bellen op), French
// (téléphone, portable, joindre), Spanish and Portuguese (teléfono, telefone, telemóvel, celular,
// móvil, llamar, contactar, ligar), Italian (telefono, cellulare, contattarmi), Polish (telefon,
// telefonu, komórka), Swedish (telefon, mobilnummer), Finnish (puhelin, numerosta, tavoittaa),
// Turkish (telefonu, numaradan, ulaşabilirsiniz, GSM), Russian (телефон), Japanese (電話, 携帯,
// 連絡先), Korean (전화, 휴대폰, 연락처), Chinese (电话, 手机, 联系) and Hindi (मोबाइल, फ़ोन); and a
// person's own number ("my number is …", "new number: …").
const CUE_WORD_SOURCE = [
  'phone', 'telephone', 't[eé]l', 'ph', 'call(?:ed|ing)?', 'call[\\s-]?back', 'phoned', 'mobile', 'mob', 'cell', 'fax', 'whatsapp',
  'sms', 'text', 'dial', 'reach(?:ed|able)?', 'contact', 'office', 'direct', 'landline', 'hotline', 'helpline', 'switchboard',
  'pager', 'voicemail', 'handy(?:nummer)?', 'celular', 'm[oó]vil', 'tel[eé]f[oó]n(?:o|e|u|ie|nummer|numero|nr)?',
  'telefoon(?:nummer)?', 't[eé]l[eé]phone', 'telem[oó]vel', 'cellulare', 'cellulaire', 'portable', 'mobil(?:e|nummer|telefon|nr)?',
  'mobiel(?:e)?', 'rufnummer', 'festnetz', 'gsm', 'puhelin(?:numero)?', 'matkapuhelin', 'numerosta', 'numaradan', 'numaras[ıi]',
  'kom[oó]rk[ai]', 'bellen', 'contactar(?:-me|me)?', 'contatt(?:are|armi|ateci|ami)', 'erreichen', 'erreichbar', 'tavoittaa',
  'ula[sş]abilirsiniz', 'joindre', 'llam(?:ar|e|a)(?:me)?', 'll[aá]mame', 'ligar',
  // "Questions: 5035550147", "Enquiries – 020 7946 0958": the line a leaflet or discharge note gives to call.
  'questions', 'enquiries', 'inquiries',
  // "my number is …", "new number: …", "what's ur number": a person's own number is a phone number.
  '(?:my|your|ur|his|her|their|new|old)[\\s-]+(?:new[\\s-]+|old[\\s-]+)?number(?![\\s-]+of(?![A-Za-z]))',
].join('|');
const CUE_SOURCE =
  '(?<![A-Za-z])(?:(?:contact|work|home|office|primary|secondary|alt|alternate|emergency|business|personal|billing|customer|patient|user)[\\s_-]*)?' +
  `(?:${CUE_WORD_SOURCE})(?:[\\s_-]*(?:no\\.?|nr\\.?|num\\.?|numbers?|#))?(?![A-Za-z\\u00C0-\\u024F])` +
  '|телефон|тел\\.|電話|携帯|連絡先|전화|휴대폰|연락처|电话|手机|联系|मोबाइल|फ़ोन|फोन|दूरभाष';
const CUE = new RegExp(CUE_SOURCE, 'i');
const CUE_ALL = new RegExp(CUE_SOURCE, 'gi');
const CUE_WINDOW = 30;
/** Every cue holds one of these words, lower-cased. */
const CUE_WORDS = wordSet([
  'phone', 'tel', 'tél', 'ph', 'call', 'mob', 'cell', 'fax', 'whatsapp', 'sms', 'text', 'dial', 'reach', 'contact', 'office', 'direct',
  'landline', 'hotline', 'helpline', 'switchboard', 'pager', 'voicemail', 'handy', 'celular', 'movil', 'móvil', 'portable', 'gsm',
  'rufnummer', 'festnetz', 'puhelin', 'numerosta', 'numara', 'komórk', 'komork', 'bellen', 'contatt', 'erreich', 'tavoittaa',
  'ulaşabilir', 'ulasabilir', 'joindre', 'llam', 'lláma', 'ligar', 'my number', 'new number', 'your number', 'ur number',
  'my new number', 'his number', 'her number', 'their number', 'old number', 'questions', 'enquiries', 'inquiries', 'телефон', 'тел.', '電話', '携帯', '連絡先', '전화', '휴대폰', '연락처',
  '电话', '手机', '联系', 'मोबाइल', 'फ़ोन', 'फोन', 'दूरभाष',
]);
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
  let digits = 0;
  for (let i = 0; i < value.length; i++) if (isDigitCode(value.charCodeAt(i))) digits++;
  return digits;
}

/**
 * The number's length is possible for its country code (libphonenumber's metadata: the country code
 * exists, and the national number has one of that country's lengths, so +44 takes 10 digits after
 * it and +358 5 to 12); not a date; groups after the country code have at least 2 digits, except
 * the first, which may be a one-digit area or mobile prefix (+33 6 12 34 56 78, +61 2 4804 4096).
 */
function plausibleInternational(value: string): boolean {
  const groups = value.slice(1).split(/[ .-]/);
  if (!groups.slice(2).every((g) => g.length >= 2) || DATE_LIKE.test(value.slice(1))) return false;
  return possibleWithCountryCode(value);
}

/** True when `value` (a `+`, a country code, then the number; brackets and separators allowed) has a possible length. */
function possibleWithCountryCode(value: string): boolean {
  const digits = digitCount(value);
  return digits >= 8 && digits <= 15 && validatePhoneNumberLength(value) === undefined;
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
    // 415-555.0132 mixes separators; 415/555-0132 and 415 555-0132 are how forms and people write the area code.
    if (m[4] !== undefined && m[4] !== m[6] && !((m[4] === '/' || m[4] === ' ') && m[6] === '-')) continue;
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
  if (text.includes('+1')) {
    for (const m of text.matchAll(NANP_E164)) {
      if (standsAlone(text, m.index, m.index + m[0].length, SEPS)) add(found, text, m.index, m.index + m[0].length, 0.85);
    }
  }
  if (!text.includes('(')) return;
  for (const m of text.matchAll(INTERNATIONAL_BRACKET)) {
    const start = m.index;
    const end = start + m[0].length;
    // The library knows a bracketed trunk 0 is not dialled from abroad: +44 (0)20 7946 0958.
    if (!standsAlone(text, start, end, SEPS) || !possibleWithCountryCode(m[0])) continue;
    add(found, text, start, end, 0.85);
  }
}

function cued(text: string, start: number, end: number): boolean {
  return cueOwns(text, start, end, CUE_ALL, OWNER_WINDOW);
}

/**
 * What may stand between two values of one list ("415-555-0132 or 020 7946 0958", "…0132
 * (mobile), …0199 (work)", "jo@example.org, 5105550123"): separators and up to three connectors
 * or labels.
 */
// Full-width and ideographic commas and semicolons (，、；) separate a list in Chinese and Japanese text.
const CONNECTORS = /^[\s,;/|&，、；]*(?:(?:or|and|alt\.?|also|else|otherwise|then|\([a-z]{1,12}\)|[a-z]{1,12}\.?:)[\s,;/|&，、；]*){0,3}\(?$/i;
const LIST_GAP = 25;

/**
 * The rest of a sentence after a number, up to the next one: "… at +1-253-354-3793 or my husband Luis
 * at 3684264678", "Telefon 030 1234567 oder mobil 0176 …". It opens with a connector of one of the
 * cue languages and holds no digit, line break or sentence end.
 */
const SENTENCE_LIST =
  /^[ \t]*[,;]?[ \t]*(?:or|and|y|o|ou|e|et|oder|und|of|en|lub|tai|ja|veya|ya da|eller|och|oppure|ou então)[ \t][^\n\d!?;]{0,50}$/i;
/** A sentence end; a middle initial ("Anh K. O'Connell") is not one. */
const SENTENCE_END = /(?<![^A-Za-z][A-Z])\.\s/;
const SENTENCE_GAP = 60;

/**
 * True when a phone or e-mail address already found ends shortly before text[start], only
 * connectors between: the second value of a list is owned by the cue of the first ("Call
 * 415-555-0132 or 020 7946 0958"). So is a later number of the same sentence that a connector
 * leads to ("call me at 415-555-0132 or my husband at 4155550199").
 */
function followsListed(text: string, start: number, ends: ReadonlySet<number>): boolean {
  for (let from = start - 1; from >= 0 && from > start - SENTENCE_GAP; from--) {
    if (!ends.has(from)) continue;
    const gap = text.slice(from, start);
    return (start - from < LIST_GAP && CONNECTORS.test(gap)) || (SENTENCE_LIST.test(gap) && !SENTENCE_END.test(gap));
  }
  return false;
}

/**
 * Dates (12 03 1984, 2024.01.15, or a date then a time: 03 12 2024 10 30), SSNs, dotted quads and
 * versions share the grouped shapes.
 */
const DATE_SHAPE = /^\d{1,4}[./ -]\d{1,2}[./ -]\d{2,4}$|^\d{1,2}[./ -]\d{1,2}[./ -](?:19|20)\d\d(?!\d)|^(?:19|20)\d\d[./ -]\d{1,2}[./ -]\d{1,2}(?!\d)/;
/** A year first ("2024 0012 3456") starts an id or a date, not a national number. */
const YEAR_FIRST = /^(?:19|20)\d\d[ .-]/;
/** Another identifier's label or sign right before the value: "order 2024 0012 3456", "#123 4567 890". */
const OTHER_ID_BEFORE =
  /(?:#|\b(?:order|invoice|ticket|ref|reference|account|acct|id|sku|serial|tracking|case|claim|policy|batch|lot|po|confirmation|booking)\.?[ \t]*(?:no\.?|number|#)?[ \t:]*)$/i;
const SSN_SHAPE = /^\d{3}-\d\d-\d{4}$/;
const CURRENCY_BEFORE = /[$€£¥₹][ \t]?$/;
/** A unit after the digits makes them quantities: "GSM 900 1800 1900 MHz", "12 345 678 km", "1 250 000 EUR". */
const UNIT_AFTER = /^[ \t]?(?:[kMGT]?Hz|[kMGT]i?B|[kMG]?bps|km|kg|mg|ml|mm|cm|ms|EUR|USD|GBP|JPY|CNY|INR)(?![A-Za-z])/;

/** A national number: 8-12 digits, not a date, SSN, amount, dotted quad or version. */
function nationalShape(text: string, start: number, end: number): boolean {
  const value = text.slice(start, end);
  const digits = digitCount(value);
  if (digits < 8 || digits > 12 || DATE_SHAPE.test(value) || SSN_SHAPE.test(value) || YEAR_FIRST.test(value)) return false;
  if (OTHER_ID_BEFORE.test(text.slice(Math.max(0, start - 24), start))) return false;
  if (value.includes('.')) {
    const groups = value.split('.');
    if ((groups.length === 4 && groups.every((g) => g.length <= 3)) || (groups[0] ?? '').length === 1) return false;
  }
  if (UNIT_AFTER.test(text.slice(end, end + 8))) return false;
  return !CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 2), start)) && text.charAt(end) !== '%';
}

/** Owned by a cue, or by the list a number found before opens. */
function owned(text: string, start: number, end: number, ends: ReadonlySet<number>): boolean {
  return cued(text, start, end) || followsListed(text, start, ends);
}

function report(found: Finding[], text: string, start: number, end: number, confidence: number, ends: Set<number>): void {
  push(found, text, start, end, confidence);
  ends.add(end);
}

/**
 * The shapes reported only when a cue owns them (or they follow a number found before, in a
 * list): 00 exit code, national groupings, ten bare digits.
 */
function cueOwned(text: string, shared: ScanText, found: Finding[], earlier: readonly Finding[]): void {
  const ends = new Set(found.map((f) => f.end));
  for (const f of earlier) if (f.type === 'EMAIL') ends.add(f.end);
  if (text.includes('00') || text.includes('011')) {
    for (const m of text.matchAll(INTERNATIONAL_00)) {
      const start = m.index;
      const end = start + m[0].length;
      const national = m[0].replace(/^(?:00|011[ .-]?)/, '');
      if (!standsAlone(text, start, end, SEPS) || !possibleWithCountryCode(`+${national}`) || !owned(text, start, end, ends)) continue;
      report(found, text, start, end, 0.75, ends);
    }
  }
  for (const m of text.matchAll(NATIONAL)) {
    if (m[0].length < 8) continue; // fewer than 8 digits
    const start = m.index;
    const end = start + m[0].length;
    if (ends.has(end) || !standsAlone(text, start, end, SEPS) || !nationalShape(text, start, end)) continue;
    if (owned(text, start, end, ends)) report(found, text, start, end, 0.7, ends);
  }
  if (shared.facts.digitRun < 10) return;
  for (const m of text.matchAll(BARE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (ends.has(end) || !standsAlone(text, start, end, SEPS) || !owned(text, start, end, ends)) continue;
    if (OTHER_ID_BEFORE.test(text.slice(Math.max(0, start - 24), start))) continue;
    report(found, text, start, end, 0.75, ends);
  }
}

/**
 * A US mailing block: name, street, "City, ST 12345", and on the next line alone a ten-digit number
 * (as order confirmations, shipping labels and letterheads print the recipient's phone). Group 1 is
 * the state, group 2 the number; the number's area code and exchange must be NANP's ([2-9]xx).
 */
const AFTER_ZIP_LINE =
  /(?:^|\n)[^\n]*?,[ \t]*([A-Z]{2})[ \t]+\d{5}(?:-\d{4})?[ \t]*\r?\n[ \t]*((?:\+?1[ .-]?)?(?:\([2-9]\d\d\)[ .-]?|[2-9]\d\d[ .-]?)[2-9]\d\d[ .-]?\d{4})[ \t]*(?=\r?\n|$)/g;
const STATES = new Set(STATE_CODES);

function afterAddress(text: string, found: Finding[]): void {
  const taken = new Set(found.map((f) => f.start));
  for (const m of text.matchAll(AFTER_ZIP_LINE)) {
    const value = m[2] ?? '';
    if (!STATES.has(m[1] ?? '')) continue;
    const end = m.index + m[0].trimEnd().length;
    const start = end - value.length;
    if (!taken.has(start)) push(found, text, start, end, 0.75);
  }
}

/** HL7 v2 phone fields: PID-13/14 (home, business), NK1-5/6 and GT1-6/7 (next of kin, guarantor). */
function isHl7Phone(c: Hl7Component): boolean {
  if (c.component !== 1) return false;
  if (c.segment === 'PID') return c.field === 13 || c.field === 14;
  if (c.segment === 'NK1') return c.field === 5 || c.field === 6;
  return c.segment === 'GT1' && (c.field === 6 || c.field === 7);
}

export const phone: Detector = {
  ...PHONE,
  find(text, earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    // Every shape is reported with 8 digits or more (E.164's shortest), and each is looked for only
    // when the text holds what it needs: 10 digits, a `+`, a cue word, a header word.
    if (shared.facts.digits < 8) return found;
    if (shared.facts.digits >= 10 && NANP_END.test(text)) nanp(text, found);
    if (shared.facts.digitRun >= 5 && shared.facts.digits >= 15) afterAddress(text, found);
    if (text.includes('+')) international(text, found);
    if (shared.hasAny(CUE_WORDS)) cueOwned(text, shared, found, earlier);
    const hl7 = hl7Components(text, shared).filter(isHl7Phone);
    const cells = shared.hasAny(HEADER_WORDS) ? cellsUnderHeaders(text, HEADER_HINT, (header) => HEADER.test(header)) : [];
    for (const cell of [...hl7, ...cells]) {
      const value = text.slice(cell.start, cell.end);
      const digits = digitCount(value);
      if (CELL.test(value) && digits >= 10 && digits <= 15) push(found, text, cell.start, cell.end, 0.75);
    }
    return found;
  },
};
