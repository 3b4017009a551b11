import { ScanText } from '../../scan-text.js';
import { hasCueNear } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { BANK_WORDS, BANK_WORDS_WINDOW, labelledNumbers, type LabelledNumber } from './bank-labels.js';
import { NEGATIVE, NEGATIVE_WINDOW } from './cues.js';

const BANK_ACCOUNT: DetectorType = { type: 'BANK_ACCOUNT', category: 'FINANCIAL' };

// Account numbers have no checksum or shape (US banks issue 4 to 17 digits), so only the number
// an account label owns is one (see bank-labels.ts). A number another FINANCIAL detector already
// named (a card, an IBAN, a routing number) is that instead.
const MIN_DIGITS = 4;
const MAX_DIGITS = 17;
const NAMED_ALREADY = new Set(['CREDIT_CARD', 'IBAN', 'ABA_ROUTING']);

function bankWordsNear(text: string, start: number, end: number): boolean {
  return hasCueNear(text, start, end, BANK_WORDS, BANK_WORDS_WINDOW);
}

/** Bank words near the number, or near its label: a column header may be far from its cells. */
function amongBankWords(text: string): (n: LabelledNumber) => boolean {
  const byLabel = new Map<LabelledNumber['label'], boolean>(); // a column label owns many numbers
  return (n) => {
    let labelNear = byLabel.get(n.label);
    if (labelNear === undefined) byLabel.set(n.label, (labelNear = bankWordsNear(text, n.label.start, n.label.end)));
    return labelNear || bankWordsNear(text, n.start, n.end);
  };
}

/** Null when a plain "account" label is not among bank words. */
function confidence(text: string, n: LabelledNumber, bankWords: boolean): number | null {
  const plain = n.label.kind === 'plain-account';
  if (plain && !bankWords) return null;
  if (hasCueNear(text, n.start, n.end, NEGATIVE, NEGATIVE_WINDOW)) return 0.45;
  return plain ? 0.7 : bankWords ? 0.8 : 0.75;
}

/**
 * The label after its number, in English word order: "684457969 is the routing and 3995391696 the
 * account", "12345678 is my checking account". Taken among bank words only, as a plain label is.
 */
const NUMBER_THEN_LABEL =
  /(?<![\w.,/-])(\d{4,17})(?![\w.,/-]|-\d)[ \t]+(?:(?:is|was|as)[ \t]+)?(?:the|my|our|your|his|her|their)[ \t]+(?:(?:new|old|checking|savings|bank|current|deposit)[ \t]+)?(?:account|acct)(?![\w-])(?![ \t]+(?:id|name|holder|type|balance|manager)\b)/gi;

function labelAfter(text: string, taken: (start: number, end: number) => boolean, found: Finding[]): void {
  for (const m of text.matchAll(NUMBER_THEN_LABEL)) {
    const start = m.index;
    const end = start + (m[1]?.length ?? 0);
    if (taken(start, end) || !bankWordsNear(text, start, end)) continue;
    found.push(makeFinding(BANK_ACCOUNT, text, start, end, hasCueNear(text, start, end, NEGATIVE, NEGATIVE_WINDOW) ? 0.45 : 0.7));
  }
}

export const bankAccount: Detector = {
  ...BANK_ACCOUNT,
  // With the Japanese and Korean account labels (bank-labels.ts).
  keywords: ['account', 'acct', 'a/c', 'checking', 'savings', '口座', '振込先', '계좌'],
  find(text, earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    const named = earlier.filter((f) => NAMED_ALREADY.has(f.type)).sort((a, b) => a.start - b.start);
    let next = 0;
    let namedEnd = -1; // furthest end of the named findings starting before the current number ends
    const bankWordsFor = amongBankWords(text);
    for (const n of shared.once(labelledNumbers)) {
      if (n.label.kind !== 'account' && n.label.kind !== 'plain-account') continue;
      if (n.digits.length < MIN_DIGITS || n.digits.length > MAX_DIGITS) continue;
      for (let f = named[next]; f && f.start < n.end; f = named[++next]) namedEnd = Math.max(namedEnd, f.end);
      if (namedEnd > n.start) continue;
      const score = confidence(text, n, bankWordsFor(n));
      if (score !== null) found.push(makeFinding(BANK_ACCOUNT, text, n.start, n.end, score));
    }
    const overlaps = (start: number, end: number) => (f: { start: number; end: number }) => f.start < end && start < f.end;
    labelAfter(text, (start, end) => named.some(overlaps(start, end)) || found.some(overlaps(start, end)), found);
    return found.sort((a, b) => a.start - b.start);
  },
};
