import { ScanText } from '../../scan-text.js';
import { hasCueNear, isAlnumCode, isDigitCode } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { COUNTRY_CODES } from './country-codes.js';
import { labelFinder, labelInSentence, NEGATIVE, NEGATIVE_WINDOW, type Label } from './cues.js';
import { columnCells, type Span } from './table-columns.js';

const SWIFT_BIC: DetectorType = { type: 'SWIFT_BIC', category: 'FINANCIAL' };

// A BIC (ISO 9362) is 4 letters of bank, 2 of country, 2 letters or digits of location and an
// optional 3 of branch: DEUTDEFF, DEUTDEFF500. Eight capitals are also headings and shouted
// words (OVERVIEW passes, VI being a country), so a BIC is only the first word after a label:
// "SWIFT: DEUTDEFF", "BIC COBADEFFXXX", "swift_code": "NWBKGB2L", or a cell in a table column
// headed by a label. The adjective "swift" is no label. Less surely, a code on the same line as a
// label in the same sentence that does not own it ("DEUTDEFF500 is their BIC", "the SWIFT of the
// receiving bank is COBADEFFXXX"), when its form is a code's and not a shouted word's: a digit in
// its location or branch, the branch XXX, or capitals in a line that is not shouted (it has
// lower-case letters) (Microsoft Purview's SWIFT rule takes a keyword within 300 characters; a
// sentence and 100 characters is narrower). Wire instructions name the banks a payment passes
// through by their BICs: "Intermediary (USD): CHASUS33", "Correspondent bank: IRVTUS3N". And an
// account is given as its IBAN and its bank's BIC side by side ("NL91ABNA0417164300 / ABNANL2A"):
// a BIC-shaped code right after an IBAN is one.
const findLabels = labelFinder([
  ['label', ['SWIFT', 'Swift', 'swift code', 'swift bic', 'swift/bic', 'swift address', 'bic', 'bic code',
    'bank identifier code', 'bank identifier', 'intermediary', 'intermediary bank', 'correspondent bank']],
  // Lower-case "swift" heads a table column ("name,swift,iban") but in prose is an adjective.
  ['header only', ['swift']],
]);
/**
 * Between label and value: punctuation, words such as "code" or "is" ("SWIFT / BIC code is ..."),
 * and a short aside in brackets ("Intermediary (USD) ..").
 */
const FILLER = /[^A-Za-z0-9\n(]+|\([A-Za-z0-9 .,/-]{1,12}\)|(?:code|no|number|is|bic|swift|id|address)(?![A-Za-z0-9])/iy;
const ONLY_FILLER = /^(?:[^A-Za-z0-9]|(?:code|no|number|bic|swift|id|address)(?![A-Za-z0-9]))*$/i;
const MAX_GAP = 25;
/** After a lower-case "swift": a key's quote and colon or equals sign (`"swift": "DEUTDEFF"`, `swift=`). */
const KEY_AFTER = /["']?[ \t]{0,2}[:=]/y;

function isKey(text: string, label: Label<string>): boolean {
  KEY_AFTER.lastIndex = label.end;
  return KEY_AFTER.test(text);
}
const SHAPE = /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
/** English words in capitals that fit the shape and may follow a label. */
const WORDS = new Set([
  'REQUIRED', 'PROVIDED', 'ATTACHED', 'VERIFIED', 'ACCEPTED', 'DECLINED', 'ASSIGNED', 'DISABLED', 'FINISHED',
  'OVERVIEW', 'BENEFICIARY',
]);

function isUpperAlnum(c: number): boolean {
  return isDigitCode(c) || (c >= 65 && c <= 90);
}

/** A code's form no English word has: a digit after the country, or the head office's branch XXX. */
const CODE_FORM = /^[A-Z]{6}(?:[A-Z0-9]{2}[0-9A-Z]*[0-9][A-Z0-9]*|[A-Z0-9]{2}XXX)$/;
/** An 8- or 11-character capital code standing alone. */
const CANDIDATE = /(?<![A-Za-z0-9])[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![A-Za-z0-9])/g;

function lineOf(text: string, at: number): { start: number; end: number } {
  const end = text.indexOf('\n', at);
  return { start: text.lastIndexOf('\n', at) + 1, end: end === -1 ? text.length : end };
}

export function bicShaped(value: string): boolean {
  return SHAPE.test(value) && COUNTRY_CODES.has(value.slice(4, 6)) && !WORDS.has(value);
}

/** The capitals and digits from `start`, when they end the word. */
function codeAt(text: string, start: number): Span | null {
  let end = start;
  while (isUpperAlnum(text.charCodeAt(end))) end++;
  return isAlnumCode(text.charCodeAt(end)) ? null : { start, end };
}

/** The word a label owns: the first one after it, past filler, if it ends there. */
function codeAfter(text: string, label: Label<string>): Span | null {
  let start = label.end;
  FILLER.lastIndex = start;
  while (start - label.end < MAX_GAP && FILLER.test(text)) start = FILLER.lastIndex;
  return codeAt(text, start);
}

function headerCell(text: string, cell: Span, label: Label<string>): boolean {
  return ONLY_FILLER.test(`${text.slice(cell.start, label.start)} ${text.slice(label.end, cell.end)}`);
}

/** Between an IBAN and its BIC: a separator and spaces ("IBAN / BIC", "IBAN, BIC", "IBAN (BIC)"). */
const AFTER_IBAN = /^[ \t]*[/,;|(–—-]?[ \t]*/;

/** Codes right after an IBAN. */
function besideIbans(text: string, ibans: readonly Finding[]): Span[] {
  return ibans.flatMap((iban) => {
    const code = codeAt(text, iban.end + (AFTER_IBAN.exec(text.slice(iban.end, iban.end + 6))?.[0].length ?? 0));
    return code && code.end > code.start ? [code] : [];
  });
}

const KEYWORDS = wordSet(['swift', 'bic', 'bank identifier', 'intermediary', 'correspondent bank']);

export const swiftBic: Detector = {
  ...SWIFT_BIC,
  // No keyword prefilter: an IBAN found earlier also lets the detector run (besideIbans).
  find(text, earlier, shared = new ScanText(text)) {
    const ibans = earlier.filter((f) => f.type === 'IBAN');
    if (ibans.length === 0 && !shared.hasAny(KEYWORDS)) return [];
    const labels = findLabels(text, shared);
    const codes: Span[] = [...besideIbans(text, ibans), ...columnCells(text, labels, headerCell)];
    for (const label of labels) {
      const code = label.kind === 'label' || isKey(text, label) ? codeAfter(text, label) : null;
      if (code) codes.push(code);
    }
    const found: Finding[] = [];
    const seen = new Set<number>();
    for (const { start, end } of codes) {
      if (seen.has(start) || !bicShaped(text.slice(start, end))) continue;
      seen.add(start);
      const confidence = hasCueNear(text, start, end, NEGATIVE, NEGATIVE_WINDOW) ? 0.45 : 0.8;
      found.push(makeFinding(SWIFT_BIC, text, start, end, confidence));
    }
    const owners = labels.filter((label) => label.kind === 'label');
    if (owners.length === 0) return found;
    for (const match of text.matchAll(CANDIDATE)) {
      const start = match.index;
      const end = start + match[0].length;
      if (seen.has(start) || !bicShaped(match[0])) continue;
      const line = lineOf(text, start);
      if (!CODE_FORM.test(match[0]) && !/[a-z]/.test(text.slice(line.start, line.end))) continue;
      if (!labelInSentence(text, owners, start, end)) continue;
      seen.add(start);
      found.push(makeFinding(SWIFT_BIC, text, start, end, hasCueNear(text, start, end, NEGATIVE, NEGATIVE_WINDOW) ? 0.45 : 0.65));
    }
    return found.sort((a, b) => a.start - b.start);
  },
};
