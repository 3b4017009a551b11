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
 * Finds labels of several kinds in one pass, in text order. Where phrases of two kinds match at
 * the same place the kind listed first wins, so list the kinds with the longer phrases first
 * (`account number` before `account`).
 */
export function labelFinder<K extends string>(
  kinds: readonly (readonly [K, readonly string[]])[],
): (text: string) => Label<K>[] {
  const groups = kinds.map(([, phrases]) => `(${alternation(phrases)})`).join('|');
  const regex = new RegExp(`${LEFT}(?:${groups})${RIGHT}`, 'g');
  return (text) => {
    const labels: Label<K>[] = [];
    for (const m of text.matchAll(regex)) {
      const entry = kinds[m.findIndex((group, i) => i > 0 && group !== undefined) - 1];
      if (entry) labels.push({ kind: entry[0], start: m.index, end: m.index + m[0].length });
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
