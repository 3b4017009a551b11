import type { Detector } from '../detector.js';
import { email } from './email.js';
import { phone } from './phone.js';
import { ssn } from './ssn.js';

/** PII detectors, in table order (DESIGN §17). */
export const PII_DETECTORS: readonly Detector[] = [email, phone, ssn];
