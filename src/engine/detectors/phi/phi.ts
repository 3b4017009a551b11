import { ScanText } from '../../scan-text.js';
import type { DetectorType } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { codeDescriptions } from './code-descriptions.js';
import { personReaches } from './person-anchors.js';
import { overlapTest } from './spans.js';
import { clinicalTermSpans } from './term-spans.js';

const PHI: DetectorType = { type: 'PHI', category: 'PHI' };

// A clinical term is health information about someone only when a person is in view (see
// person-anchors.ts): "diabetes is a common disease" names no one and is left alone. Context-only,
// so the confidence stays in the 0.6-0.8 band. The words an ICD-10 code stands beside are its
// description (code-descriptions.ts), a diagnosis like a listed term.
const TIED_TO_PERSON = 0.7;

export const phi: Detector = {
  ...PHI,
  find(text, earlier, shared = new ScanText(text)) {
    const listed = shared.once(clinicalTermSpans);
    const described = codeDescriptions(text, earlier);
    if (listed.length === 0 && described.length === 0) return [];
    const isListed = overlapTest(listed);
    const terms = [...listed, ...described.filter((s) => !isListed(s))].sort((a, b) => a.start - b.start);
    const aboutPerson = overlapTest(personReaches(text, earlier));
    return terms.filter(aboutPerson).map((t) => makeFinding(PHI, text, t.start, t.end, TIED_TO_PERSON));
  },
};
