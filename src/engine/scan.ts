import { DETECTORS } from './catalogue.js';
import type { Detector } from './detectors/detector.js';
import { compiledSettings } from './custom/cache.js';
import { noiseSpans, withoutNoise } from './noise.js';
import { resolveOverlaps } from './overlaps.js';
import { ScanText } from './scan-text.js';
import type { Finding, ScanOptions } from './types.js';
import { wordSet } from './words-present.js';

/** Findings below this confidence are dropped unless a policy sets its own `min_confidence`. */
export const DEFAULT_MIN_CONFIDENCE = 0.5;

const NOISE_EXEMPT = new Set(DETECTORS.filter((d) => d.noiseExempt).map((d) => d.type));

function exempt(f: Finding): boolean {
  return NOISE_EXEMPT.has(f.type);
}

/** Each detector's keywords, looked up in the one pass over the text that finds every registered word. */
const PREFILTERS = DETECTORS.map((d) => (d.keywords ? wordSet(d.keywords) : undefined));

/**
 * Every finding in the text, sorted by start: the built-in table, known noise dropped, then the
 * policy's custom detectors; findings the allowlist names or under the minimum confidence dropped,
 * then overlaps resolved (see resolveOverlaps). Throws when the policy's settings do not compile.
 */
export function scan(text: string, options: ScanOptions = {}): Finding[] {
  const custom = compiledSettings(options);
  const shared = new ScanText(text);
  let found: Finding[] = [];
  for (let i = 0; i < DETECTORS.length; i++) {
    const keywords = PREFILTERS[i];
    if (keywords && !shared.hasAny(keywords)) continue;
    // One at a time: spreading a detector's findings as arguments overflows the stack on huge inputs.
    const more = (DETECTORS[i] as Detector).find(text, found, shared);
    for (let k = 0; k < more.length; k++) found.push(more[k] as Finding);
  }
  // Known noise only drops findings of detectors that are not exempt: without one, it is not looked for.
  if (!found.every(exempt)) found = withoutNoise(found, noiseSpans(text, shared), exempt);
  // Custom matches skip the noise filter: the policy asked for exactly these, and `allow` can drop them.
  for (const f of custom.finder.find(text)) found.push(f);
  const min = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const allowed = custom.allowlist();
  return resolveOverlaps(found.filter((f) => f.confidence >= min && !allowed(f.value)));
}
