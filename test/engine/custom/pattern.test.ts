import RE2 from 're2';
import { describe, expect, it } from 'vitest';
import { prng } from '../helpers.js';
import { customDetectorProblems, scan, type CustomDetectorSpec } from '../../../src/engine/index.js';
import { analysePattern, compilePattern, EMPTY_MATCH_PROBLEM, PatternError } from '../../../src/engine/custom/pattern.js';

const detector = (pattern: string, extra: Partial<CustomDetectorSpec> = {}): CustomDetectorSpec => ({
  name: 'TICKET',
  category: 'CUSTOM',
  pattern,
  ...extra,
});

/** The problem reported for a single pattern detector, or null. */
function problem(pattern: string): string | null {
  return customDetectorProblems([detector(pattern)])[0]?.message ?? null;
}

/** Patterns of up to `maxLength` random fragments that RE2 accepts, each with its global RE2. */
function* randomPatterns(fragments: string[], { seed, runs, maxLength }: { seed: number; runs: number; maxLength: number }) {
  const next = prng(seed);
  for (let run = 0; run < runs; run++) {
    const pattern = Array.from({ length: 1 + Math.floor(next() * maxLength) }, () => fragments[Math.floor(next() * fragments.length)]).join('');
    let re: RE2;
    try {
      re = new RE2(pattern, 'gu');
    } catch {
      continue;
    }
    yield [pattern, re] as const;
  }
}

const found = (text: string, spec: CustomDetectorSpec) =>
  scan(text, { customDetectors: [spec] })
    .filter((f) => f.type === spec.name)
    .map((f) => [f.value, f.start, f.end]);

describe('custom patterns: validation', () => {
  it.each([
    ['(a)\\1', 'backreferences are not supported'],
    ['(?P<x>a)(?P=x)', 'invalid'],
    ['foo(?=bar)', 'lookahead and lookbehind are not supported'],
    ['foo(?!bar)', 'lookahead and lookbehind are not supported'],
    ['(?<=foo)bar', 'lookahead and lookbehind are not supported'],
    ['(?<!foo)bar', 'lookahead and lookbehind are not supported'],
    ['[a-z', 'missing ]'],
    ['a{1001}', 'expand to 1001 copies'],
    ['a++', 'bad repetition operator'],
    ['(', 'missing )'],
    ['x*', 'can match the empty string'],
    ['(?:)', 'can match the empty string'],
    ['a'.repeat(1001), 'the limit is 1000'],
  ])('rejects %s, saying why', (pattern, why) => {
    const message = problem(pattern);
    expect(message).toContain("custom detector 'TICKET'");
    expect(message).toContain(why);
  });

  it.each([
    // Zero-width assertions alone, or only with optional parts.
    '\\b', '\\B', '^', '$', '\\A', '\\z', '(?m)^', '(?m)$', '^$', '\\b\\B', '(?:\\b)+', '\\b{2}', '(?i)\\b', '(?s:\\b)',
    // Only optional parts, or an empty alternative.
    'a*', 'a?', 'x{0,3}', 'x{0}', '(a|)', '|a', 'a|', '(?:a|b?)', '(?:a*)+', '[0-9]*?', '\\Q\\E', '(?i)',
    // Combinations.
    '\\b|x', 'x|\\b', '\\bx*\\b', '^\\s*$', '(?:\\bfoo)?', '\\d+|(?:)', '(?:^|\\s)\\d*',
  ])('refuses %s, which can match the empty string, naming the detector and why', (pattern) => {
    expect(problem(pattern)).toBe(`custom detector 'TICKET': invalid pattern: ${EMPTY_MATCH_PROBLEM}`);
  });

  it.each(['\\bEMP\\d+\\b', '^abc', 'abc$', '(?m)^\\d+$', 'a+?', 'x{1,3}', '(?:a|b)c?', '[$^]', '\\$|\\^', '\\Q^$\\E', '\\b\\w', '(?:^|\\s)\\d+', 'a|\\bb'])(
    'accepts %s, which cannot',
    (pattern) => {
      expect(problem(pattern)).toBeNull();
    },
  );

  it('spells a pattern without its assertions, leaving classes, escapes and quoted text alone', () => {
    expect(analysePattern('^\\b(a)\\B$|\\Ax\\z').withoutAssertions).toBe('(?:)(?:)(?:a)(?:)(?:)|(?:)x(?:)');
    expect(analysePattern('[\\b^$]\\$\\^\\Q^$\\b\\E\\\\b').withoutAssertions).toBe('[\\b^$]\\$\\^\\Q^$\\b\\E\\\\b');
  });

  it('never accepts a pattern that RE2 finds an empty match of, in any text', () => {
    const fragments = ['\\b', '\\B', '^', '$', '(?m)', '\\A', '\\z', 'a', ' ', '.', '[a ]', '*', '+', '?', '{0,2}', '{1,2}', '|', '(', ')', '(?:', '\\Q\\E'];
    const subjects = ['', 'a', ' ', 'a a', ' aa\n a ', '\n\n', 'b'];
    let accepted = 0;
    let refused = 0;
    for (const [pattern, re] of randomPatterns(fragments, { seed: 20, runs: 4000, maxLength: 6 })) {
      const matchesEmpty = subjects.some((subject) => [...subject.matchAll(re)].some((m) => m[0] === ''));
      if (problem(pattern) === null) {
        expect(matchesEmpty, pattern).toBe(false);
        accepted++;
      } else {
        refused++;
      }
    }
    expect(accepted).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
  });

  it('still compiles a stored pattern that matches the empty string only at some positions, not one that matches the empty text', () => {
    expect(compilePattern('\\bx*', { caseSensitive: false, global: true, stored: true }).source).toBe('\\bx*');
    expect(() => compilePattern('x*', { caseSensitive: false, global: true, stored: true })).toThrow(EMPTY_MATCH_PROBLEM);
  });

  it('bounds what counted repetitions expand to, nested ones multiplied', () => {
    expect(analysePattern('a{3}(b{2}){4}').copies).toBe(3 + 4 * (1 + 2));
    expect(analysePattern('[0-9a-f]{64}').copies).toBe(64);
    expect(problem('[0-9a-f]{64}|[0-9A-F]{128}')).toBeNull();
    expect(problem('(?:[a-z]{10}-){20}')).toContain('expand to 220 copies');
    expect(problem('a.{9}b|c.{9}d|e.{200}f')).toContain('expand to 218 copies');
    // `{` that is not a counted repetition is a literal, as in RE2.
    expect(analysePattern('a{x}b{,3}').copies).toBe(0);
  });

  it('accepts ordinary patterns', () => {
    for (const p of ['PRJ-\\d{4,6}', '\\bEMP[0-9]{6}\\b', '(?i)acme-[a-f0-9]{32}', '(?P<id>X\\d+)', '\\p{Greek}+-\\d+', '[[:alpha:]]{3}\\d']) {
      expect(problem(p)).toBeNull();
    }
  });

  it('makes capturing and named groups non-capturing, and leaves classes, escapes and quoted text alone', () => {
    expect(analysePattern('(a)(?<n>b)(?P<m>c)(?:d)(?i:e)(?=f)').source).toBe('(?:a)(?:b)(?:c)(?:d)(?i:e)(?=f)');
    expect(analysePattern('[(]\\(\\Q(x)\\E[]()][^]()]').source).toBe('[(]\\(\\Q(x)\\E[]()][^]()]');
    expect(analysePattern('[[:alpha:](](x)').source).toBe('[[:alpha:](](?:x)');
  });

  it('rewrites without changing what any pattern RE2 accepts matches', () => {
    const fragments = ['(', ')', '(?:', '(?i)', '(?P<n>', '(?<m>', '[', ']', '[^]a(]', '\\(', '\\)', '\\Q(]\\E', '{2}', '{1,3}', '|', 'a', 'b', '(', '.', '*', '+', '?', '\\d', '[[:digit:]]', '\\p{L}'];
    const subject = 'ab(a)b]ba 12 (aab) a(b ]] xa(]b';
    const spans = (re: RE2) => [...subject.matchAll(re)].map((m) => `${m.index}:${m[0]}`);
    let compared = 0;
    for (const [pattern, original] of randomPatterns(fragments, { seed: 18, runs: 3000, maxLength: 8 })) {
      const rewritten = new RE2(analysePattern(pattern).source, 'gu');
      expect(spans(rewritten), pattern).toEqual(spans(original));
      compared++;
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('compiles through PatternError only', () => {
    expect(() => compilePattern('(?=x)', { caseSensitive: true, global: true })).toThrow(PatternError);
  });
});

describe('custom patterns: matching', () => {
  it('is case-insensitive unless the detector says otherwise', () => {
    expect(found('prj-1234 PRJ-5678', detector('PRJ-\\d{4}'))).toEqual([
      ['prj-1234', 0, 8],
      ['PRJ-5678', 9, 17],
    ]);
    expect(found('prj-1234 PRJ-5678', detector('PRJ-\\d{4}', { case_sensitive: true }))).toEqual([['PRJ-5678', 9, 17]]);
  });

  it('reports UTF-16 offsets in non-ASCII text', () => {
    const text = '😀 é ΣΊΣΥΦΟΣ-42 and 東京-7';
    const values = found(text, detector('[\\p{Greek}\\p{Han}]+-\\d+'));
    expect(values).toEqual([
      ['ΣΊΣΥΦΟΣ-42', 5, 15],
      ['東京-7', 20, 24],
    ]);
    for (const [value, start, end] of values) expect(text.slice(start as number, end as number)).toBe(value);
  });

  it('steps over the empty matches of a stored pattern without looping or splitting surrogate pairs', () => {
    expect(found('😀 ab 😀', detector('ab|\\b'))).toEqual([['ab', 3, 5]]);
  });

  it('runs catastrophic-for-backtracking patterns in linear time on 1 MiB', () => {
    const text = 'a'.repeat(1 << 20);
    expect(found(text, detector('(a+)+$'))).toHaveLength(1);
    expect(found(`${'a'.repeat(1 << 20)}!`, detector('(a|aa)+b'))).toHaveLength(0);
    expect(found(text, detector('(?:a*)*c'))).toHaveLength(0);
  }, 10_000);

  it('keeps patterns at the repetition limit fast on adversarial 1 MiB inputs', () => {
    let x = 7;
    const ab = Array.from({ length: 1 << 20 }, () => 'ab'[(x = (x * 1103515245 + 12345) & 0x7fffffff) & 1]).join('');
    expect(found(ab, detector('a[ab]{199}x'))).toHaveLength(0);
    expect(found(ab, detector('(?:a.{9}){20}z'))).toHaveLength(0);
    expect(found(ab, detector('[\\pL\\pN]{200}!'))).toHaveLength(0);
  }, 20_000);
});
