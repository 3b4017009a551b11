import { DETECTORS } from './catalogue.js';
import { resolveOverlaps } from './overlaps.js';
import type { Finding } from './types.js';

/** Every finding in the text, sorted by start, overlaps resolved (see resolveOverlaps). */
export function scan(text: string): Finding[] {
  const found: Finding[] = [];
  for (const detector of DETECTORS) {
    // One at a time: spreading a detector's findings as arguments overflows the stack on huge inputs.
    for (const f of detector.find(text, found)) found.push(f);
  }
  return resolveOverlaps(found);
}
