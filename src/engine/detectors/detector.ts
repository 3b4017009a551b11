import type { ScanText } from '../scan-text.js';
import type { DetectorType, Finding } from '../types.js';

/**
 * One row of the detector table. `find` must run in time linear in the text and keep no state
 * between calls; `earlier` holds the findings of the detectors listed before it (unresolved), for
 * detectors that need context such as "near an SSN"; `shared` holds what the scan's detectors
 * work out once for all (a detector called alone makes its own).
 */
export interface Detector extends DetectorType {
  /**
   * Lower-case strings of which at least one must occur in the lower-cased text for `find` to run
   * at all: a cheap prefilter, as gitleaks has, so a detector's regex never runs on text that
   * cannot hold its match. Omit for detectors without a fixed word (digit shapes).
   */
  keywords?: readonly string[];
  /**
   * True when a match is trusted over the known-noise exclusions (noise.ts): a provider-prefixed
   * key inside a hex blob is still a key. By default a finding lying wholly inside a noise span
   * (a UUID, a digest, an order id...) is dropped.
   */
  noiseExempt?: boolean;
  find(text: string, earlier: readonly Finding[], shared?: ScanText): Finding[];
}

export function makeFinding(
  detector: DetectorType,
  text: string,
  start: number,
  end: number,
  confidence: number,
): Finding {
  return { type: detector.type, category: detector.category, start, end, value: text.slice(start, end), confidence };
}
