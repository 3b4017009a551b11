import type { DetectorType, Finding } from '../../types.js';
import { CLINICAL_ACRONYMS, CLINICAL_TERMS } from './clinical-terms.js';
import { makeFinding, type Detector } from '../detector.js';

const PHI: DetectorType = { type: 'PHI', category: 'PHI' };

// A clinical term is health information about someone only when a person is in view. The term
// is reported when a person cue lies within WINDOW characters of it; "diabetes is a common
// disease" names no one and is left alone.
const WINDOW = 100;

function termPattern(term: string): string {
  return term
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/'/g, "['’]")
    .replace(/ /g, '\\s{1,3}');
}

/** Longest first, so "rheumatoid arthritis" wins over "arthritis" at the same position. */
function termsRegex(terms: readonly string[], flags: string): RegExp {
  const alternatives = [...terms].sort((a, b) => b.length - a.length).map(termPattern);
  return new RegExp(`\\b(?:${alternatives.join('|')})\\b`, flags);
}

const TERMS = termsRegex(CLINICAL_TERMS, 'gi');
const ACRONYMS = termsRegex(CLINICAL_ACRONYMS, 'g');

// Person cues. Case-sensitive ones (honorifics, "Patient", "MRN") may be followed by a
// capitalized name (Mr. John Smith), which the cue then spans.
const NAME_AFTER = "(?:\\s[A-Z][a-z'-]+){0,2}";
const CUES_CASED = new RegExp(`\\b(?:(?:Mr|Mrs|Ms|Dr)\\.|[Pp]atient\\b|PATIENT\\b|MRN\\b)${NAME_AFTER}`, 'g');
const CLINICAL_VERBS =
  'diagnosed|prescribed|treated|admitted|hospitali[sz]ed|discharged|takes|taking|took|suffers|suffering|' +
  'tested|started|presented|presents|underwent|undergoing|receives|receiving|received|complains|complained|' +
  'diagnosis|prescription|treatment|medication|medications|condition|symptoms|doctor|physician';
const CUES_ANY_CASE = new RegExp(
  `\\b(?:diagnosed|prescribed|dob|date\\s+of\\s+birth|born\\s+on|` +
    `(?:he|she|his|her|him)\\s+(?:[a-z]+\\s+){0,2}(?:${CLINICAL_VERBS}))\\b`,
  'gi',
);
/** Findings that identify a person, and so tie nearby clinical terms to them. */
const PERSON_TYPES = new Set(['EMAIL', 'SSN', 'MEDICAL_RECORD_NUMBER']);

interface Span {
  start: number;
  end: number;
}

function spansOf(text: string, regex: RegExp): Span[] {
  return [...text.matchAll(regex)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/**
 * Answers "is any anchor within WINDOW of this span" in O(log n): anchors sorted by start with
 * the running maximum of their ends.
 */
function nearnessTest(anchors: Span[]): (span: Span) => boolean {
  anchors.sort((a, b) => a.start - b.start);
  const starts = anchors.map((a) => a.start);
  const maxEnds: number[] = [];
  for (const a of anchors) maxEnds.push(Math.max(a.end, maxEnds[maxEnds.length - 1] ?? -Infinity));
  return (span) => {
    // Last anchor starting at or before span.end + WINDOW.
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((starts[mid] ?? Infinity) <= span.end + WINDOW) low = mid + 1;
      else high = mid;
    }
    return low > 0 && (maxEnds[low - 1] ?? -Infinity) >= span.start - WINDOW;
  };
}

export const phi: Detector = {
  ...PHI,
  find(text, earlier) {
    const terms = [...spansOf(text, TERMS), ...spansOf(text, ACRONYMS)];
    if (terms.length === 0) return [];
    const anchors = [
      ...spansOf(text, CUES_CASED),
      ...spansOf(text, CUES_ANY_CASE),
      ...earlier.filter((f) => PERSON_TYPES.has(f.type)),
    ];
    const nearPerson = nearnessTest(anchors);
    return terms.filter(nearPerson).map((t) => makeFinding(PHI, text, t.start, t.end, 0.7));
  },
};
