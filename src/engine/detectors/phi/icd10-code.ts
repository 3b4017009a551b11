import { ScanText } from '../../scan-text.js';
import type { DetectorType, Finding } from '../../types.js';
import { keyWordSet, wordSet, type WordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { hl7Components, isField, type Hl7Component } from '../hl7.js';
import { cellsUnder } from './columns.js';
import { cueWords, isWholeToken, lessIfFictitious } from './cues.js';
import { overlapTest, spansOf, widened, type Span } from './spans.js';
import { clinicalTermSpans } from './term-spans.js';

const ICD10_CODE: DetectorType = { type: 'ICD10_CODE', category: 'PHI' };

// ICD-10-CM diagnosis codes: a category of a letter, a digit and a digit (or one of a few
// letters), then optionally a dot and 1-4 more characters (E11.9, J45.909, S72.001A). The
// shape is common (I10 is a highway, A4 a paper size, E11 an appliance error), so a code is
// only reported with clinical context near it. Groups: 1 category, 2 dotted part, 3 undotted
// part (E119, as billing files write codes). Fixed length: no backtracking beyond a few chars.
const CANDIDATE = /([A-Z]\d[0-9A-Z])(?:\.([0-9A-Z]{1,4})|([0-9A-Z]{1,4}))?/g;
/** The categories with a letter third (Merkel cell carcinoma C4A, chronic gout M1A...). */
const LETTER_THIRD = new Set(['C4A', 'C7A', 'C7B', 'D3A', 'M1A', 'O9A', 'Z3A']);
/** U is reserved for emergency use; these two are in ICD-10-CM (COVID-19, post COVID-19). */
const U_CATEGORIES = new Set(['U07', 'U09']);
/** Not ICD-10-CM categories, and common in clinical text: vitamin B12, vertebrae T10-T12. */
const NOT_CATEGORIES = new Set(['B12', 'T10', 'T11', 'T12']);
/** A hyphen or a caret joins a name to what follows: HLA-B27, Z-A10, HL7's ADT^A08. */
const JOINED_BEFORE = /[A-Za-z0-9][-^]$/;
/** A spreadsheet range (A10:B20) is not a list of codes. */
const CELL_BEFORE = /[A-Z]{1,2}\d{1,7}:$/;
const CELL_AFTER = /^:[A-Z]{1,2}\d/;

const ICD_CUE = cueWords('ICD(?:-?(?:9|10|11))?(?:-?CM)?', 'g');
const CLINICAL_CUE = cueWords(
  'diagnos(?:is|es|ed)|dx|ddx|assessment|impression|problem\\s+list|billing|billed|claims?|comorbidit(?:y|ies)|' +
    'conditions?|history\\s+of|h/o|pmh|chief\\s+complaint|admitting|discharge',
  'g',
);
/**
 * "code" alone is also an appliance's or a program's code: it only backs a dotted code, and not
 * as "error code", "status code", "zip code"...
 */
const NOT_DIAGNOSIS_CODE = 'error|fault|warning|status|exit|http|response|return|zip|postal|promo|discount|coupon|area|country';
const CODE_CUE = cueWords(`(?<!(?:${NOT_DIAGNOSIS_CODE})[\\s_-]{1,3})codes?`, 'g');
/** Words each cue holds one of, lower-cased: without one in the text, its regex is not run. */
const ICD_WORDS = wordSet(['icd']);
const CLINICAL_WORDS = wordSet([
  'diagnos', 'dx', 'assessment', 'impression', 'problem', 'billing', 'billed', 'claim', 'comorbidit', 'condition',
  'history', 'h/o', 'pmh', 'chief', 'admitting', 'discharge',
]);
const CODE_WORDS = wordSet(['code']);
const CUE_WINDOW = 60;
/** Table columns of codes: the header is an ICD cue for every row below it. */
const COLUMN_KEYS = new Set([
  'icd', 'icd9', 'icd10', 'icd10cm', 'icdcode', 'icd10code', 'icd10cmcode', 'icdcodes', 'icd10codes', 'dx', 'dxcode',
  'dxcodes', 'diagnosis', 'diagnosiscode', 'diagnosiscodes', 'primarydiagnosis', 'primarydx', 'secondarydiagnosis',
]);
/** A header's key is read from its letters and digits: a text without one of these among its own has no such column. */
const COLUMN_KEY_WORDS = keyWordSet([...COLUMN_KEYS]);
const WITH_ICD_CUE = 0.8;
const WITH_CLINICAL_CUE = 0.75;
const WITH_CODE_CUE = 0.65;
/** Codes in a list share the context of the list: "Dx: E11.9, I10, N18.3". */
const LIST_SEPARATOR = /^(?:[\s,;|/()&]|and|or)*$/;
const LIST_GAP = 12;

interface Candidate extends Span {
  dotted: boolean;
  /** E119 rather than E11.9 or E11: only backed by an ICD cue. */
  undottedExtension: boolean;
  confidence: number;
}

function validCategory(category: string): boolean {
  if (NOT_CATEGORIES.has(category)) return false;
  if (category.startsWith('U')) return U_CATEGORIES.has(category);
  const third = category.charCodeAt(2);
  return third <= 57 || LETTER_THIRD.has(category);
}

function candidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of text.matchAll(CANDIDATE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (!validCategory(m[1] ?? '') || !isWholeToken(text, start, end)) continue;
    const before = text.slice(Math.max(0, start - 10), start);
    if (JOINED_BEFORE.test(before) || CELL_BEFORE.test(before) || CELL_AFTER.test(text.slice(end, end + 4))) continue;
    found.push({ start, end, dotted: m[2] !== undefined, undottedExtension: m[3] !== undefined, confidence: 0 });
  }
  return found;
}

/**
 * HL7 v2 diagnosis fields: DG1-3 is a coded element (code^text^coding system^alternate
 * code^text^system) whose codes are diagnosis codes. Any other whole component shaped like a code
 * is not one: coding-system names (`I10`), DG1-2 (the coding method), event types (`A08`).
 */
function isHl7Code(c: Hl7Component): boolean {
  return isField(c, 'DG1', 3, 1) || isField(c, 'DG1', 3, 4);
}

function nearTest(text: string, regex: RegExp, words: WordSet, shared: ScanText): (span: Span) => boolean {
  return overlapTest(widened(shared.hasAny(words) ? spansOf(text, regex) : [], CUE_WINDOW, CUE_WINDOW));
}

/** Confidence from the context around the code itself, 0 when there is none. */
function scoreByContext(text: string, codes: Candidate[], shared: ScanText): void {
  const nearIcd = nearTest(text, ICD_CUE, ICD_WORDS, shared);
  const nearClinical = nearTest(text, CLINICAL_CUE, CLINICAL_WORDS, shared);
  const nearCode = nearTest(text, CODE_CUE, CODE_WORDS, shared);
  const nearTerm = overlapTest(widened(shared.once(clinicalTermSpans), CUE_WINDOW, CUE_WINDOW));
  const cells = shared.hasAny(COLUMN_KEY_WORDS) ? cellsUnder(text, (key) => COLUMN_KEYS.has(key)) : [];
  const column = new Set(cells.map((c) => `${c.start}:${c.end}`));
  for (const c of hl7Components(text, shared)) if (isHl7Code(c)) column.add(`${c.start}:${c.end}`);
  for (const c of codes) {
    if (column.has(`${c.start}:${c.end}`) || nearIcd(c)) c.confidence = WITH_ICD_CUE;
    else if (c.undottedExtension) continue;
    else if (nearClinical(c) || nearTerm(c)) c.confidence = WITH_CLINICAL_CUE;
    else if (c.dotted && nearCode(c)) c.confidence = WITH_CODE_CUE;
  }
}

/** Whether any context a code needs can be in the text: without one, every code scores 0. */
function anyContext(shared: ScanText): boolean {
  if ([ICD_WORDS, CLINICAL_WORDS, CODE_WORDS, COLUMN_KEY_WORDS].some((words) => shared.hasAny(words))) return true;
  return shared.once(clinicalTermSpans).length > 0;
}

function inOneList(text: string, left: Candidate, right: Candidate): boolean {
  return right.start - left.end <= LIST_GAP && LIST_SEPARATOR.test(text.slice(left.end, right.start).toLowerCase());
}

/** Gives `to` the confidence of `from` when only `to` lacks context and both are in one list. */
function share(text: string, from: Candidate | undefined, to: Candidate | undefined): void {
  if (!from || !to || to.confidence > 0 || from.confidence === 0) return;
  const [left, right] = from.start < to.start ? [from, to] : [to, from];
  if (inOneList(text, left, right)) to.confidence = from.confidence;
}

/** Passes context along lists of codes, forwards then backwards. */
function spreadAlongLists(text: string, codes: Candidate[]): void {
  for (let i = 1; i < codes.length; i++) share(text, codes[i - 1], codes[i]);
  for (let i = codes.length - 2; i >= 0; i--) share(text, codes[i + 1], codes[i]);
}

export const icd10Code: Detector = {
  ...ICD10_CODE,
  find(text, _earlier, shared = new ScanText(text)) {
    if (!anyContext(shared)) return [];
    const notCodes = new Set(hl7Components(text, shared).filter((c) => !isHl7Code(c)).map((c) => `${c.start}:${c.end}`));
    const codes = candidates(text).filter((c) => !notCodes.has(`${c.start}:${c.end}`));
    if (codes.length === 0) return [];
    scoreByContext(text, codes, shared);
    spreadAlongLists(text, codes);
    const found: Finding[] = [];
    for (const c of codes) {
      if (c.confidence === 0) continue;
      found.push(makeFinding(ICD10_CODE, text, c.start, c.end, lessIfFictitious(text, c.start, c.end, c.confidence)));
    }
    return found;
  },
};
