import { ScanText } from '../../scan-text.js';
import { hasCueNear } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { keyWordSet, wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { hl7Components, type Hl7Component } from '../hl7.js';
import { cellStartTest } from './columns.js';
import { cueWords, isWholeToken, lessIfFictitious } from './cues.js';

const NPI: DetectorType = { type: 'NPI', category: 'PHI' };

// National Provider Identifier: 10 digits, the first 1 or 2, the last a Luhn check digit. One in
// ten 10-digit numbers starting with 1 or 2 passes (phone numbers, epoch seconds), so without a
// context word a valid number is kept under the default minimum confidence.
/** A whole run of exactly 10 digits starting with 1 or 2 (the look-behind comes after the first digit, for speed). */
const TEN_DIGITS = /[12](?<!\d[12])\d{9}(?!\d)/g;
/**
 * The same ten digits as people group them (1234-567-893, 1234 567 893, 123-456-7893): one
 * separator kind throughout. Phone numbers share the shape, so only right after an NPI label.
 */
const GROUPED = /[\s:#=.()-]{0,4}([12]\d{2,3}([- ])\d{3}\2\d{3,4})(?![\d-])/y;
const LABEL = cueWords('NPIs?(?:\\s*(?:#|no\\.?|number))?|national\\s+provider\\s+(?:identifier|id|number)', 'g');
const LABEL_WORDS = wordSet(['npi', 'national provider']);
/** What every grouped NPI looks like, found faster than the labels. */
const GROUPED_ANYWHERE = /\d{3}[- ]\d{3}[- ]\d{3}/;
const CUE =
  cueWords(
    'NPIs?|national\\s+provider(?:\\s+(?:identifier|id|number))?|provider\\s+(?:id|identifier|number|no)|prescriber|' +
      'prescribing\\s+(?:provider|physician)|' +
      '(?:rendering|referring|attending|billing|ordering|servicing)\\s+(?:provider|physician|npi)|NPPES',
  );
const CUE_WINDOW = 60;
/**
 * The CMS-1500 claim form's NPI boxes, written right before the number: 17b (referring), 24J
 * (rendering), 32a (service facility), 33a (billing provider).
 */
const FORM_BOX = /(?<![A-Za-z0-9])(?:17b|24j|32a|33a)\.?[ \t]{1,4}$/i;
/**
 * A service line of a CMS-1500 claim (box 24, NUCC instructions): date of service, place of
 * service, CPT/HCPCS code, modifiers, diagnosis pointer, charges, units, and last the rendering
 * provider's NPI (24J). The header naming 24J may be many lines up, so the line's own form is the
 * cue, in a text that names a claim or an NPI somewhere.
 */
const SERVICE_LINE = /^[ \t]*\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b(?=.*(?<![\d.])(?:\d{5}|[A-Z]\d{4})(?![\d.])).*\d\.\d{2}\b[^\n]*$/;
const CLAIM_WORDS = /\bNPI\b|CMS-?1500|HCFA|\b24\s?J\b|rendering\s+provider/i;
/** A phone label just before the number makes it a phone number whatever else is near. */
const PHONE_LABEL = cueWords('phone|tel|telephone|fax|mobile|mob|cell|call|ph|office|direct|callback|whatsapp|sms');
const PHONE_LABEL_WINDOW = 15;
const WITH_CUE = 0.95;
const GROUPED_LABELLED = 0.9;
const WITHOUT_CUE = 0.4;

/**
 * Luhn over the NPI with its card-issuer prefix 80840, the check digit last. The prefix's digits
 * add a constant 24 to the sum, so the check runs on the 10 digits alone.
 */
export function npiValid(digits: string): boolean {
  let sum = 24;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Table columns such as `npi`, `renderingNpi`, `npi_number`, `national_provider_id`. */
function isNpiHeader(key: string): boolean {
  return key.startsWith('npi') || key.endsWith('npi') || key.startsWith('nationalprovider');
}
/** What every such key holds (see keyWordSet): without it among the text's letters and digits, no such column. */
const HEADER_WORDS = keyWordSet(['npi', 'nationalprovider']);

/**
 * HL7 v2 provider fields (XCN, the id first): PV1-7/8/9/17 (attending, referring, consulting,
 * admitting doctor), ORC-12 and OBR-16 (ordering provider), PD1-4 (primary care), ROL-4.
 */
function isHl7Provider(c: Hl7Component): boolean {
  if (c.component !== 1) return false;
  switch (c.segment) {
    case 'PV1':
      return c.field === 7 || c.field === 8 || c.field === 9 || c.field === 17;
    case 'ORC':
      return c.field === 12;
    case 'OBR':
      return c.field === 16;
    case 'PD1':
    case 'ROL':
      return c.field === 4;
    default:
      return false;
  }
}

function phoneLabelled(text: string, start: number): boolean {
  return PHONE_LABEL.test(text.slice(Math.max(0, start - PHONE_LABEL_WINDOW), start));
}

export const npi: Detector = {
  ...NPI,
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    if (shared.hasAny(LABEL_WORDS) && GROUPED_ANYWHERE.test(text)) grouped(text, found);
    if (shared.facts.digitRun < 10) return found;
    const inNpiColumn = shared.hasAny(HEADER_WORDS) ? cellStartTest(text, isNpiHeader) : undefined;
    const hl7 = hl7Components(text, shared);
    const providers = hl7.length === 0 ? undefined : new Set(hl7.filter(isHl7Provider).map((c) => c.start));
    let claim: boolean | undefined;
    const onServiceLine = (start: number, end: number) => {
      const lineEnd = text.indexOf('\n', end);
      if (text.slice(end, lineEnd === -1 ? text.length : lineEnd).trim() !== '') return false;
      if (!SERVICE_LINE.test(text.slice(text.lastIndexOf('\n', start) + 1, start))) return false;
      return (claim ??= CLAIM_WORDS.test(text));
    };
    for (const m of text.matchAll(TEN_DIGITS)) {
      const value = m[0];
      const start = m.index;
      const end = start + value.length;
      if (!npiValid(value)) continue;
      if (!isWholeToken(text, start, end)) continue;
      const boxed = FORM_BOX.test(text.slice(Math.max(0, start - 10), start));
      const inColumn = providers?.has(start) === true || inNpiColumn?.(start) === true;
      const cued =
        (inColumn || boxed || hasCueNear(text, start, end, CUE, CUE_WINDOW) || onServiceLine(start, end)) && !phoneLabelled(text, start);
      found.push(makeFinding(NPI, text, start, end, lessIfFictitious(text, start, end, cued ? WITH_CUE : WITHOUT_CUE)));
    }
    return found;
  },
};

/** Grouped NPIs right after an NPI label ("NPI: 1234-567-893"), read at each label. */
function grouped(text: string, found: Finding[]): void {
  for (const label of text.matchAll(LABEL)) {
    GROUPED.lastIndex = label.index + label[0].length;
    const m = GROUPED.exec(text);
    const value = m?.[1];
    if (m === null || value === undefined) continue;
    const digits = value.replace(/\D/g, '');
    if (digits.length !== 10 || !npiValid(digits)) continue;
    const end = GROUPED.lastIndex;
    const start = end - value.length;
    found.push(makeFinding(NPI, text, start, end, lessIfFictitious(text, start, end, GROUPED_LABELLED)));
  }
}
