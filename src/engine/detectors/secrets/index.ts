import type { Detector } from '../detector.js';
import { awsAccessKey } from './aws-access-key.js';

/** SECRETS detectors, in table order (DESIGN §17). */
export const SECRETS_DETECTORS: readonly Detector[] = [awsAccessKey];
