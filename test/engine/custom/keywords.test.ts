import { describe, expect, it } from 'vitest';
import { CUSTOM_LIMITS, customDetectorProblems, scan, type CustomDetectorSpec } from '../../../src/engine/index.js';
import { normalizeKeyword } from '../../../src/engine/custom/fold.js';
import { KeywordAutomaton } from '../../../src/engine/custom/keywords.js';

const words = (keywords: string[], extra: Partial<CustomDetectorSpec> = {}): CustomDetectorSpec => ({
  name: 'CODENAME',
  category: 'CUSTOM',
  keywords,
  ...extra,
});

/** Every raw automaton match (before overlap resolution), as [detector, value]. */
function raw(text: string, keywords: string[][], caseSensitive = false): Array<[number, string]> {
  const entries = keywords.flatMap((list, detector) => list.map((k) => ({ keyword: normalizeKeyword(k, caseSensitive), detector })));
  const out: Array<[number, string]> = [];
  KeywordAutomaton.build(entries, caseSensitive).scan(text, (d, start, end) => out.push([d, text.slice(start, end)]));
  return out;
}

const found = (text: string, ...specs: CustomDetectorSpec[]) =>
  scan(text, { customDetectors: specs })
    .filter((f) => f.category === 'CUSTOM')
    .map((f) => [f.type, f.value, f.start, f.end]);

describe('keyword automaton', () => {
  it('finds overlapping keywords, including ones that are suffixes of others', () => {
    expect(raw('ushers he she hers', [['he', 'she', 'his', 'hers']])).toEqual([
      [0, 'he'],
      [0, 'she'],
      [0, 'hers'],
    ]);
    expect(raw('new york city', [['new york', 'york city', 'york']])).toEqual([
      [0, 'new york'],
      [0, 'york'],
      [0, 'york city'],
    ]);
  });

  it('reports a keyword shared by two detectors for each of them', () => {
    expect(raw('the falcon lands', [['falcon'], ['FALCON', 'lands']])).toEqual([
      [0, 'falcon'],
      [1, 'falcon'],
      [1, 'lands'],
    ]);
  });

  it('leaves overlap resolution to the scan: the longer keyword wins', () => {
    expect(found('Project Falcon ships', words(['falcon', 'project falcon']))).toEqual([['CODENAME', 'Project Falcon', 0, 14]]);
  });
});

describe('keyword detectors', () => {
  it('ignore letter case by default and honour case_sensitive', () => {
    expect(found('Falcon FALCON falcon', words(['falcon']))).toHaveLength(3);
    expect(found('Falcon FALCON falcon', words(['FALCON'], { case_sensitive: true }))).toEqual([['CODENAME', 'FALCON', 7, 13]]);
  });

  it('match whole words only', () => {
    const spec = words(['falcon', 'C++', 'R&D', 'v2']);
    const text = 'falcons, peregrine_falcon, falcon2, 2falcon, (falcon). C++ C++x xC++ R&D-team v2 v2.1';
    expect(found(text, spec).map(([, v, s]) => `${v}@${s}`)).toEqual(['falcon@46', 'C++@55', 'C++@59', 'R&D@69', 'v2@78', 'v2@81']);
  });

  it('treat any whitespace run in the text as the one space of a phrase', () => {
    expect(found('project\n  falcon and project\tfalcon', words(['Project   Falcon']))).toEqual([
      ['CODENAME', 'project\n  falcon', 0, 16],
      ['CODENAME', 'project\tfalcon', 21, 35],
    ]);
  });

  it('fold case beyond ASCII and keep UTF-16 offsets', () => {
    const text = '😀 ΣΊΣΥΦΟΣ, Straße, ÉCOLE, 𐐀𐐨x 😀 σίσυφος';
    const result = found(text, words(['σίσυφος', 'STRASSE', 'straße', 'école', '𐐨𐐨x']));
    expect(result.map(([, v]) => v)).toEqual(['ΣΊΣΥΦΟΣ', 'Straße', 'ÉCOLE', '𐐀𐐨x', 'σίσυφος']);
    for (const [, value, start, end] of result) expect(text.slice(start as number, end as number)).toBe(value);
  });

  it('need no word boundary next to scripts written without spaces', () => {
    expect(found('これは機密です。ACME株式会社', words(['機密', 'ACME'])).map(([, v]) => v)).toEqual(['機密', 'ACME']);
    expect(found('Acmeé acme\u0301 acme', words(['acme'])).map(([, , s]) => s)).toEqual([12]);
  });

  it('are checked: blank, too long, too many, lone surrogates', () => {
    const problem = (keywords: string[]) => customDetectorProblems([words(keywords)])[0]?.message;
    expect(problem([])).toContain('keywords is empty');
    expect(problem(['ok', '  '])).toContain('keyword 1 is blank');
    expect(problem(['x'.repeat(201)])).toContain('limit is 200');
    expect(problem(Array.from({ length: 1001 }, (_, i) => `k${i}`))).toContain('limit is 1000');
    expect(problem(['\ud800x'])).toContain('lone surrogate');
    expect(problem(['fine', 'Also fine'])).toBeUndefined();
  });

  it('stay linear on 1 MiB of repeated prefixes and near-misses', () => {
    const keywords = Array.from({ length: 199 }, (_, i) => 'a'.repeat(i + 1) + 'b');
    const text = 'a'.repeat(1 << 20);
    expect(found(text, words(keywords))).toEqual([]);
    const spaced = 'aab '.repeat(150_000);
    expect(found(spaced, words(keywords)).length).toBe(150_000);
    const prefixes = 'falco falcon_ falcons '.repeat(50_000);
    expect(found(prefixes, words(['falcon', 'falcons x', 'project falcon']))).toEqual([]);
  }, 10_000);

  it('fail the scan, not the memory, when matches pass the per-scan cap', () => {
    const text = 'x '.repeat(CUSTOM_LIMITS.matchesPerScan + 1);
    expect(() => scan(text, { customDetectors: [words(['x'])] })).toThrow(/past 200000/);
  }, 10_000);
});
