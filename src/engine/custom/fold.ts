// Character classes for keyword matching. Folding keeps every character's UTF-16 length, so offsets
// found in a folded text are offsets in the original one.

const SPACE = 0x20;

/** `\s` of JavaScript regexes: every whitespace character matches a space in a keyword. */
export function isSpaceCode(c: number): boolean {
  return (
    c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** Simple case folding of one code point: upper then lower case, kept only when the length stays the same. */
function foldCodePoint(cp: number): number {
  const s = String.fromCodePoint(cp);
  for (const candidate of [s.toUpperCase().toLowerCase(), s.toLowerCase()]) {
    const folded = candidate.codePointAt(0) ?? cp;
    if (candidate.length === s.length && String.fromCodePoint(folded) === candidate) return folded;
  }
  return cp;
}

/** Folds of the Basic Multilingual Plane, filled on first use (-1: not yet computed). */
const BMP_FOLDS = new Int32Array(0x10000).fill(-1);

/** The case fold of a code point (`Σ`, `σ` and `ς` all fold to `σ`); ASCII without a lookup. */
export function foldCase(cp: number): number {
  if (cp < 0x80) return cp >= 65 && cp <= 90 ? cp + 32 : cp;
  if (cp > 0xffff) return foldCodePoint(cp);
  let folded = BMP_FOLDS[cp] ?? -1;
  if (folded < 0) BMP_FOLDS[cp] = folded = foldCodePoint(cp);
  return folded;
}

/**
 * A keyword as the automaton stores it: trimmed, each whitespace run made one space, and case-folded
 * unless the detector is case-sensitive.
 */
export function normalizeKeyword(keyword: string, caseSensitive: boolean): string {
  const parts: string[] = [];
  let spaced = false;
  for (const ch of keyword.trim()) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp <= 0xffff && isSpaceCode(cp)) {
      if (!spaced) parts.push(String.fromCharCode(SPACE));
      spaced = true;
      continue;
    }
    spaced = false;
    parts.push(caseSensitive ? ch : String.fromCodePoint(foldCase(cp)));
  }
  return parts.join('');
}

const WORD = /[\p{L}\p{N}\p{M}_]/u;
/** Scripts written without spaces between words: no word boundary is required next to them. */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;

/** True for letters, digits, marks and `_` of scripts that separate words with spaces. */
export function isWordCodePoint(cp: number): boolean {
  if (cp < 0x80) return (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || cp === 95;
  const ch = String.fromCodePoint(cp);
  return WORD.test(ch) && !UNSPACED.test(ch);
}

/** The code point that ends just before `index` (a surrogate pair read whole), or -1 at the start. */
export function codePointBefore(text: string, index: number): number {
  if (index <= 0) return -1;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

/** The code point that starts at `index`, or -1 at the end. */
export function codePointAt(text: string, index: number): number {
  return index < text.length ? (text.codePointAt(index) ?? -1) : -1;
}
