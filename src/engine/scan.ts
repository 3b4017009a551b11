import { DETECTORS } from './catalogue.js';
import { compiledSettings } from './custom/cache.js';
import { noiseSpans, withoutNoise } from './noise.js';
import { resolveOverlaps } from './overlaps.js';
import type { Finding, ScanOptions } from './types.js';

/** Findings below this confidence are dropped unless a policy sets its own `min_confidence`. */
export const DEFAULT_MIN_CONFIDENCE = 0.5;

const NOISE_EXEMPT = new Set(DETECTORS.filter((d) => d.noiseExempt).map((d) => d.type));

/**
 * Every finding in the text, sorted by start: the built-in table, known noise dropped, then the
 * policy's custom detectors; findings the allowlist names or under the minimum confidence dropped,
 * then overlaps resolved (see resolveOverlaps). Throws when the policy's settings do not compile.
 */
export function scan(text: string, options: ScanOptions = {}): Finding[] {
  const custom = compiledSettings(options);
  let lower: string | undefined;
  let found: Finding[] = [];
  for (const detector of DETECTORS) {
    if (detector.keywords) {
      const haystack = (lower ??= text.toLowerCase());
      if (!detector.keywords.some((k) => haystack.includes(k))) continue;
    }
    // One at a time: spreading a detector's findings as arguments overflows the stack on huge inputs.
    for (const f of detector.find(text, found)) found.push(f);
  }
  found = withoutNoise(found, noiseSpans(text), (f) => NOISE_EXEMPT.has(f.type));
  // Custom matches skip the noise filter: the policy asked for exactly these, and `allow` can drop them.
  for (const f of custom.finder.find(text)) found.push(f);
  const min = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const allowed = custom.allowlist();
  return resolveOverlaps(found.filter((f) => f.confidence >= min && !allowed(f.value)));
}
