import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';

const MEDICAL_RECORD_NUMBER: DetectorType = { type: 'MEDICAL_RECORD_NUMBER', category: 'PHI' };

// A record number has no shape of its own: it is an identifier right after a cue such as
// "MRN:" or "Patient ID #". The cue may touch the number (MRN-00123456), so it ends at a
// non-letter rather than at a word boundary.
const CUE =
  /\b(?:MRN|medical\s+record(?:\s*(?:number|no\.?|#))?|patient\s+(?:id|identifier|number|no\.?|#)|chart\s*(?:#|number|no\.?))(?![A-Za-z])/gi;
// What may stand between the cue and the identifier, then the identifier: 6-10 digits,
// optionally after up to 4 letters (MRN-00123456, A1234567). Group 1 is the identifier.
const IDENTIFIER =
  /^[\s:#=.-]{0,5}(?:(?:is|was|no|num|number)\.?[\s:#=-]{1,4})?((?:[A-Za-z]{1,4}-?)?\d{6,10})(?![A-Za-z0-9])/i;
/** Longest text IDENTIFIER can consume after a cue, plus one character for its look-ahead. */
const AFTER_CUE = 36;

export const medicalRecordNumber: Detector = {
  ...MEDICAL_RECORD_NUMBER,
  find(text) {
    const found: Finding[] = [];
    for (const cue of text.matchAll(CUE)) {
      const cueEnd = cue.index + cue[0].length;
      const m = IDENTIFIER.exec(text.slice(cueEnd, cueEnd + AFTER_CUE));
      if (m?.[1] === undefined) continue;
      const end = cueEnd + m[0].length;
      found.push(makeFinding(MEDICAL_RECORD_NUMBER, text, end - m[1].length, end, 0.85));
    }
    return found;
  },
};
