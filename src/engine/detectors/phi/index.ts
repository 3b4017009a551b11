import type { Detector } from '../detector.js';
import { deaNumber } from './dea-number.js';
import { healthInsuranceId } from './health-insurance-id.js';
import { icd10Code } from './icd10-code.js';
import { medicalRecordNumber } from './medical-record-number.js';
import { npi } from './npi.js';
import { phi } from './phi.js';

/**
 * PHI detectors, in table order (DESIGN §17). PHI reads the findings of every detector before it
 * (record numbers and insurance ids of this group included), so it stays last.
 */
export const PHI_DETECTORS: readonly Detector[] = [
  medicalRecordNumber,
  healthInsuranceId,
  npi,
  deaNumber,
  icd10Code,
  phi,
];
