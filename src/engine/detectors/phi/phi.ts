import { ScanText } from '../../scan-text.js';
import type { DetectorType } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { personReaches } from './person-anchors.js';
import { overlapTest } from './spans.js';
import { clinicalTermSpans } from './term-spans.js';

const PHI: DetectorType = { type: 'PHI', category: 'PHI' };

// A clinical term is health information about someone only when a person is in view (see
// person-anchors.ts): "diabetes is a common disease" names no one and is left alone. Context-only,
// so the confidence stays in the 0.6-0.8 band.
const TIED_TO_PERSON = 0.7;

export const phi: Detector = {
  ...PHI,
  find(text, earlier, shared = new ScanText(text)) {
    const terms = shared.once(clinicalTermSpans);
    if (terms.length === 0) return [];
    const aboutPerson = overlapTest(personReaches(text, earlier));
    return terms.filter(aboutPerson).map((t) => makeFinding(PHI, text, t.start, t.end, TIED_TO_PERSON));
  },
};
