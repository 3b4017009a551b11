// A policy's custom detectors: checked (every problem named, for the policy API's 422), then compiled
// into one finder: each pattern on RE2, all keywords in one automaton per letter-case mode.
import type RE2 from 're2';
import { DETECTOR_TYPES } from '../catalogue.js';
import { CATEGORIES, type CustomDetectorSpec, type Finding } from '../types.js';
import { normalizeKeyword } from './fold.js';
import { KeywordAutomaton, type KeywordEntry } from './keywords.js';
import { CUSTOM_CONFIDENCE, CUSTOM_LIMITS, CUSTOM_NAME } from './limits.js';
import { compilePattern, PatternError } from './pattern.js';

export interface CustomProblem {
  /** Index in the policy's `custom_detectors` (or `allow`), or null for the list as a whole. */
  index: number | null;
  field: 'name' | 'category' | 'pattern' | 'keywords' | 'value' | null;
  message: string;
}

const RESERVED: ReadonlySet<string> = new Set([...CATEGORIES, ...DETECTOR_TYPES.map((d) => d.type)]);

/** False when the string holds a lone surrogate half (JSON can carry one; it is no character). */
function isWellFormed(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    else if (c >= 0xd800 && c <= 0xdfff) return false;
  }
  return true;
}

function keywordProblem(keywords: readonly string[]): string | null {
  if (keywords.length === 0) return 'keywords is empty';
  if (keywords.length > CUSTOM_LIMITS.keywords) return `${keywords.length} keywords; the limit is ${CUSTOM_LIMITS.keywords}`;
  for (const [k, keyword] of keywords.entries()) {
    const trimmed = keyword.trim();
    if (trimmed.length === 0) return `keyword ${k} is blank`;
    if (trimmed.length > CUSTOM_LIMITS.keywordChars) {
      return `keyword ${k} is ${trimmed.length} characters; the limit is ${CUSTOM_LIMITS.keywordChars}`;
    }
    if (!isWellFormed(trimmed)) return `keyword ${k} holds a lone surrogate half`;
  }
  return null;
}

/**
 * Everything wrong with a policy's custom detectors; empty when they compile. `stored`: the lenient
 * rule for policies already saved (see PatternOptions.stored).
 */
export function customDetectorProblems(specs: readonly CustomDetectorSpec[], { stored = false } = {}): CustomProblem[] {
  const problems: CustomProblem[] = [];
  if (specs.length > CUSTOM_LIMITS.detectors) {
    problems.push({ index: null, field: null, message: `${specs.length} custom detectors; the limit is ${CUSTOM_LIMITS.detectors}` });
  }
  const firstIndex = new Map<string, number>();
  specs.forEach((spec, index) => {
    const name = spec.name;
    const add = (field: CustomProblem['field'], what: string) =>
      problems.push({ index, field, message: `custom detector '${name}': ${what}` });
    if (!CUSTOM_NAME.test(name)) {
      add('name', 'the name must be 2-64 characters: a letter, then letters, digits or _ (it is upper-cased)');
    } else if (RESERVED.has(name)) {
      add('name', 'the name is a built-in type or category; choose another');
    } else if (firstIndex.has(name)) {
      add('name', `the name is already used by custom_detectors[${firstIndex.get(name)}]`);
    } else {
      firstIndex.set(name, index);
    }
    if (!(CATEGORIES as readonly string[]).includes(spec.category)) add('category', `category must be one of ${CATEGORIES.join(', ')}`);
    const hasPattern = spec.pattern !== undefined;
    const hasKeywords = spec.keywords !== undefined;
    if (hasPattern === hasKeywords) {
      add(hasPattern ? 'pattern' : null, 'give exactly one of pattern and keywords');
    } else if (spec.pattern !== undefined) {
      try {
        compilePattern(spec.pattern, { caseSensitive: spec.case_sensitive === true, global: true, stored });
      } catch (err) {
        if (!(err instanceof PatternError)) throw err;
        add('pattern', `invalid pattern: ${err.message}`);
      }
    } else if (spec.keywords !== undefined) {
      const problem = keywordProblem(spec.keywords);
      if (problem) add('keywords', problem);
    }
  });
  return problems;
}

export interface CustomFinder {
  /** RE2 programs it runs; the caller bounds the work of a check with it. */
  readonly patternCount: number;
  /** Rough size in memory, for the compile cache's budget. */
  readonly weight: number;
  find(text: string): Finding[];
}

export const NO_CUSTOM_DETECTORS: CustomFinder = { patternCount: 0, weight: 0, find: () => [] };

/** Compiles a stored policy's specs; throws when they have a problem (callers fail closed). */
export function compileCustomDetectors(specs: readonly CustomDetectorSpec[]): CustomFinder {
  if (specs.length === 0) return NO_CUSTOM_DETECTORS;
  const problem = customDetectorProblems(specs, { stored: true })[0];
  if (problem) throw new PatternError(problem.message);

  const patterns: Array<{ detector: number; re: RE2 }> = [];
  const entries: Record<'sensitive' | 'insensitive', KeywordEntry[]> = { sensitive: [], insensitive: [] };
  let keywordChars = 0;
  specs.forEach((spec, detector) => {
    const caseSensitive = spec.case_sensitive === true;
    if (spec.pattern !== undefined) {
      patterns.push({ detector, re: compilePattern(spec.pattern, { caseSensitive, global: true, stored: true }) });
      return;
    }
    for (const keyword of new Set((spec.keywords ?? []).map((k) => normalizeKeyword(k, caseSensitive)))) {
      entries[caseSensitive ? 'sensitive' : 'insensitive'].push({ keyword, detector });
      keywordChars += keyword.length;
    }
  });
  const automata = (['sensitive', 'insensitive'] as const)
    .filter((mode) => entries[mode].length > 0)
    .map((mode) => KeywordAutomaton.build(entries[mode], mode === 'sensitive'));

  return {
    patternCount: patterns.length,
    weight: 1_000 + patterns.length * 10_000 + keywordChars,
    find(text) {
      const found: Finding[] = [];
      const report = (detector: number, start: number, end: number) => {
        const spec = specs[detector] as CustomDetectorSpec;
        if (found.length >= CUSTOM_LIMITS.matchesPerScan) {
          throw new Error(`custom detector '${spec.name}' pushed custom matches past ${CUSTOM_LIMITS.matchesPerScan} in one scan`);
        }
        found.push({ type: spec.name, category: spec.category, start, end, value: text.slice(start, end), confidence: CUSTOM_CONFIDENCE });
      };
      for (const { detector, re } of patterns) {
        re.lastIndex = 0;
        for (let m = re.exec(text); m !== null; m = re.exec(text)) {
          if (m[0].length > 0) {
            report(detector, m.index, m.index + m[0].length);
            continue;
          }
          // An empty match (`\b`), from a pattern stored before such patterns were refused: step past
          // it, never into the middle of a surrogate pair.
          const at = m.index;
          re.lastIndex = at + ((text.charCodeAt(at) & 0xfc00) === 0xd800 && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00 ? 2 : 1);
          if (re.lastIndex > text.length) break;
        }
        re.lastIndex = 0;
      }
      for (const automaton of automata) automaton.scan(text, report);
      return found;
    },
  };
}
