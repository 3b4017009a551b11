// Calendar dates in the formats people write birth dates in: 1985-03-14, 03/14/1985, 14.03.1985,
// 3/14/85, 03 14 1985 (printed forms), March 14, 1985, Mar 14th 1985, 14 March 1985, 14th of
// March 1985, 14-Mar-1985; other languages' month names (14. März 1985, 15 de marzo de 1985,
// 1er janvier 1990); and the year-month-day of Korean, Japanese and Chinese (1944년 12월 21일,
// 1986年6月21日).

const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const MONTH_INDEX: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};
// Month names of the other languages forms come in, written in full (diacritics folded for the
// lookup): Spanish, Portuguese, French, German, Italian and Dutch.
const FOREIGN_MONTHS: readonly (readonly string[])[] = [
  ['enero', 'janeiro', 'janvier', 'januar', 'gennaio', 'januari'],
  ['febrero', 'fevereiro', 'février', 'februar', 'febbraio', 'februari'],
  ['marzo', 'março', 'mars', 'märz', 'maart'],
  ['abril', 'avril', 'aprile'],
  ['mayo', 'maio', 'mai', 'maggio', 'mei'],
  ['junio', 'junho', 'juin', 'juni', 'giugno'],
  ['julio', 'julho', 'juillet', 'juli', 'luglio'],
  ['agosto', 'août', 'augustus'],
  ['septiembre', 'setiembre', 'setembro', 'septembre', 'settembre'],
  ['octubre', 'outubro', 'octobre', 'oktober', 'ottobre'],
  ['noviembre', 'novembro', 'novembre'],
  ['diciembre', 'dezembro', 'décembre', 'dezember', 'dicembre'],
];
const fold = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const FOREIGN_MONTH_INDEX = new Map<string, number>(FOREIGN_MONTHS.flatMap((names, i) => names.map((n) => [fold(n), i + 1] as const)));
/** Longest first, so that "marzo" is not read as "mar". */
const ALL_MONTHS = `${[...FOREIGN_MONTHS.flat()].sort((a, b) => b.length - a.length).join('|')}|${MONTHS}`;
const ORDINAL = '(?:st|nd|rd|th)?';
/** After a day: English ordinals, French "1er", Spanish and Portuguese "1º", German "14.". */
const DAY_MARK = '(?:st|nd|rd|th|er|º|°|\\.)?';

// Groups: 1-4 year-first (y, separator, m, d); 5-8 numeric day/month first (a, separator, b, y);
// 9-11 month name first (month, d, y: also "Mar-14-1985"); 12-14 day first (d, month, y: "14 March
// 1985", "14. März 1985", "15 de marzo de 1985", "1er janvier 1990", and the DD-MON-YY and
// DDMONYYYY of databases and travel documents, "14-Mar-85", "14/Mar/1985", "14MAR1985"); 15-17
// year, month and day marked as in Korean, Japanese and Chinese ("1944년 12월 21일",
// "1986年6月21日"); 18-20 ISO 8601's basic form, "19850314". Numeric separators must repeat.
const DATE_SOURCE =
  `(?<![0-9A-Za-z])(?:` +
  `(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})` +
  `|(\\d{1,2})([-/. ])(\\d{1,2})\\6(\\d{4}|\\d{2})` +
  `|(${MONTHS})\\.?(?:[ \\t]{1,3}|[-/])(\\d{1,2})${ORDINAL},?(?:[ \\t]{1,3}|[-/])(\\d{4})` +
  `|(\\d{1,2})${DAY_MARK}(?:[ \\t]{1,3}(?:of|de))?(?:[ \\t]{1,3}|[-/]|(?=[A-Za-z]))(${ALL_MONTHS})\\.?,?(?:[ \\t]{1,3}(?:de[ \\t]{1,3})?|[-/]|(?=\\d))(\\d{4}|\\d{2})` +
  `|(\\d{4})[ \\t]?[년年][ \\t]?(\\d{1,2})[ \\t]?[월月][ \\t]?(\\d{1,2})[ \\t]?[일日]` +
  `|((?:19|20)\\d\\d)(0[1-9]|1[0-2])([0-3]\\d)` +
  `)(?![0-9A-Za-z])`;

/** A fresh global date regex (callers iterate it over short windows). */
export function dateRegex(flags = 'gi'): RegExp {
  return new RegExp(DATE_SOURCE, flags);
}

function daysIn(month: number, year: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Two-digit years are read as the latest year not in the future: 85 -> 1985, 03 -> 2003. */
function fullYear(y: string, now: Date): number {
  if (y.length === 4) return Number(y);
  const current = now.getUTCFullYear();
  const candidate = Math.floor(current / 100) * 100 + Number(y);
  return candidate > current ? candidate - 100 : candidate;
}

/** A real calendar day from 1900 up to today. */
export function plausibleBirth(year: number, month: number, day: number, now: Date): boolean {
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return false;
  return Date.UTC(year, month - 1, day) <= now.getTime();
}

/** True when a match of dateRegex() is a date that can be a birth date (either reading of 03/04/1985). */
export function isBirthDate(m: RegExpMatchArray, now: Date): boolean {
  if (m[1] !== undefined) return plausibleBirth(Number(m[1]), Number(m[3]), Number(m[4]), now);
  if (m[5] !== undefined) {
    if (m[6] === ' ' && (m[8] ?? '').length !== 4) return false; // "3 14 85" is three numbers
    const year = fullYear(m[8] ?? '', now);
    const a = Number(m[5]);
    const b = Number(m[7]);
    return plausibleBirth(year, a, b, now) || plausibleBirth(year, b, a, now);
  }
  if (m[9] !== undefined) return plausibleBirth(Number(m[11]), monthOf(m[9]), Number(m[10]), now);
  if (m[15] !== undefined) return plausibleBirth(Number(m[15]), Number(m[16]), Number(m[17]), now);
  if (m[18] !== undefined) return plausibleBirth(Number(m[18]), Number(m[19]), Number(m[20]), now);
  return plausibleBirth(fullYear(m[14] ?? '', now), monthOf(m[13] ?? ''), Number(m[12]), now);
}

function monthOf(name: string): number {
  return FOREIGN_MONTH_INDEX.get(fold(name)) ?? MONTH_INDEX[name.slice(0, 3).toLowerCase()] ?? 0;
}
