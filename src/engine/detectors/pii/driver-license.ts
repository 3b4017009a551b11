import { ScanText } from '../../scan-text.js';
import { hasCueNear } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { cellsUnderHeaders } from './columns.js';
import { valueAfterCue, valueBeforeBracketedCue } from './cue-value.js';
import { lessIfNegative } from './negative-context.js';
import { isStateToken } from './us-states.js';

const DRIVER_LICENSE: DetectorType = { type: 'DRIVER_LICENSE', category: 'PII' };

// Licence numbers differ per state and have no public checksum, so a number is only reported
// right after a licence cue (or under a licence column). "License number" alone could be any
// licence: it counts only with "driver" or "driving" close before it.
const CUE = new RegExp(
  '(?<![A-Za-z])(?:' +
    [
      "driver[’']?s?[\\s_-]*licen[cs]es?",
      'driving[\\s_-]*licen[cs]es?',
      "operator[’']?s?[\\s_-]*licen[cs]es?",
      'drivers?[\\s_-]*lic\\.?',
      'DL[\\s_-]*(?:#|no\\.?|num(?:ber)?)',
      'DLN',
      'DL(?=\\s*[:#=]|\\s+[A-Z0-9])',
      'OL[\\s_-]*(?:#|no\\.?)',
      'D\\.L\\.',
      'licen[cs]e[\\s_-]*(?:#|no\\.?|num(?:ber)?|id)',
      'lic\\.?[\\s_-]*(?:#|no\\.?|num(?:ber)?)',
    ].join('|') +
    ")(?:[\\s_-]*(?:#|no\\.?|nr|num(?:ber)?|id))?(?![A-Za-z])",
  'gi',
);
// Vehicle words count too: "Lic. #" on an auto claim form is the driver's licence.
const DRIVER_WORD = /\b(?:driver|driver's|drivers|driving|dmv|motorist|vehicle|plate|vin)\b/i;
const DRIVER_WINDOW = 40;
const HEADER_HINT = /licen|(?<![a-z])dl/gi;
const HEADER_WORDS = wordSet(['licen', 'dl']);
const HEADER =
  /^(?:[A-Za-z]+[\s_-]?)?(?:driver'?s?[\s_-]*licen[cs]e|driving[\s_-]*licen[cs]e|dl|dln)(?:[\s_-]*(?:no\.?|nr|num|number|#|id))?$/i;

// Shapes of US state numbers (dashes, and the spaces of "83 425 780", removed): one letter and 4-14
// digits (CA A1234567, FL A123456789012, NJ A12345678901234); 5-13 digits (NY 9, TX 8, PA 8); and
// the odd ones: two or three letters and 5-7 digits (CO, ND, OH, WV), ID AB123456C, NH 12ABC34567,
// IA 123AB4567, VT and ME 7 digits and a letter, WA WDL + 9 characters. The UK's 16-character
// licence is also accepted.
const SHAPES: readonly RegExp[] = [
  /^[A-Z]\d{4,14}$/,
  /^\d{5,13}$/,
  /^[A-Z]{2,3}\d{5,7}$/,
  /^[A-Z]{2}\d{6}[A-Z]$/,
  /^\d{2}[A-Z]{3}\d{5}$/,
  /^\d{3}[A-Z]{2}\d{4}$/,
  /^\d{7}[A-Z]$/,
  /^WDL[A-Z0-9]{9}$/,
  /^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}$/,
];
const ONE_DIGIT_REPEATED = /^(\d)\1+$/;

const NAMED = 0.8;
const DIGITS_ONLY = 0.75;
const LICENSE_NUMBER_NEAR_DRIVER = 0.7;

function shapeConfidence(value: string, base: number): number {
  const v = value.replace(/[- ]/g, '').toUpperCase();
  if (ONE_DIGIT_REPEATED.test(v) || !SHAPES.some((shape) => shape.test(v))) return 0;
  return /^\d+$/.test(v) ? Math.min(base, DIGITS_ONLY) : base;
}

function add(best: Map<number, Finding>, text: string, start: number, end: number, base: number): void {
  const confidence = shapeConfidence(text.slice(start, end), base);
  if (confidence === 0 || best.has(start)) return;
  best.set(start, makeFinding(DRIVER_LICENSE, text, start, end, lessIfNegative(text, start, end, confidence)));
}

export const driverLicense: Detector = {
  ...DRIVER_LICENSE,
  keywords: ['lic', 'dl', 'driver', 'ol'],
  find(text, _earlier, shared = new ScanText(text)) {
    const best = new Map<number, Finding>();
    for (const cue of text.matchAll(CUE)) {
      let base = NAMED;
      if (/^lic/i.test(cue[0])) {
        if (!hasCueNear(text, cue.index, cue.index, DRIVER_WORD, DRIVER_WINDOW)) continue;
        base = LICENSE_NUMBER_NEAR_DRIVER;
      }
      const token = valueAfterCue(text, cue.index + cue[0].length, (t) => isStateToken(t), true);
      if (token) add(best, text, token.start, token.end, base);
      // "P6875161 (driver license, FL)": the cue in brackets right after its value.
      const before = valueBeforeBracketedCue(text, cue.index);
      if (before) add(best, text, before.start, before.end, base);
    }
    if (!shared.hasAny(HEADER_WORDS)) return [...best.values()];
    for (const cell of cellsUnderHeaders(text, HEADER_HINT, (header) => HEADER.test(header))) {
      add(best, text, cell.start, cell.end, NAMED);
    }
    return [...best.values()];
  },
};
