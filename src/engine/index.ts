// The detection engine's public API: pure functions over strings (DESIGN §16-21).
export { BUILT_IN_DATA_TYPES, DETECTOR_TYPES, isKnownDataType } from './catalogue.js';
export { check, checkWithPlan, checkWithSpans, evidenceRules, preventedCount } from './check.js';
export { allowlistProblems, compileAllowlist } from './custom/allowlist.js';
export { compileCustomDetectors, customDetectorProblems, type CustomProblem } from './custom/compile.js';
export { CUSTOM_CONFIDENCE, CUSTOM_LIMITS, CUSTOM_NAME } from './custom/limits.js';
export { compilePattern, PatternError } from './custom/pattern.js';
export { decide } from './decide.js';
export { defaultRules } from './default-rules.js';
export { applyMaskPlan, mask, maskPlan, type MaskReplacement } from './mask.js';
export { sample } from './sample.js';
export { DEFAULT_MIN_CONFIDENCE, scan } from './scan.js';
export * from './types.js';
