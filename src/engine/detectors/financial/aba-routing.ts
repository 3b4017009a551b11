import { ScanText } from '../../scan-text.js';
import { hasCueNear } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { labelledNumbers } from './bank-labels.js';
import { NEGATIVE, NEGATIVE_WINDOW } from './cues.js';

const ABA_ROUTING: DetectorType = { type: 'ABA_ROUTING', category: 'FINANCIAL' };

// A random 9-digit number passes the checksum one time in ten, so a routing number is reported
// only as the number a routing label owns ("Routing: 021000021", "ABA# 021000021",
// "routing_number": "021000021"), never bare. See bank-labels.ts.

/**
 * First two digits: 00-12 banks, 21-32 thrift institutions, 61-72 electronic (ACH) and 80
 * traveler's cheques; then the weighted checksum 3-7-1.
 */
export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 2));
  const assigned = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  if (!assigned) return false;
  const d = [...digits].map(Number);
  const sum = [3, 7, 1, 3, 7, 1, 3, 7, 1].reduce((total, weight, i) => total + weight * (d[i] ?? 0), 0);
  return sum % 10 === 0;
}

export const abaRouting: Detector = {
  ...ABA_ROUTING,
  keywords: ['routing', 'aba', 'rtn', 'transit', 'r/t', 'wire', 'ach'],
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    for (const n of shared.once(labelledNumbers)) {
      if (n.label.kind !== 'routing' && n.label.kind !== 'wire') continue;
      if (n.end - n.start !== 9 || !abaValid(n.digits)) continue; // nine digits, no dashes
      const confidence = hasCueNear(text, n.start, n.end, NEGATIVE, NEGATIVE_WINDOW)
        ? 0.45
        : n.label.kind === 'routing'
          ? 0.95
          : 0.85;
      found.push(makeFinding(ABA_ROUTING, text, n.start, n.end, confidence));
    }
    return found;
  },
};
