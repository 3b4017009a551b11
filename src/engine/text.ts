// Character-level helpers shared by detectors, masking and samples. ASCII classes on purpose:
// every built-in pattern is ASCII, and charCode tests keep the hot loops cheap.

export function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function isAlnumCode(c: number): boolean {
  return isDigitCode(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Letters, digits and `_`: the characters `\b` treats as a word. */
export function isWordCode(c: number): boolean {
  return isAlnumCode(c) || c === 95;
}

/** What `\s` matches: ASCII and Unicode whitespace, line terminators, the BOM. */
export function isWhitespaceCode(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f ||
    c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/**
 * True when text[start, end) is not a piece of a longer token: no word character touches it, and
 * no separator from `seps` joins it to more digits (the `.` in `10.415.555.0132`, the `-` in
 * `1-123-45-6789`).
 */
export function standsAlone(text: string, start: number, end: number, seps: string): boolean {
  if (start > 0) {
    if (isWordCode(text.charCodeAt(start - 1))) return false;
    if (seps.includes(text.charAt(start - 1)) && isDigitCode(text.charCodeAt(start - 2))) return false;
  }
  if (end < text.length) {
    if (isWordCode(text.charCodeAt(end))) return false;
    if (seps.includes(text.charAt(end)) && isDigitCode(text.charCodeAt(end + 1))) return false;
  }
  return true;
}

/**
 * True when `cue` (a non-global regex of `\b`-bounded words) matches within `window` characters
 * before `start` or after `end`. The window edges are moved off half words so `\b` sees no false edge.
 */
export function hasCueNear(text: string, start: number, end: number, cue: RegExp, window: number): boolean {
  let from = Math.max(0, start - window);
  while (from < start && from > 0 && isWordCode(text.charCodeAt(from - 1))) from++;
  let to = Math.min(text.length, end + window);
  while (to > end && to < text.length && isWordCode(text.charCodeAt(to))) to--;
  return cue.test(text.slice(from, start)) || cue.test(text.slice(end, to));
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/**
 * Keeps the last 4 characters and stars every other letter or digit, keeping separators
 * (`***-**-6789`). Values of 4 characters or fewer, or whose kept part is all there is to
 * see, are starred entirely so the whole value is never shown.
 */
export function starAllButLast4(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  const head = value.slice(0, -4);
  const starred = head.replace(LETTER_OR_DIGIT, '*');
  return (starred === head ? '*'.repeat(head.length) : starred) + value.slice(-4);
}

const AFTER_INITIAL = /(?<=\p{L})[\p{L}\p{N}'’-]+/gu;

/** `J*** R**`: a name keeps only its initials, since its last 4 characters are a surname. */
export function initialsOnly(value: string): string {
  return value.replace(AFTER_INITIAL, (rest) => '*'.repeat(rest.length));
}
