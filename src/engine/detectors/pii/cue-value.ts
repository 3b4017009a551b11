// Identifiers that have no shape of their own (passport and licence numbers) are read right after a
// cue such as "Passport No.:" or `"dl_number": "`. What may stand between the cue and the value is
// deliberately narrow: separators, quotes and a few filler words, so "passport expired in 2019,
// order 123456789" never yields a number.

// Other languages' number words count as filler too: "passaporte nº", "número de pasaporte:".
// A label that lists the issuing state or country beside the number ("Driver's license # / state:
// Q9016072 / CA", "Passport no./country:") leaves a slash and that word in the gap.
const GAP =
  /^(?:[\s:#=.'"()[\]{}/|-]|(?:no|nr|num|number|is|was|of|id|n[º°]|núm|número|numero|numéro|nummer|state|country|issuing)(?![A-Za-z0-9]))*/i;
/** A value: letters and digits, optionally in dash-joined groups (S123-456-78-901-0). */
const VALUE = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*/;
/** Longest gap considered, so a cue never reaches a number far away. */
const MAX_GAP = 16;
/** Longest value considered; longer runs are not identifiers of these kinds. */
const MAX_VALUE = 24;

export interface Token {
  start: number;
  end: number;
  value: string;
}

/** A number printed in groups of three after a short first group: "83 425 780", "079 108 535". */
const SPACED_DIGITS = /^\d{1,3}(?: \d{3}){2,3}/;

/**
 * The token that begins at `from` (after a narrow gap), or null. With `spaced`, a number printed
 * in space-separated groups of digits is one token.
 */
export function tokenAfter(text: string, from: number, spaced = false): Token | null {
  const window = text.slice(from, from + MAX_GAP + MAX_VALUE + 1);
  const gap = GAP.exec(window)?.[0].length ?? 0;
  if (gap > MAX_GAP) return null;
  const m = (spaced ? SPACED_DIGITS.exec(window.slice(gap)) : null) ?? VALUE.exec(window.slice(gap));
  if (!m || m[0].length > MAX_VALUE) return null;
  const start = from + gap;
  const end = start + m[0].length;
  // The value must end where the token ends: not inside a longer word or a dotted number.
  const next = text.charAt(end);
  if (/[A-Za-z0-9_]/.test(next) || (next === '.' && /[A-Za-z0-9]/.test(text.charAt(end + 1)))) return null;
  return { start, end, value: m[0] };
}

/** A value right before an opening bracket: "54BT80795 (passport)", "16 441 189 (driver license, TX)". */
const BEFORE_BRACKET = /(?<![A-Za-z0-9-])([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*|\d{1,3}(?: \d{3}){2,3})[ \t]*\([ \t]*$/;

/** The token that ends right before the bracket in which a cue starts at `cueStart`, or null. */
export function valueBeforeBracketedCue(text: string, cueStart: number): Token | null {
  const window = text.slice(Math.max(0, cueStart - MAX_VALUE - 4), cueStart);
  const m = BEFORE_BRACKET.exec(window);
  const value = m?.[1];
  if (m === null || value === undefined || value.length > MAX_VALUE) return null;
  const start = cueStart - window.length + m.index;
  return { start, end: start + value.length, value };
}

/**
 * The value after the cue, letting one short prefix token (a state or country code such as "CA" or
 * "USA") stand before it when `skippable` says so.
 */
export function valueAfterCue(
  text: string,
  cueEnd: number,
  skippable: (token: string) => boolean,
  spaced = false,
): Token | null {
  const first = tokenAfter(text, cueEnd, spaced);
  if (first === null || !skippable(first.value)) return first;
  return tokenAfter(text, first.end, spaced) ?? first;
}

/** "…, document number 420865559": an I-9 list entry names the document, then its number. */
const DOCUMENT_NUMBER = /\bdocument[\s_-]*(?:number|no\.?|nr\.?|#)/i;
const DOCUMENT_WINDOW = 80;

/**
 * The value after "document number" later on the cue's line (within 80 characters): "U.S. Passport,
 * document number 420865559", "Driver's license, issuing authority IL DMV, document number
 * V825-1771-2147". Null when there is none.
 */
export function documentNumberAfter(text: string, cueEnd: number, spaced = false): Token | null {
  const rest = text.slice(cueEnd, cueEnd + DOCUMENT_WINDOW);
  const newline = rest.indexOf('\n');
  const doc = DOCUMENT_NUMBER.exec(newline < 0 ? rest : rest.slice(0, newline));
  return doc ? tokenAfter(text, cueEnd + doc.index + doc[0].length, spaced) : null;
}
