// The detection engine's public API: pure functions over strings (DESIGN §16-21).
export { DETECTOR_TYPES, isKnownDataType } from './catalogue.js';
export { check } from './check.js';
export { decide } from './decide.js';
export { defaultRules } from './default-rules.js';
export { mask } from './mask.js';
export { sample } from './sample.js';
export { scan } from './scan.js';
export * from './types.js';
