// User-supplied patterns run on RE2 (linear time, no backtracking), never on the JavaScript engine.
// Before compiling, a small lexer (it does not validate: RE2 does) turns every capturing group into a
// non-capturing one, because RE2 finds a match with its fast DFA but fills capture groups with a
// slower simulation over the whole match, totals the copies counted repetitions expand to, and
// spells the pattern without its zero-width assertions (to decide whether it can match the empty string).
import RE2 from 're2';
import { CUSTOM_LIMITS } from './limits.js';

export class PatternError extends Error {}

interface Frame {
  /** Repetition copies of the items closed so far in this group. */
  copies: number;
}

/** The digits of a counted repetition at `i` (`{3}`, `{3,}`, `{3,5}`): its largest count and its length. */
function countedRepetition(pattern: string, i: number): { count: number; length: number } | null {
  const m = /^\{(\d{1,9})(?:(,)(\d{1,9})?)?\}/.exec(pattern.slice(i, i + 24));
  if (!m) return null;
  return { count: Math.max(Number(m[1]), Number(m[3] ?? 0)), length: m[0].length };
}

/** Index just past a character class that opens at `i` (`[...]`, with `[:alpha:]` and escapes inside). */
function classEnd(pattern: string, i: number): number {
  let j = i + 1;
  if (pattern[j] === '^') j++;
  if (pattern[j] === ']') j++;
  while (j < pattern.length) {
    const c = pattern[j];
    if (c === '\\') j += 2;
    else if (c === '[' && pattern[j + 1] === ':') {
      const close = pattern.indexOf(':]', j + 2);
      j = close < 0 ? pattern.length : close + 2;
    } else if (c === ']') return j + 1;
    else j++;
  }
  return pattern.length;
}

/** Index just past the escape that starts at `i` (`\d`, `\p{Greek}`, `\x{41}`, `\Q...\E`). */
function escapeEnd(pattern: string, i: number): number {
  const c = pattern[i + 1];
  if (c === 'Q') {
    const close = pattern.indexOf('\\E', i + 2);
    return close < 0 ? pattern.length : close + 2;
  }
  if ((c === 'p' || c === 'P' || c === 'x') && pattern[i + 2] === '{') {
    const close = pattern.indexOf('}', i + 3);
    return close < 0 ? pattern.length : close + 1;
  }
  const code = pattern.charCodeAt(i + 1);
  return i + (code >= 0xd800 && code <= 0xdbff ? 3 : 2);
}

/** Escapes that match no character, only a position: start and end of text, word boundary or not. */
const ASSERTION_ESCAPES: ReadonlySet<string> = new Set(['\\A', '\\z', '\\b', '\\B']);
/** What an assertion becomes in `withoutAssertions`: an empty group, which any repetition may follow. */
const EMPTY = '(?:)';

export interface PatternAnalysis {
  /** The pattern with capturing and named groups made non-capturing. */
  source: string;
  /** Copies its counted repetitions expand to (see CUSTOM_LIMITS.repetitionBudget). */
  copies: number;
  /** `source` with every zero-width assertion (`^`, `$`, `\A`, `\z`, `\b`, `\B`) made an empty group. */
  withoutAssertions: string;
}

export function analysePattern(pattern: string): PatternAnalysis {
  const out: string[] = [];
  /** Indexes in `out` of the assertions, replaced by EMPTY in `withoutAssertions`. */
  const assertions: number[] = [];
  const stack: Frame[] = [{ copies: 0 }];
  const top = (): Frame => stack[stack.length - 1] as Frame;
  /** Copies inside the last atom, or null when nothing precedes that a repetition could apply to. */
  let last: number | null = null;
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    const repetition = c === '{' && last !== null ? countedRepetition(pattern, i) : null;
    if (c === '\\') {
      const end = escapeEnd(pattern, i);
      if (ASSERTION_ESCAPES.has(pattern.slice(i, end))) assertions.push(out.length);
      out.push(pattern.slice(i, end));
      i = end;
      last = 0;
    } else if (c === '[') {
      const end = classEnd(pattern, i);
      out.push(pattern.slice(i, end));
      i = end;
      last = 0;
    } else if (c === '(') {
      const named = /^\(\?P?<(?![=!])[^>]*>/.exec(pattern.slice(i, i + 80));
      if (named) {
        out.push('(?:');
        i += named[0].length;
      } else if (pattern[i + 1] === '?') {
        out.push('(?');
        i += 2;
      } else {
        out.push('(?:');
        i += 1;
      }
      stack.push({ copies: 0 });
      last = null;
    } else if (c === ')') {
      out.push(')');
      i++;
      const group = stack.length > 1 ? (stack.pop() as Frame) : { copies: 0 };
      top().copies += group.copies;
      last = group.copies;
    } else if (repetition && last !== null) {
      out.push(pattern.slice(i, i + repetition.length));
      i += repetition.length;
      // The atom becomes `count` copies of itself: its own inner copies multiply.
      const repeated: number = repetition.count * (1 + last);
      top().copies += repeated - last;
      last = repeated;
    } else {
      const code = pattern.charCodeAt(i);
      const width = code >= 0xd800 && code <= 0xdbff && i + 1 < pattern.length ? 2 : 1;
      if (c === '^' || c === '$') assertions.push(out.length);
      out.push(pattern.slice(i, i + width));
      i += width;
      // `*`, `+` and `?` repeat without copying; `|` leaves nothing to repeat.
      if (c === '|') last = null;
      else if (c !== '*' && c !== '+' && c !== '?') last = 0;
    }
  }
  const source = out.join('');
  for (const at of assertions) out[at] = EMPTY;
  return { source, copies: stack.reduce((sum, f) => sum + f.copies, 0), withoutAssertions: out.join('') };
}

/**
 * Whether the pattern can match the empty string at some position of some text. Each zero-width
 * assertion holds at some position of some text, so it is read as the empty string it matches there;
 * what is left depends on no context, and derives the empty string exactly when it matches the empty
 * text, which RE2 decides in one linear pass over the compiled program. This refuses `\b`, `^`, `a*`,
 * `x{0,3}`, `(a|)` and their combinations; it also refuses an assertion pair no position satisfies
 * (`\b\B`), which matches nothing at all.
 */
function canMatchEmpty(analysis: PatternAnalysis): boolean {
  return new RE2(analysis.withoutAssertions, 'u').test('');
}

export const EMPTY_MATCH_PROBLEM =
  'the pattern can match the empty string (a zero-width assertion such as \\b or ^ on its own, an empty alternative, ' +
  'or only optional parts such as a* or x{0,3}): every match must hold at least one character';

export interface PatternOptions {
  caseSensitive: boolean;
  /** Global, for scanning a text with `exec`; allowlist patterns are compiled into an RE2.Set instead. */
  global: boolean;
  /**
   * Compiling a stored policy to scan with: a pattern refused only because it can match the empty
   * string at some position (`\b`), which policies saved before that rule may hold, still compiles
   * and its empty matches are skipped (docs/decisions.md). One that matches the empty text is refused.
   */
  stored?: boolean;
}

/** Checks a pattern against the limits and compiles it; throws PatternError saying what is wrong. */
export function compilePattern(pattern: string, options: PatternOptions): RE2 {
  if (pattern.length === 0) throw new PatternError('the pattern is empty');
  if (pattern.length > CUSTOM_LIMITS.patternChars) {
    throw new PatternError(`the pattern is ${pattern.length} characters; the limit is ${CUSTOM_LIMITS.patternChars}`);
  }
  const analysis = analysePattern(pattern);
  const { source, copies } = analysis;
  if (copies > CUSTOM_LIMITS.repetitionBudget) {
    throw new PatternError(
      `counted repetitions such as {n,m} expand to ${copies} copies in all; the limit is ${CUSTOM_LIMITS.repetitionBudget} ` +
        '(use + or * where an exact bound does not matter)',
    );
  }
  let re: RE2;
  try {
    re = new RE2(source, `${options.global ? 'g' : ''}u${options.caseSensitive ? '' : 'i'}`);
  } catch (err) {
    throw new PatternError(describeRe2Error(err));
  }
  if (options.stored ? re.test('') : canMatchEmpty(analysis)) throw new PatternError(EMPTY_MATCH_PROBLEM);
  re.lastIndex = 0;
  return re;
}

/** RE2's message, with a hint for the constructs people most often bring from other engines. */
export function describeRe2Error(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  if (/invalid perl operator: \(\?<?[=!]/.test(message)) {
    return `${message} (lookahead and lookbehind are not supported: RE2 guarantees linear time)`;
  }
  if (/invalid escape sequence: \\[1-9k]/.test(message)) {
    return `${message} (backreferences are not supported: RE2 guarantees linear time)`;
  }
  if (/pattern too large/.test(message)) return `${message} (the compiled pattern is over RE2's size limit)`;
  return message;
}
