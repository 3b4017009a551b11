import type { Detector } from '../detector.js';
import { creditCard } from './credit-card.js';

/** FINANCIAL detectors, in table order (DESIGN §17). */
export const FINANCIAL_DETECTORS: readonly Detector[] = [creditCard];
