import { ScanText } from '../../scan-text.js';
import { isDigitCode } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { keyWordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { hl7Components, hl7Identifiers } from '../hl7.js';
import { afterLeader, answerStart } from '../label-gaps.js';
import { cellsUnder } from './columns.js';
import { endsToken, LabelWords, lessIfFictitious } from './cues.js';

const MEDICAL_RECORD_NUMBER: DetectorType = { type: 'MEDICAL_RECORD_NUMBER', category: 'PHI' };

// A record number has no shape of its own: it is an identifier right after a label such as
// "MRN:", "Patient ID #" or a key (`"patient_id"`, `patientMrn`), or in a table column so named.
const SEP = '[\\s_-]{0,3}';
const NO = '(?:number|num|no\\.?|#)';
const CUE = new LabelWords(
  `MRN|MR${SEP}(?:#|no\\.)|med(?:ical|\\.)?${SEP}rec(?:ord|\\.)?(?:${SEP}(?:${NO}|id))?|` +
    `patient${SEP}(?:id|identifier|${NO})|pt\\.?${SEP}(?:id|#)|chart(?:${SEP}${NO})?|(?:hospital|EMR|EHR)${SEP}(?:${NO}|id)`,
);
// What may stand between the label and the identifier (separators, quotes, brackets, a filler
// word), then the identifier, group 1: 6-10 digits after up to 4 letters (MRN-00123456,
// A1234567), or digits in dash-joined groups (123-456-789). Total digits are checked in code.
const VALUE = '((?:[A-Za-z]{1,4}-?)?\\d{6,10}|\\d{2,6}(?:-\\d{2,6}){1,3})';
const IDENTIFIER = new RegExp(
  `^["'\\s:#=.()[\\]-]{0,6}(?:(?:is|was|to|as|no|num|number)\\.?["'\\s:#=-]{1,4})?${VALUE}`,
  'i',
);
const WHOLE_CELL = new RegExp(`^${VALUE}$`);
const COLUMN_KEYS = new Set([
  'mrn', 'patientmrn', 'mrnumber', 'medicalrecordnumber', 'medicalrecordno', 'medicalrecord', 'medrec', 'medrecno',
  'medrecnumber', 'chartnumber', 'chartno', 'patientid', 'patientnumber', 'hospitalnumber', 'ehrid', 'emrid',
]);
/** A header's key is read from its letters and digits: a text without one of these among its own has no such column. */
const COLUMN_KEY_WORDS = keyWordSet([...COLUMN_KEYS]);
/** Longest text IDENTIFIER can consume after a label, plus one character to look at what follows. */
const AFTER_CUE = 48;
const MIN_DIGITS = 6;
const MAX_DIGITS = 10;
const DATE = /^(?:\d{4}-\d\d-\d\d|\d\d-\d\d-\d{4})$/;
/** A label stuck to its value, or separated only by punctuation: stronger than a word nearby. */
const LABELLED = 0.85;
/** A column header is a label too, but further from its value. */
const IN_COLUMN = 0.8;
/** HL7 v2 patient identifiers (PID-2, -3, -4) typed as a medical record or patient number, or untyped. */
const IN_HL7 = 0.85;
const HL7_RECORD_KINDS = new Set(['', 'MR', 'MRN', 'MRT', 'PI', 'PT', 'PN', 'PE', 'EPI', 'HC']);
const HL7_VALUE = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+){0,3}$/;

function plausible(value: string): boolean {
  let digits = 0;
  for (let i = 0; i < value.length; i++) if (isDigitCode(value.charCodeAt(i))) digits++;
  return digits >= MIN_DIGITS && digits <= MAX_DIGITS && !DATE.test(value);
}

/** An HL7 identifier: 4-20 characters with at least 4 digits (its field says what it is). */
function plausibleId(value: string): boolean {
  let digits = 0;
  for (let i = 0; i < value.length; i++) if (isDigitCode(value.charCodeAt(i))) digits++;
  return digits >= 4 && value.length <= 20 && !DATE.test(value);
}

function add(found: Finding[], text: string, start: number, end: number, confidence: number): void {
  found.push(makeFinding(MEDICAL_RECORD_NUMBER, text, start, end, lessIfFictitious(text, start, end, confidence)));
}

export const medicalRecordNumber: Detector = {
  ...MEDICAL_RECORD_NUMBER,
  keywords: ['mr', 'rec', 'patient', 'pt', 'chart', 'hospital', 'emr', 'ehr', 'pid|'],
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    for (const cue of CUE.in(text, shared)) {
      // The value follows the label, past any dot leader, or answers the question the label is in.
      let from = afterLeader(text, cue.index + cue[0].length);
      let m = IDENTIFIER.exec(text.slice(from, from + AFTER_CUE));
      if (m === null) {
        const answer = answerStart(text, from);
        if (answer >= 0) m = IDENTIFIER.exec(text.slice((from = answer), answer + AFTER_CUE));
      }
      const value = m?.[1];
      if (m === null || value === undefined) continue;
      const end = from + m[0].length;
      // The label is known to come before the value; after it, no more digits, letters or decimals.
      if (plausible(value) && endsToken(text, end)) add(found, text, end - value.length, end, LABELLED);
    }
    for (const id of hl7Identifiers(text, hl7Components(text, shared), 'PID', [2, 3, 4])) {
      const value = text.slice(id.start, id.end);
      if (HL7_RECORD_KINDS.has(id.kind) && HL7_VALUE.test(value) && plausibleId(value)) add(found, text, id.start, id.end, IN_HL7);
    }
    if (!shared.hasAny(COLUMN_KEY_WORDS)) return found;
    const labelled = new Set(found.map((f) => f.start));
    for (const cell of cellsUnder(text, (key) => COLUMN_KEYS.has(key))) {
      const value = text.slice(cell.start, cell.end);
      if (labelled.has(cell.start) || !WHOLE_CELL.test(value) || !plausible(value)) continue;
      add(found, text, cell.start, cell.end, IN_COLUMN);
    }
    return found;
  },
};
