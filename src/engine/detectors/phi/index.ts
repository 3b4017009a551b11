import type { Detector } from '../detector.js';
import { medicalRecordNumber } from './medical-record-number.js';
import { phi } from './phi.js';

/** PHI detectors, in table order (DESIGN §17). PHI reads the findings of every group before it. */
export const PHI_DETECTORS: readonly Detector[] = [medicalRecordNumber, phi];
