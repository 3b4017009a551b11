import { ScanText } from '../../scan-text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { hl7Components, isField } from '../hl7.js';
import { answerStart } from '../label-gaps.js';
import { cellsUnderHeaders } from './columns.js';
import { dateRegex, isBirthDate, plausibleBirth } from './dates.js';
import { lessIfNegative } from './negative-context.js';

const DATE_OF_BIRTH: DetectorType = { type: 'DATE_OF_BIRTH', category: 'PII' };

// A date is only a birth date when a birth cue names it: "DOB: 03/14/1985", `"date_of_birth":
// "1985-03-14"`, "born on March 14, 1985", "14.03.1985 (DOB)", or a cell under a "dob" column.
// Plain dates are never reported. Cues end at a non-letter so `patient_dob` and `dateOfBirth` count.
const PROSE_SOURCE = 'born|bday|b-day|née|né|nací|nacid[oa]|nascid[oa]|nasceu|geboren|urodzon[ya]|urodziłam|urodziłem';
// Other languages' labels (Geburtsdatum, fecha de nacimiento, date de naissance...) and words for
// "born" (né, nacido, geboren) count too.
const CUE = new RegExp(
  '(?:d\\.o\\.b\\.?|dob|date[\\s_-]*of[\\s_-]*birth|birth[\\s_-]*date|birth[\\s_-]*day|' +
    'geburtsdatum|geb\\.|fecha[\\s_-]+de[\\s_-]+nacimiento|f\\.[ \\t]?nac\\.|date[\\s_-]+de[\\s_-]+naissance|data[\\s_-]+di[\\s_-]+nascita|' +
    'data[\\s_-]+de[\\s_-]+nascimento|data[\\s_-]+urodzenia|doğum[\\s_-]+tarihi|geboortedatum|' +
    'f(?:ö|o)delsedatum|f(?:ø|o)dselsdato|syntym(?:ä|a)aika|syntym(?:ä|a)p(?:ä|a)iv(?:ä|a)|datum[\\s_-]+narozen(?:í|i)|' +
    'd(?:á|a)tum[\\s_-]+narodenia|sz(?:ü|u)let(?:é|e)si[\\s_-]+(?:d(?:á|a)tum|id(?:ő|o))|data[\\s_-]+na(?:ș|s)terii|' +
    PROSE_SOURCE +
    ')(?![A-Za-z\\u00C0-\\u024F])|生年月日|出生日期|出生年月日|생년월일|дата[\\s_-]+рождения|जन्म[\\s_-]*(?:तिथि|तारीख)',
  'gi',
);
const LETTER = /[A-Za-z\u00C0-\u024F]/;
/** Cues read as prose ("bday on file for Ann: 11/27/1951", "né le 22/06/1993"): see afterBorn. */
const PROSE_CUE = new RegExp(`^(?:${PROSE_SOURCE})$`, 'i');
/** A whole header cell naming a birth-date column ("DOB", "patient_dob", "Date of Birth"). */
const HEADER = /^(?:[A-Za-z]+[\s_-]?)?(?:d\.?o\.?b\.?|date[\s_-]*of[\s_-]*birth|birth[\s_-]*date|birthday)$/i;
const HEADER_HINT = /d\.?o\.?b|birth/gi;
// Between a label cue and its date: separators, quotes, a format hint such as "(MM/DD/YYYY)", and
// a few linking words ("birth date is", "correct my birth date to").
const LABEL_GAP = /^(?:[\s:=#"'[\]{},.|\-–—]|\((?:mm|dd|yyyy|yy|[/.\- ])+\)|(?:is|was|on|to|as|of|be)(?![A-Za-z]))*/i;
const MAX_LABEL_GAP = 60;
/** "born" reads as prose: up to this many characters of words ("born in Chicago on") before the date. */
const PROSE_WINDOW = 50;
/** What may stand between a date and a cue written after it, on the same line: "1985-03-14 (DOB)". */
const BEFORE_GAP = /^[ \t(,:-]{1,3}$/;
const BEFORE_WINDOW = 24;

const LABELLED = 0.8;
/** A date answering a question that names the birth date: "confirm your date of birth?\nJohn: Aug 15 2000". */
const ANSWERED = 0.75;
const IN_PROSE = 0.7;
const CUE_AFTER = 0.75;
const IN_COLUMN = 0.8;
/** HL7 v2 birth-date fields, PID-7 (patient) and IN1-18 (insured): a YYYYMMDD timestamp. */
const IN_HL7 = 0.85;
const HL7_DATE = /^(\d{4})(\d\d)(\d\d)(?:\d{2,6}(?:\.\d{1,4})?)?(?:[+-]\d{4})?$/;

type Add = (start: number, end: number, confidence: number) => void;

/** The date starting exactly at `from`, if it is a plausible birth date. */
function dateAt(text: string, from: number, now: Date): number {
  const re = dateRegex('iy');
  re.lastIndex = from;
  const m = re.exec(text);
  return m !== null && isBirthDate(m, now) ? from + m[0].length : -1;
}

/** True when a date follows the label cue and was added. */
function afterLabel(text: string, cueEnd: number, now: Date, add: Add): boolean {
  const gap = LABEL_GAP.exec(text.slice(cueEnd, cueEnd + MAX_LABEL_GAP + 1))?.[0].length ?? 0;
  if (gap > MAX_LABEL_GAP) return false;
  const end = dateAt(text, cueEnd + gap, now);
  if (end > 0) add(cueEnd + gap, end, LABELLED);
  return end > 0;
}

/** The date that answers a question naming the birth date, on the next line. */
function answered(text: string, cueEnd: number, now: Date, add: Add): boolean {
  const at = answerStart(text, cueEnd);
  const end = at < 0 ? -1 : dateAt(text, at, now);
  if (end > 0) add(at, end, ANSWERED);
  return end > 0;
}

/**
 * "born [in Chicago] on 14 March 1985": the first date in the same sentence, with no digits before
 * it. True when one was added.
 */
function afterBorn(text: string, cueEnd: number, now: Date, add: Add): boolean {
  const window = text.slice(cueEnd, cueEnd + PROSE_WINDOW);
  const sentence = /[\n;!?]|\.\s+[A-Z]/.exec(window); // "Mar. 14" does not end a sentence
  const scope = sentence ? window.slice(0, sentence.index) : window;
  for (const m of scope.matchAll(dateRegex())) {
    if (/\d/.test(scope.slice(0, m.index)) || !isBirthDate(m, now)) return false;
    add(cueEnd + m.index, cueEnd + m.index + m[0].length, IN_PROSE);
    return true;
  }
  return false;
}

/** "1985-03-14 (DOB)": the last date ending just before the cue. */
function beforeCue(text: string, cueStart: number, now: Date, add: Add): void {
  const from = Math.max(0, cueStart - BEFORE_WINDOW);
  const window = text.slice(from, cueStart);
  let last: RegExpMatchArray | undefined;
  for (const m of window.matchAll(dateRegex())) last = m;
  if (last === undefined) return;
  const end = (last.index ?? 0) + last[0].length;
  if (BEFORE_GAP.test(window.slice(end)) && isBirthDate(last, now)) add(from + end - last[0].length, from + end, CUE_AFTER);
}

export const dateOfBirth: Detector = {
  ...DATE_OF_BIRTH,
  keywords: [
    'dob', 'd.o.b', 'birth', 'born', 'bday', 'b-day', 'geburt', 'geb.', 'geboren', 'geboorte', 'nacimiento', 'nacid', 'nací',
    'f. nac', 'f.nac', 'naissance', 'nascimento', 'nascita', 'nascid', 'nasceu', 'urodz', 'doğum', 'né ', 'née', '生年月日',
    '出生日期', '생년월일', 'рождения', 'जन्म', 'delsedat', 'dselsdat', 'syntym', 'narozen', 'narodenia', 'születési', 'szuletesi',
    'nașterii', 'nasterii', 'pid|', 'in1|',
  ],
  find(text, _earlier, shared = new ScanText(text)) {
    const now = new Date();
    const best = new Map<number, Finding>();
    const add: Add = (start, end, confidence) => {
      const c = lessIfNegative(text, start, end, confidence);
      const held = best.get(start);
      if (held === undefined || held.confidence < c) best.set(start, makeFinding(DATE_OF_BIRTH, text, start, end, c));
    };
    for (const cue of text.matchAll(CUE)) {
      if (LETTER.test(text.charAt(cue.index - 1))) continue; // inside a word: "Dobson", "stubborn"
      const cueEnd = cue.index + cue[0].length;
      // A label whose date does not follow at once may still name one later in its sentence ("dob
      // doesn't match for Ann — we have 10/27/1951"); a birthday is also a party, so not it.
      const after = PROSE_CUE.test(cue[0])
        ? afterBorn(text, cueEnd, now, add)
        : afterLabel(text, cueEnd, now, add) ||
          answered(text, cueEnd, now, add) ||
          (!/day$/i.test(cue[0]) && afterBorn(text, cueEnd, now, add));
      // A cue with its own date ("Date of service: …\nBorn: …") does not also claim the one before it.
      if (!after) beforeCue(text, cue.index, now, add);
    }
    for (const cell of cellsUnderHeaders(text, HEADER_HINT, (header) => HEADER.test(header))) {
      if (dateAt(text, cell.start, now) === cell.end) add(cell.start, cell.end, IN_COLUMN);
    }
    for (const c of hl7Components(text, shared)) {
      if (!isField(c, 'PID', 7, 1) && !isField(c, 'IN1', 18, 1)) continue;
      const m = HL7_DATE.exec(text.slice(c.start, c.end));
      if (m && plausibleBirth(Number(m[1]), Number(m[2]), Number(m[3]), now)) add(c.start, c.start + 8, IN_HL7);
    }
    return [...best.values()];
  },
};
