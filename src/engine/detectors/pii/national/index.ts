import type { ScanText } from '../../../scan-text.js';
import type { Finding } from '../../../types.js';
import type { Detector } from '../../detector.js';
import { AMERICAS } from './americas.js';
import { ASIA_PACIFIC } from './asia-pacific.js';
import { EUROPE } from './europe.js';
import { nationalFinder } from './id-spec.js';

const SPECS = [...EUROPE, ...ASIA_PACIFIC, ...AMERICAS];
const findAll = nationalFinder(SPECS);
const NONE_FOUND: readonly Finding[] = Object.freeze([]);

/** Every national identifier in the text, by type. */
function byType(text: string, shared?: ScanText): Map<string, Finding[]> {
  const types = new Map<string, Finding[]>();
  for (const f of findAll(text, shared)) {
    const list = types.get(f.type);
    if (list) list.push(f);
    else types.set(f.type, [f]);
  }
  return types;
}

/**
 * One detector per national identifier type (docs/detectors/national.md). They share one search:
 * the first to run finds the values of all of them (ScanText.once) and each returns its own type's.
 */
export const NATIONAL_DETECTORS: readonly Detector[] = SPECS.map(({ type, category, noiseExempt }) => ({
  type,
  category,
  noiseExempt,
  find: (text, _earlier, shared) => (shared ? shared.once(byType) : byType(text)).get(type) ?? (NONE_FOUND as Finding[]),
}));
