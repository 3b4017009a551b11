import { ScanText } from '../../scan-text.js';
import { hasCueNear } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { wordSet } from '../../words-present.js';
import { makeFinding, type Detector } from '../detector.js';
import { cellsUnderHeaders } from './columns.js';
import { documentNumberAfter, valueAfterCue, valueBeforeBracketedCue } from './cue-value.js';
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
      'C?DL[\\s_-]*(?:#|no\\.?|num(?:ber)?)',
      'DLN',
      'DL(?=\\s*[:#=]|\\s+[A-Z0-9])',
      'OL[\\s_-]*(?:#|no\\.?)',
      'D\\.L\\.',
      'licen[cs]e[\\s_-]*(?:#|no\\.?|num(?:ber)?|id)',
      'lic\\.?[\\s_-]*(?:#|no\\.?|num(?:ber)?)',
      // Other countries' words for a driving licence, and their number labels.
      'f(?:ü|ue)hrerschein(?:nummer|[\\s_-]*nr\\.?)?',
      'permis[\\s_-]+de[\\s_-]+conduire',
      'licencia[\\s_-]+de[\\s_-]+(?:conducir|conducción|manejo)',
      'permiso[\\s_-]+de[\\s_-]+conducir',
      'carta[\\s_-]+de[\\s_-]+condução|carta[\\s_-]+de[\\s_-]+conducao',
      'carteira[\\s_-]+de[\\s_-]+(?:habilitação|habilitacao|motorista)|CNH',
      'patente[\\s_-]+di[\\s_-]+guida',
      'rijbewijs(?:nummer)?',
      'prawo[\\s_-]+jazdy',
      'k(?:ö|o)rkort(?:snummer)?',
      'ajokortti(?:numero)?',
      'ehliyet(?:[\\s_-]+no)?',
      // A bare "license": only with a driver word near or an issuing state after the number (see find).
      'licen[cs]e',
    ].join('|') +
    ")(?:[\\s_-]*(?:#|no\\.?|nr|num(?:ber)?|id))?(?![A-Za-z\\u00C0-\\u024F])|運転免許証?(?:番号)?|운전면허(?:증)?(?:[\\s_-]*번호)?|驾驶证(?:号)?|驾照",
  'gi',
);
/** The cue words of other countries' licences: their numbers follow no US state's shape. */
const FOREIGN_CUE = /^(?:f(?:ü|ue)hr|permis|licencia|carta|carteira|cnh|patente|rijbewijs|prawo|k(?:ö|o)rkort|ajokortti|ehliyet|運転|운전|驾)/i;
/** A bare "license": the number must name its issuing state ("license 17445866 (TX)", "… / CA"). */
const BARE_LICENSE = /^licen[cs]e$/i;
const STATE_AFTER = /^[ \t]*(?:\([ \t]*([A-Z]{2})[ \t]*[),]|\/[ \t]*([A-Z]{2})(?![A-Za-z]))/;
/** A foreign licence number: 6-16 letters and digits, at least 5 of them digits. */
const FOREIGN_SHAPE = /^(?=(?:[A-Z]*\d){5})[A-Z0-9]{6,16}$/;
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
/** A column named only "license number": see find. */
const GENERIC_HEADER = /^licen[cs]e[\s_-]*(?:no\.?|nr|num|number|#|id)$/i;
const GENERIC_HEADER_LINE = /^.*(?<![A-Za-z])licen[cs]e[\s_-]*(?:no\.?|nr|num|number|#|id)(?![A-Za-z]).*$/im;
const PEOPLE_COLUMNS = /(?<![A-Za-z])(?:dob|date[\s_-]*of[\s_-]*birth|birth[\s_-]*date|passport|ssn|first[\s_-]*name|last[\s_-]*name|full[\s_-]*name|surname|lead|customer|driver)(?![A-Za-z])/i;

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

function shapeConfidence(value: string, base: number, foreign = false): number {
  const v = value.replace(/[- ]/g, '').toUpperCase();
  if (ONE_DIGIT_REPEATED.test(v)) return 0;
  if (!SHAPES.some((shape) => shape.test(v)) && !(foreign && FOREIGN_SHAPE.test(v))) return 0;
  return /^\d+$/.test(v) ? Math.min(base, DIGITS_ONLY) : base;
}

function add(best: Map<number, Finding>, text: string, start: number, end: number, base: number, foreign = false): void {
  const confidence = shapeConfidence(text.slice(start, end), base, foreign);
  if (confidence === 0 || best.has(start)) return;
  best.set(start, makeFinding(DRIVER_LICENSE, text, start, end, lessIfNegative(text, start, end, confidence)));
}

export const driverLicense: Detector = {
  ...DRIVER_LICENSE,
  keywords: [
    'lic', 'dl', 'driver', 'ol', 'führerschein', 'fuehrerschein', 'permis', 'permiso', 'carta de condu', 'carteira', 'cnh',
    'patente', 'rijbewijs', 'prawo jazdy', 'körkort', 'korkort', 'ajokortti', 'ehliyet', '運転免許', '운전면허', '驾驶证', '驾照',
  ],
  find(text, _earlier, shared = new ScanText(text)) {
    const best = new Map<number, Finding>();
    for (const cue of text.matchAll(CUE)) {
      let base = NAMED;
      const foreign = FOREIGN_CUE.test(cue[0]);
      const bare = BARE_LICENSE.test(cue[0]);
      const cueEnd = cue.index + cue[0].length;
      const token = valueAfterCue(text, cueEnd, (t) => isStateToken(t), true);
      if (/^lic/i.test(cue[0])) {
        const driverNear = hasCueNear(text, cue.index, cue.index, DRIVER_WORD, DRIVER_WINDOW);
        // A "license" or "license number" with no driver word near still names a driver's licence
        // when the number carries its issuing state: "license 17445866 (TX)", "license number:
        // 1234567 (NY)", "license F570-581-94-297-6 / FL".
        const state = token ? STATE_AFTER.exec(text.slice(token.end, token.end + 8)) : null;
        const stateAfter = state !== null && isStateToken(state[1] ?? state[2] ?? '');
        if (!driverNear && !stateAfter) continue;
        base = LICENSE_NUMBER_NEAR_DRIVER;
      }
      if (token) add(best, text, token.start, token.end, base, foreign);
      if (!bare) {
        // "Driver's license, issuing authority IL DMV, document number V825-1771-2147".
        const value = documentNumberAfter(text, cueEnd, true);
        if (value) add(best, text, value.start, value.end, base, foreign);
      }
      // "P6875161 (driver license, FL)": the cue in brackets right after its value.
      const before = valueBeforeBracketedCue(text, cue.index);
      if (before) add(best, text, before.start, before.end, base);
    }
    if (!shared.hasAny(HEADER_WORDS)) return [...best.values()];
    // A plain "license_no" column is a driver's licence in a table about people (one with a birth
    // date, passport, SSN or name column); in a table of software it is a product key.
    const peopleTable = GENERIC_HEADER_LINE.exec(text)?.[0];
    const generic = peopleTable !== undefined && PEOPLE_COLUMNS.test(peopleTable);
    for (const cell of cellsUnderHeaders(text, HEADER_HINT, (header) => HEADER.test(header) || (generic && GENERIC_HEADER.test(header)))) {
      add(best, text, cell.start, cell.end, GENERIC_HEADER.test(cell.header) ? LICENSE_NUMBER_NEAR_DRIVER : NAMED);
    }
    return [...best.values()];
  },
};
