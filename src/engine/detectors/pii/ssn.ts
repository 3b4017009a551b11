import { hasCueNear, standsAlone } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';

const SSN: DetectorType = { type: 'SSN', category: 'PII' };

// ddd-dd-dddd; the same shape with spaces or no separator is only an SSN near a context word.
// Groups: 1 area, 2 separator (the second must repeat it), 3 group, 4 serial.
const SHAPE = /(\d{3})([- ]?)(\d\d)\2(\d{4})/g;
const CUE = /\b(?:ssn|ss#|social\s+security)\b/i;
const CUE_WINDOW = 40;
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
  find(text) {
    const found: Finding[] = [];
    for (const m of text.matchAll(SHAPE)) {
      const [value, area = '', separator, group = '', serial = ''] = m;
      const start = m.index;
      const end = start + value.length;
      if (!validSsn(area, group, serial) || !standsAlone(text, start, end, '-./')) continue;
      const cued = hasCueNear(text, start, end, CUE, CUE_WINDOW);
      if (separator === '-') found.push(makeFinding(SSN, text, start, end, cued ? 0.95 : 0.85));
      else if (cued) found.push(makeFinding(SSN, text, start, end, 0.8));
    }
    return found;
  },
};
