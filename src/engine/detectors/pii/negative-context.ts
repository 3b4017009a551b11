import { hasCueNear } from '../../text.js';

// Words that mark a value as made up for illustration. "test" is left out on purpose: real logs
// and configs say "test server" and "test account" about real hosts and people. A word inside a
// domain, address or path (jane@example.com, example.org, /samples/) is not a cue: reserved example
// domains carry real-looking data all the time.
const NEGATIVE =
  /(?<![@./\w-])(?:example|examples|sample|dummy|fake|placeholder|lorem|ipsum|fictitious|fictional|mock)(?![\w@-]|\.[A-Za-z])/i;
const WINDOW = 30;
/**
 * What a nearby negative word takes off. Context-only findings (0.6-0.8) fall under the default
 * minimum of 0.5; validated shapes (0.85 and up) stay reported, ranked lower.
 */
const PENALTY = 0.35;

/**
 * `confidence`, lowered when a negative word stands within a short window of text[start, end), and
 * rounded to two decimals so sums such as 0.5 + 0.1 do not leak float noise into results.
 */
export function lessIfNegative(text: string, start: number, end: number, confidence: number): number {
  const c = hasCueNear(text, start, end, NEGATIVE, WINDOW) ? Math.max(0.05, confidence - PENALTY) : confidence;
  return Math.round(c * 100) / 100;
}
