// A policy's allowlist: known false positives. A finding is dropped when its value equals an exact
// entry (every character, letter case included) or an allow pattern matches the whole value.
import RE2 from 're2';
import type { AllowEntry } from '../types.js';
import type { CustomProblem } from './compile.js';
import { CUSTOM_LIMITS } from './limits.js';
import { analysePattern, compilePattern, describeRe2Error, PatternError } from './pattern.js';

export type AllowTest = (value: string) => boolean;

/** Makes a fresh test per scan: its memo of tested values holds content and must not outlive the scan. */
export type Allowlist = () => AllowTest;

const NOTHING: AllowTest = () => false;
export const ALLOW_NOTHING: Allowlist = () => NOTHING;

/** Everything wrong with an allowlist; empty when it compiles. `stored`: see PatternOptions.stored. */
export function allowlistProblems(entries: readonly AllowEntry[], { stored = false } = {}): CustomProblem[] {
  const problems: CustomProblem[] = [];
  const list = (message: string) => problems.push({ index: null, field: null, message });
  if (entries.length > CUSTOM_LIMITS.allowEntries) list(`${entries.length} allow entries; the limit is ${CUSTOM_LIMITS.allowEntries}`);
  const patterns: string[] = [];
  entries.forEach((entry, index) => {
    if ('value' in entry) {
      if (entry.value.length === 0 || entry.value.length > CUSTOM_LIMITS.allowValueChars) {
        problems.push({ index, field: 'value', message: `an allow value must be 1-${CUSTOM_LIMITS.allowValueChars} characters` });
      }
      return;
    }
    try {
      compilePattern(entry.pattern, { caseSensitive: true, global: false, stored });
      patterns.push(analysePattern(entry.pattern).source);
    } catch (err) {
      if (!(err instanceof PatternError)) throw err;
      problems.push({ index, field: 'pattern', message: `invalid allow pattern: ${err.message}` });
    }
  });
  if (patterns.length > CUSTOM_LIMITS.allowPatterns) {
    list(`${patterns.length} allow patterns; the limit is ${CUSTOM_LIMITS.allowPatterns}`);
  } else if (problems.length === 0 && patterns.length > 0) {
    try {
      patternSet(patterns);
    } catch (err) {
      list(`the allow patterns together are too large for RE2 (${describeRe2Error(err)})`);
    }
  }
  return problems;
}

/** All allow patterns in one RE2.Set, anchored at both ends: one pass per value, whatever their number. */
function patternSet(sources: string[]): InstanceType<typeof RE2.Set> {
  return new RE2.Set(sources, 'u', { anchor: 'both' });
}

/** Compiles a stored policy's entries; throws when they have a problem (callers fail closed). */
export function compileAllowlist(entries: readonly AllowEntry[]): Allowlist {
  if (entries.length === 0) return ALLOW_NOTHING;
  const problem = allowlistProblems(entries, { stored: true })[0];
  if (problem) throw new PatternError(problem.message);
  const values = new Set<string>();
  const sources: string[] = [];
  for (const entry of entries) {
    if ('value' in entry) values.add(entry.value);
    else sources.push(analysePattern(entry.pattern).source);
  }
  if (sources.length === 0) return () => (value) => values.has(value);
  const set = patternSet(sources);
  return () => {
    // One value often recurs in a text (the same address on every line): each is tested once.
    const seen = new Map<string, boolean>();
    return (value) => {
      if (values.has(value)) return true;
      let allowed = seen.get(value);
      if (allowed === undefined) {
        allowed = set.test(value);
        seen.set(value, allowed);
      }
      return allowed;
    };
  };
}
