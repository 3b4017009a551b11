// The live test of a custom detector's pattern (the dashboard's policy editor): the pattern is
// compiled exactly as a policy's would be (RE2, the same limits), so a pattern that passes here
// saves, and one that fails is refused with the same RE2 message the policy API gives.
import { compilePattern, PatternError } from '../engine/index.js';
import { Errors } from '../errors.js';

/** Matches shown at most: enough to see what a pattern catches, bounded for a huge sample. */
const MAX_MATCHES = 200;

export interface PatternMatch {
  start: number;
  end: number;
}

export function testPattern(pattern: string, caseSensitive: boolean, sample: string): PatternMatch[] {
  let re;
  try {
    re = compilePattern(pattern, { caseSensitive, global: true });
  } catch (err) {
    if (err instanceof PatternError) throw Errors.validation(`pattern: invalid pattern: ${err.message}`);
    throw err;
  }
  const matches: PatternMatch[] = [];
  for (let m = re.exec(sample); m !== null && matches.length < MAX_MATCHES; m = re.exec(sample)) {
    // An empty match (\b alone) cannot be shown; step past it so the scan goes on.
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    matches.push({ start: m.index, end: m.index + m[0].length });
  }
  return matches;
}
