import type { DetectorType, Finding } from '../types.js';

/**
 * One row of the detector table. `find` must run in time linear in the text and keep no state
 * between calls; `earlier` holds the findings of the detectors listed before it (unresolved), for
 * detectors that need context such as "near an SSN".
 */
export interface Detector extends DetectorType {
  find(text: string, earlier: readonly Finding[]): Finding[];
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
