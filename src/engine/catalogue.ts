import type { Detector } from './detectors/detector.js';
import { FINANCIAL_DETECTORS } from './detectors/financial/index.js';
import { PHI_DETECTORS } from './detectors/phi/index.js';
import { PII_DETECTORS } from './detectors/pii/index.js';
import { SECRETS_DETECTORS } from './detectors/secrets/index.js';
import { CATEGORIES, type DetectorType } from './types.js';

/**
 * The detector table, run in this order: PHI last, as it reads the findings of every other group.
 * Within a group, the group's index sets the order. A detector that uses `earlier` findings (PHI looks for
 * SSNs, emails and record numbers near a clinical term) must come after the ones it reads.
 * The order also breaks exact ties between overlapping findings and orders summaries.
 */
export const DETECTORS: readonly Detector[] = Object.freeze([
  ...PII_DETECTORS,
  ...FINANCIAL_DETECTORS,
  ...SECRETS_DETECTORS,
  ...PHI_DETECTORS,
]);

/** Every type the engine can emit, with its category, in table order. */
export const DETECTOR_TYPES: readonly DetectorType[] = Object.freeze(
  DETECTORS.map(({ type, category }) => Object.freeze({ type, category })),
);

/** The data types a rule may name besides its policy's custom detectors: the categories, then every built-in type. */
export const BUILT_IN_DATA_TYPES: readonly string[] = Object.freeze([...new Set([...CATEGORIES, ...DETECTOR_TYPES.map((d) => d.type)])]);

const KNOWN_NAMES: ReadonlySet<string> = new Set(BUILT_IN_DATA_TYPES);

/**
 * True for the five categories, every type the engine can emit and the names of the policy's own
 * custom detectors (given upper-case), in any letter case.
 */
export function isKnownDataType(name: string, customNames: ReadonlySet<string> = new Set()): boolean {
  const upper = name.trim().toUpperCase();
  return KNOWN_NAMES.has(upper) || customNames.has(upper);
}

const TABLE_ORDER = new Map(DETECTOR_TYPES.map((d, i) => [d.type, i]));

/** Sorts type names into table order; names the table does not know follow, alphabetically. */
export function compareTypes(a: string, b: string): number {
  const unknown = DETECTOR_TYPES.length;
  const byTable = (TABLE_ORDER.get(a) ?? unknown) - (TABLE_ORDER.get(b) ?? unknown);
  return byTable || (a < b ? -1 : a > b ? 1 : 0);
}
