import { ScanText } from '../../scan-text.js';
import { hasCueNear } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { bankLabels, labelledNumbers, type BankLabelKind } from './bank-labels.js';
import { labelInSentence, NEGATIVE, NEGATIVE_WINDOW, type Label } from './cues.js';

const ABA_ROUTING: DetectorType = { type: 'ABA_ROUTING', category: 'FINANCIAL' };

// A random 9-digit number passes the checksum one time in ten, so a routing number is reported
// as the number a routing label owns ("Routing: 021000021", "ABA# 021000021",
// "routing_number": "021000021"; see bank-labels.ts), or, less surely, as a valid number in the
// same sentence as a routing label that does not own it ("021000021 is the routing number",
// "routing number (ABA) for wires from our Chase account: 021000021"), never bare. Microsoft
// Purview's ABA rule likewise takes a checksum-valid number with a routing keyword within 300
// characters; a sentence and 100 characters is narrower, and "routing" followed by a network's
// word is no such keyword ("routing table entry 021000021").

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

/** After "routing": words of networks and message queues, not of banks ("routing table entry 021000021"). */
const NOT_BANK_AFTER = /^[\s_-]*(?:table|tables|rule|rules|key|keys|policy|policies|protocol|entry|entries|path|paths|logic|config|configuration|layer|loop)\b/i;

function vouches(text: string, label: Label<BankLabelKind>): boolean {
  const phrase = text.slice(label.start, label.end).toLowerCase();
  if (phrase === 'routing') return !NOT_BANK_AFTER.test(text.slice(label.end, label.end + 16));
  return phrase !== 'r/t';
}
/** Nine digits alone: not part of a longer number, a decimal, a date or a dashed or dotted group. */
const NINE_DIGITS = /(?<![\d\-./,])\d{9}(?![\d\-/,]|\.\d)/g;

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
    const routing = bankLabels(text, shared).filter((label) => label.kind === 'routing' && vouches(text, label));
    if (routing.length === 0) return found;
    // A number another label owns ("account 123456789" beside a routing label) is that label's.
    const owned = new Set(shared.once(labelledNumbers).map((n) => n.start));
    for (const match of text.matchAll(NINE_DIGITS)) {
      const start = match.index;
      const end = start + 9;
      if (owned.has(start) || !abaValid(match[0])) continue;
      if (!labelInSentence(text, routing, start, end)) continue;
      found.push(makeFinding(ABA_ROUTING, text, start, end, hasCueNear(text, start, end, NEGATIVE, NEGATIVE_WINDOW) ? 0.45 : 0.7));
    }
    return found.sort((a, b) => a.start - b.start);
  },
};
