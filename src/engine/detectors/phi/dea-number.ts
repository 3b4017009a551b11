import { ScanText } from '../../scan-text.js';
import { hasCueNear } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { keyWordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { cellStartTest } from './columns.js';
import { afterOtherIdLabel, cueBefore, cueWords, isWholeToken, lessIfFictitious } from './cues.js';

const DEA_NUMBER: DetectorType = { type: 'DEA_NUMBER', category: 'PHI' };

// DEA registration number: a registrant-type letter, the registrant's surname initial (or 9),
// then 7 digits whose last is a check digit. Fixed length, so the regex cannot backtrack far.
const SHAPE = /[ABCDEFGHJKLMPRSTUX][A-Z9]\d{7}/g;
const CUE = cueWords(
  'DEA|drug\\s+enforcement|controlled\\s+substances?|schedule\\s+(?:II|III|IV|V|[2-5])|registration\\s+(?:number|no|#)',
);
const CUE_WINDOW = 60;
/**
 * Labels of other identifiers with letters and digits: a member id or a passport can read
 * AB1234563.
 */
const OTHER_LABEL = cueWords(
  'member|subscriber|policy|group|insurance|medicaid|medicare|mrn|account|acct|passport|licen[cs]e|permit|visa',
);
const OTHER_LABEL_WINDOW = 25;
const WITH_CUE = 0.95;
const WITHOUT_CUE = 0.85;
/** A checksum-valid value after "order", "SKU", "member id"... is taken for that kind of code. */
const AFTER_OTHER_LABEL = 0.4;

/** Table columns such as `dea`, `dea_number`, `prescriberDea`. */
function isDeaHeader(key: string): boolean {
  return key.startsWith('dea') || key.endsWith('dea');
}
/** What every such key holds (see keyWordSet): without it among the text's letters and digits, no such column. */
const HEADER_WORDS = keyWordSet(['dea']);

/** (d1 + d3 + d5) + 2 × (d2 + d4 + d6); its last digit is d7. */
export function deaChecksumValid(digits: string): boolean {
  const d = (i: number) => digits.charCodeAt(i) - 48;
  return (d(0) + d(2) + d(4) + 2 * (d(1) + d(3) + d(5))) % 10 === d(6);
}

export const deaNumber: Detector = {
  ...DEA_NUMBER,
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    if (shared.facts.digitRun < 7) return found;
    const inDeaColumn = shared.hasAny(HEADER_WORDS) ? cellStartTest(text, isDeaHeader) : () => false;
    for (const m of text.matchAll(SHAPE)) {
      const start = m.index;
      const end = start + m[0].length;
      if (!deaChecksumValid(m[0].slice(2)) || !isWholeToken(text, start, end)) continue;
      let confidence = WITHOUT_CUE;
      if (inDeaColumn(start) || hasCueNear(text, start, end, CUE, CUE_WINDOW)) confidence = WITH_CUE;
      else if (afterOtherIdLabel(text, start) || cueBefore(text, start, OTHER_LABEL, OTHER_LABEL_WINDOW)) {
        confidence = AFTER_OTHER_LABEL;
      }
      found.push(makeFinding(DEA_NUMBER, text, start, end, lessIfFictitious(text, start, end, confidence)));
    }
    return found;
  },
};
