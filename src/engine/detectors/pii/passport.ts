import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { cellsUnderHeaders } from './columns.js';
import { documentNumberAfter, valueAfterCue, valueBeforeBracketedCue } from './cue-value.js';
import { lessIfNegative } from './negative-context.js';

const PASSPORT: DetectorType = { type: 'PASSPORT', category: 'PII' };

// Passport numbers have no checksum a reader can verify and look like any other short id, so a
// number is only reported right after a passport cue (or under a passport column); never alone.
// Other languages' words for a passport count too: pasaporte, passaporte, passeport, passaporto,
// Reisepass, paszport, паспорт.
// Also their inflections and compounds (Reisepassnummer, Passnummer, numer paszportu, Passin
// numero, Pasaport No) and the words of Japanese (旅券番号, パスポート番号), Korean (여권번호), Chinese
// (护照号码) and Hindi (पासपोर्ट संख्या) forms.
const CUE =
  /(?<![A-Za-z])(?:(?:passport|travel[\s_-]*document|pasaporte|passaporte|passeport|passaporto|reisepass|paszport|паспорт)s?(?:nummer)?|pass(?:nummer|nr)|passin|passi|paszportu|pasaport|paspoort(?:nummer)?|passeportnummer)(?:[\s_-]*(?:no|nr|num|number|nbr|#|id))?\.?(?![A-Za-z\u00C0-\u024F])|(?:旅券|パスポート)(?:番号)?|여권(?:[ \t]*번호)?|护照(?:号码|号)?|पासपोर्ट(?:[ \t]*(?:संख्या|नंबर))?/gi;
const HEADER_HINT = /passport|travel/gi;
const HEADER = /^(?:[A-Za-z]+[\s_-]?)?(?:passport|travel[\s_-]*document)(?:[\s_-]*(?:no\.?|nr|num|number|nbr|#|id))?$/i;
/** A country code or name written between the cue and the number: "Passport: USA 123456789". */
const COUNTRY = /^(?:[A-Z]{2,3}|[A-Z][a-z]+)$/;

// US: 9 digits, or a letter and 8 digits (next generation). The UK, Russia and many others use 9
// digits too.
const US_SHAPE = /^(?:\d{9}|[A-Z]\d{8})$/;
// Other common shapes: Canada, Brazil (2 letters + 6 digits); India, Australia (1-2 letters + 7
// digits); Ireland, Italy, Japan (2 letters + 7 digits); Spain (3 letters + 6 digits); China (E/G +
// 8 digits); France (2 digits, 2 letters, 5 digits); Netherlands (2 letters + 6 characters + a
// digit). Each needs at least 5 digits.
const OTHER_SHAPES: readonly RegExp[] = [/^[A-Z]{1,3}\d{6,8}$/, /^\d{2}[A-Z]{2}\d{5}$/, /^[A-Z]{2}[A-Z0-9]{6}\d$/, /^\d{8}$/];
// Germany: 9 characters from C-Z without vowels (and without B, D, Q, S) and digits, starting C, F,
// G, H, J or K; they may hold few digits or none (CZCF6HFNC). Upper case only, so that no word after
// "passport" passes: English words of that alphabet and length hardly exist.
const GERMAN = /^[CFGHJK][0-9CFGHJKLMNPRTVWXYZ]{8}$/;
/** Runs such as 000000000 or 111111111 fill forms; they are not numbers anyone holds. */
const ONE_DIGIT_REPEATED = /^(\d)\1+$/;

const US_CONFIDENCE = 0.8;
const OTHER_CONFIDENCE = 0.75;

function shapeConfidence(value: string): number {
  const v = value.toUpperCase();
  if (ONE_DIGIT_REPEATED.test(v)) return 0;
  if (US_SHAPE.test(v)) return US_CONFIDENCE;
  if (GERMAN.test(value)) return OTHER_CONFIDENCE;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 5 && OTHER_SHAPES.some((shape) => shape.test(v)) ? OTHER_CONFIDENCE : 0;
}

export const passport: Detector = {
  ...PASSPORT,
  keywords: [
    'passport', 'travel document', 'travel_document', 'traveldocument', 'pasaporte', 'passaporte', 'passeport', 'passaporto',
    'reisepass', 'paszport', 'паспорт', 'passnummer', 'passnr', 'passin', 'passi ', 'pasaport', 'paspoort', '旅券', 'パスポート', '여권',
    '护照', 'पासपोर्ट',
  ],
  find(text) {
    const best = new Map<number, Finding>();
    const add = (start: number, end: number) => {
      const base = shapeConfidence(text.slice(start, end));
      if (base === 0 || best.has(start)) return;
      best.set(start, makeFinding(PASSPORT, text, start, end, lessIfNegative(text, start, end, base)));
    };
    for (const cue of text.matchAll(CUE)) {
      const token = valueAfterCue(text, cue.index + cue[0].length, (t) => COUNTRY.test(t) && !/\d/.test(t));
      if (token && !token.value.includes('-')) add(token.start, token.end);
      // "List A: U.S. Passport, document number 420865559".
      const listed = documentNumberAfter(text, cue.index + cue[0].length);
      if (listed && !listed.value.includes('-')) add(listed.start, listed.end);
      // "54BT80795 (passport)": the cue in brackets right after its value.
      const before = valueBeforeBracketedCue(text, cue.index);
      if (before && !before.value.includes('-')) add(before.start, before.end);
    }
    for (const cell of cellsUnderHeaders(text, HEADER_HINT, (header) => HEADER.test(header))) add(cell.start, cell.end);
    return [...best.values()];
  },
};
