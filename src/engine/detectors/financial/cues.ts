import { StartTable } from '../../cue-starts.js';
import { ScanText } from '../../scan-text.js';

// Context words for the financial detectors. Values in JSON, CSV headers and .env files come
// with keys such as `card_number`, `routingNumber` or `IBAN_CODE`, which `\b` does not split
// (`_` and a camelCase hump are inside a word for it); these cues see the words of such keys.

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/#-]/g, '\\$&');
}

/** `word` in any letter case, with case-sensitive regex flags (so the edges stay case-aware). */
function anyCase(word: string): string {
  return [...word]
    .map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toLowerCase()}${c.toUpperCase()}]` : escape(c)))
    .join('');
}

/** The words of a phrase joined by a space, `_`, `-` or nothing: "card number", "card_number", "cardNumber". */
function phrasePattern(phrase: string): string {
  const exact = phrase !== phrase.toLowerCase();
  return phrase
    .split(' ')
    .map((word) => (exact ? escape(word) : anyCase(word)))
    .join('[ _-]?');
}

// A cue starts where no letter or digit precedes it, or at a camelCase hump (`cardNumber`), and
// ends where no lower-case letter or digit follows (nor a capital after a capital: `IBANS`).
const LEFT = '(?:(?<![A-Za-z0-9])|(?<=[a-z])(?=[A-Z]))';
const RIGHT = '(?![a-z0-9]|(?<=[A-Z])[A-Z])';

function alternation(phrases: readonly string[]): string {
  return [...phrases]
    .sort((a, b) => b.length - a.length)
    .map(phrasePattern)
    .join('|');
}

/**
 * A regex matching any of `phrases` as whole words. A phrase written in lower case matches in
 * any letter case; one with a capital matches exactly as written (`SWIFT` but not the adjective
 * `swift`). Longer phrases are tried first. Pass `g` to iterate with matchAll.
 */
export function cueRegex(phrases: readonly string[], flags = ''): RegExp {
  return new RegExp(`${LEFT}(?:${alternation(phrases)})${RIGHT}`, flags);
}

export interface Label<K extends string> {
  kind: K;
  start: number;
  end: number;
}

/**
 * The first three characters a match of the phrase can have, lower-cased: its first word's, or,
 * after a two-letter word, the joint (a space, `_`, `-` or none) and the next word's. A two-letter
 * phrase gives two: any character may follow it.
 */
function starts(phrase: string): string[] {
  const [word = '', next] = phrase.toLowerCase().split(' ');
  if (word.length >= 3) return [word.slice(0, 3)];
  if (word.length !== 2) throw new Error(`a cue's first word has two letters or more: "${phrase}"`);
  return next === undefined ? [word] : [' ', '_', '-', next.charAt(0)].map((c) => word + c);
}

/** Where a cue may start with given first two characters: the regex for each third character. */
interface Start {
  byThird: Map<number, RegExp>;
  /** For any other third character: two-letter phrases only. */
  other: RegExp | undefined;
}

/**
 * Finds labels of several kinds in one pass, in text order. Where phrases of two kinds match at
 * the same place the kind listed first wins, so list the kinds with the longer phrases first
 * (`account number` before `account`).
 *
 * The search is the alternation of every kind's phrases, `LEFT(?:(kind 1)|(kind 2)|...)RIGHT`,
 * run the way a global regex runs it; but only where a cue may start (CharFacts.cueStarts), and
 * there only with the phrases that can start with the three characters found (in the same order,
 * in the same groups), so V8 does not try them all at every position.
 */
export function labelFinder<K extends string>(
  kinds: readonly (readonly [K, readonly string[]])[],
): (text: string, shared?: ScanText) => Label<K>[] {
  const regexFor = (fits: (start: string) => boolean) => {
    const groups = kinds.map(([, phrases]) => {
      const fitting = phrases.filter((phrase) => starts(phrase).some(fits));
      return `(${fitting.length > 0 ? alternation(fitting) : '(?!)'})`;
    });
    return new RegExp(`${LEFT}(?:${groups.join('|')})${RIGHT}`, 'y');
  };
  const thirdsByTwo = new Map<string, Set<string>>();
  for (const [, phrases] of kinds) {
    for (const start of phrases.flatMap(starts)) {
      const two = start.slice(0, 2);
      thirdsByTwo.set(two, (thirdsByTwo.get(two) ?? new Set()).add(start.slice(2)));
    }
  }
  const table = new StartTable<Start>();
  for (const [two, thirds] of thirdsByTwo) {
    const start: Start = { byThird: new Map(), other: thirds.has('') ? regexFor((s) => s === two) : undefined };
    for (const third of thirds) {
      if (third !== '') start.byThird.set(third.charCodeAt(0), regexFor((s) => s === two || s === two + third));
    }
    table.set(two.charAt(0), two.charAt(1), start);
  }
  return (text, shared = new ScanText(text)) => {
    const labels: Label<K>[] = [];
    let from = 0; // a global regex goes on from the end of its last match
    const { cueStarts, cueSlots } = shared.facts;
    for (let i = 0; i < cueStarts.length; i++) {
      const at = cueStarts[i] as number;
      const start = at < from ? undefined : table.get(cueSlots[i] as number);
      if (start === undefined) continue;
      const third = text.charCodeAt(at + 2);
      const regex = start.byThird.get(third >= 65 && third <= 90 ? third + 32 : third) ?? start.other;
      if (regex === undefined) continue;
      regex.lastIndex = at;
      const m = regex.exec(text);
      if (m === null) continue;
      const entry = kinds[m.findIndex((group, g) => g > 0 && group !== undefined) - 1];
      if (entry) labels.push({ kind: entry[0], start: at, end: regex.lastIndex });
      from = regex.lastIndex;
    }
    return labels;
  };
}

const MADE_UP = cueRegex([
  'example', 'examples', 'sample', 'test', 'testing', 'dummy', 'fake', 'placeholder', 'lorem', 'mock', 'demo',
]);
/**
 * Words that mark a value as made up: documentation, fixtures, test data. Not as part of a host
 * name or an address (`jane@example.com`, `test.internal`): real values sit next to those too.
 */
export const NEGATIVE = new RegExp(`(?<![@.])(?:${MADE_UP.source})(?![.@][A-Za-z0-9])`);
export const NEGATIVE_WINDOW = 30;

/** How far a keyword may stand from a value it vouches for without owning it (ABA_ROUTING, SWIFT_BIC). */
const NEAR = 100;
const SENTENCE_END = /[.!?]\s|\n/;

/**
 * Whether one of the labels stands in the same sentence as text[start, end), before or after it,
 * within NEAR characters: after Microsoft Purview's proximity rules (a keyword within 300
 * characters), narrowed to a sentence.
 */
export function labelInSentence(text: string, labels: readonly Label<string>[], start: number, end: number): boolean {
  return labels.some((l) => {
    const [from, to] = l.end <= start ? [l.end, start] : [end, l.start];
    return to - from <= NEAR && !SENTENCE_END.test(text.slice(from, to));
  });
}
