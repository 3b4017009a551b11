import { isWordCode } from '../../text.js';

// For values reported only because of a cue (bare digit runs), nearness is not enough: in
// "SSN 278-86-0341. Passport number 872565917" or `"account_number": "6045539194", "mobile": "…"`
// the cue belongs to another value. A cue owns a value when it comes before it with no digit in
// between, or right after it with only spaces and an opening bracket in between ("4155550132
// (mobile)").

const ONLY_OPENING = /^[ \t]*[([]?[ \t]*$/;
/**
 * A digit or a sentence end between the cue and the value breaks ownership. A sentence ends where a
 * capitalised word follows the stop, so abbreviations ("Tel. (030)…", "No. 284…") do not. A
 * question does not: its answer follows it ("What number should we call?\nVisitor: 5105550123").
 */
const BREAKS = /\d|(?<![^A-Za-z][A-Z])[.!]\s+[A-Z]/;
/**
 * A repeated field's number in its label ("Telefon (2): …", "電話番号 (2): …", "| Phone [3] | …") is
 * part of the label, not a digit of another value.
 */
const FIELD_NUMBER = /[([]\d{1,2}[)\]](?=[ \t]*[:|=])/g;

/**
 * True when `cue` (a global regex) owns text[start, end): a match within `window` characters
 * before it with no digit or sentence end after the match, or a match that follows it after at
 * most a space and a bracket.
 */
export function cueOwns(text: string, start: number, end: number, cue: RegExp, window: number): boolean {
  let from = Math.max(0, start - window);
  while (from < start && from > 0 && isWordCode(text.charCodeAt(from - 1))) from++;
  const before = text.slice(from, start);
  let lastEnd = -1;
  for (const m of before.matchAll(cue)) lastEnd = m.index + m[0].length;
  if (lastEnd >= 0) {
    const between = before.slice(lastEnd);
    if (!BREAKS.test(between.replace(FIELD_NUMBER, ''))) return true;
  }
  const after = text.slice(end, end + window);
  for (const m of after.matchAll(cue)) return ONLY_OPENING.test(after.slice(0, m.index));
  return false;
}
