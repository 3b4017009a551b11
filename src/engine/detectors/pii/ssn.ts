import { ScanText } from '../../scan-text.js';
import { hasCueNear, standsAlone } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { hl7Components, isField } from '../hl7.js';
import { cellsUnderHeaders } from './columns.js';
import { cueOwns } from './cue-owns.js';
import { lessIfNegative } from './negative-context.js';

const SSN: DetectorType = { type: 'SSN', category: 'PII' };

// ddd-dd-dddd; the same shape with dots, spaces or no separator is only an SSN when a context word
// owns it (see cue-owns.ts) or it stands in an SSN column.
// Groups: 1 area, 2 separator (the second must repeat it), 3 group, 4 serial.
const SHAPE = /(\d{3})([-. ]?)(\d\d)\2(\d{4})/g;
// Whole words, but `_` and case changes also separate them: "social_security_number", "socialSecurityNo".
// "Her social is 888299135": "social" alone counts when "is", "#", "no" or a colon follows it.
const CUE_SOURCE =
  '(?<![A-Za-z])(?:ssns?|ss#|social[\\s_-]*security(?:[\\s_-]*(?:numbers?|no\\.?|num\\.?|#))?|soc\\.?[\\s_-]*sec\\.?|social(?=[\\s:#]*(?:is\\b|#|no\\b|:)))(?![A-Za-z])';
const CUE = new RegExp(CUE_SOURCE, 'i');
const CUE_ALL = new RegExp(CUE_SOURCE, 'gi');
const CUE_WINDOW = 40;
const HEADER_HINT = /ssn|social/gi;
const HEADER_WORDS = wordSet(['ssn', 'social']);
const HEADER = /^(?:[A-Za-z]+[\s_-]?)?(?:ssn|social[\s_-]*security(?:[\s_-]*(?:number|no|num|#))?)$/i;
const WHOLE_SHAPE = /^(\d{3})([-. ]?)(\d\d)\2(\d{4})$/;
/** Numbers printed on sample cards and in advertising, never issued to anyone. */
const PUBLISHED_FAKES = new Set(['078051120', '219099999']);

/** SSA rules: area not 000, 666 or 900-999; group not 00; serial not 0000. */
function validSsn(area: string, group: string, serial: string): boolean {
  if (area === '000' || area === '666' || area.startsWith('9')) return false;
  if (group === '00' || serial === '0000') return false;
  return !PUBLISHED_FAKES.has(area + group + serial);
}

export const ssn: Detector = {
  ...SSN,
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    if (shared.facts.digits < 9) return found;
    for (const m of text.matchAll(SHAPE)) {
      const [value, area = '', separator, group = '', serial = ''] = m;
      const start = m.index;
      const end = start + value.length;
      if (!validSsn(area, group, serial) || !standsAlone(text, start, end, '-./')) continue;
      const base =
        separator === '-'
          ? hasCueNear(text, start, end, CUE, CUE_WINDOW) ? 0.95 : 0.85
          : cueOwns(text, start, end, CUE_ALL, CUE_WINDOW) ? 0.8 : 0;
      if (base > 0) found.push(makeFinding(SSN, text, start, end, lessIfNegative(text, start, end, base)));
    }
    // HL7 v2: PID-19 is the patient's SSN.
    const hl7 = hl7Components(text, shared).filter((c) => isField(c, 'PID', 19, 1));
    const cells = shared.hasAny(HEADER_WORDS) ? cellsUnderHeaders(text, HEADER_HINT, (header) => HEADER.test(header)) : [];
    for (const cell of [...hl7, ...cells]) {
      const m = WHOLE_SHAPE.exec(text.slice(cell.start, cell.end));
      if (m && validSsn(m[1] ?? '', m[3] ?? '', m[4] ?? '')) {
        found.push(makeFinding(SSN, text, cell.start, cell.end, lessIfNegative(text, cell.start, cell.end, 0.8)));
      }
    }
    return found;
  },
};
