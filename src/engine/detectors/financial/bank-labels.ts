import { ScanText } from '../../scan-text.js';
import { isDigitCode, standsAlone } from '../../text.js';
import { cueRegex, labelFinder, type Label } from './cues.js';
import { columnCells, type Span } from './table-columns.js';

// Routing and account numbers are bare digit runs that only their label tells apart (and apart
// from every other number), as in "Routing: 021000021, Account: 12345678". A label owns the
// first number after it, if that number comes within a short gap and before the next label; a
// label heading a table column owns the numbers below it (see table-columns.ts).

export type BankLabelKind = 'other' | 'account' | 'routing' | 'wire' | 'plain-account';

const findLabels = labelFinder<BankLabelKind>([
  // Other things about an account: they only end the reach of the label before them.
  ['other', [
    'account id', 'account name', 'account holder', 'account type', 'account balance', 'account manager', 'acct id',
    // Cloud accounts are 12-digit ids of a provider, not bank accounts.
    'aws account', 'aws account id', 'gcp account', 'azure account', 'cloud account',
  ]],
  ['account', [
    'account number', 'account no', 'account num', 'account nbr', 'account #', 'acct', 'bank account',
    'checking account', 'savings account', 'deposit account', 'beneficiary account', 'chequing account',
    'current account', 'checking number', 'checking no', 'checking #', 'savings number', 'savings no', 'savings #',
  ]],
  ['routing', ['routing', 'aba', 'rtn', 'transit number', 'routing transit', 'r/t']],
  ['wire', ['wire', 'ach', 'fedwire']],
  // "Account" alone, or "A/C" (also air conditioning): a bank number only among bank words.
  ['plain-account', ['account', 'a/c']],
]);

/**
 * Account labels in Japanese and Korean, which the word-start table above (Latin letters) does not
 * see: 口座番号 / 口座 (account number / account, with 銀行口座, 預金口座 and 振込先 "pay to"), and
 * 계좌번호 / 계좌 (account number / account). CJK has no word edges to check.
 */
const CJK_ACCOUNT = /口座番号|銀行口座|預金口座|口座|振込先|계좌번호|계좌/g;
const HAS_CJK = /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/;

function allLabels(text: string, shared: ScanText): Label<BankLabelKind>[] {
  const labels = findLabels(text, shared);
  if (!HAS_CJK.test(text)) return labels;
  for (const m of text.matchAll(CJK_ACCOUNT)) labels.push({ kind: 'account', start: m.index, end: m.index + m[0].length });
  return labels.sort((a, b) => a.start - b.start);
}

/** Words around a value that say a plain "account" label is about a bank. */
export const BANK_WORDS = cueRegex([
  'bank', 'banking', 'routing', 'aba', 'wire', 'ach', 'iban', 'swift', 'bic', 'sort code', 'deposit', 'direct deposit',
  'transfer', 'beneficiary', 'payee', 'checking', 'savings', 'branch', 'remit', 'remittance', 'payout',
  // What banks say of a payment drawn on an account: returned unpaid, refused for insufficient funds.
  'unpaid', 'insufficient funds', 'nsf', 'overdraft', 'overdrawn', 'direct debit', 'standing order', 'cheque',
]);
export const BANK_WORDS_WINDOW = 80;

const MAX_GAP = 30;
/**
 * A sentence end or a blank line between label and number: the number is not the label's. The
 * full stop of an abbreviation ("Acct. No. 123") ends no sentence.
 */
const GAP_STOP = /(?<!\b(?:no|nr|num|nbr))[.!?]\s|\n[^\S\n]*\n/i;
const ABBREVIATED = /(?:acct|no|nr|num|nbr)$/i;
// Words that may stand between a label and its number ("routing number (ABA) of our bank is").
// Any other word means the number is something else: "routing table entry 1", "account
// balance 1200", "account ending in 1234".
const GAP_WORDS = new Set([
  'number', 'numbers', 'no', 'nr', 'num', 'nbr', 'is', 'are', 'was', 'code', 'of', 'the', 'a', 'for', 'our', 'your',
  'my', 'his', 'her', 'their', 'its', 'this', 'on', 'file', 'bank', 'transit', 'aba', 'rtn', 'routing', 'ach', 'wire',
  'domestic', 'us', 'usa', 'checking', 'savings', 'and', 'please', 'use',
  // A label that changed: "routing number changed to 021000021", "account is now 12345678".
  'changed', 'updated', 'now', 'new', 'to',
]);
const WORD = /[A-Za-z]+/g;
/** Just before the number: an amount, a masked number or a phone number. */
const AMOUNT_OR_MASK = /[$€£¥*•+]\s*$/;

function onlyGapWords(text: string): boolean {
  for (const [word] of text.matchAll(WORD)) if (!GAP_WORDS.has(word.toLowerCase())) return false;
  return true;
}

function gapAllowed(label: string, gap: string): boolean {
  if (GAP_STOP.test(ABBREVIATED.test(label) ? gap.replace(/^\./, '') : gap) || AMOUNT_OR_MASK.test(gap)) return false;
  return onlyGapWords(gap);
}

/** A column header holds its label and filler only: "routing_number", "Bank Account #". */
function headerCell(text: string, cell: Span, label: Label<BankLabelKind>): boolean {
  const rest = `${text.slice(cell.start, label.start)} ${text.slice(label.end, cell.end)}`;
  return label.kind !== 'other' && !/\d/.test(rest) && onlyGapWords(rest);
}

/** A table cell that is one number, digit groups joined by single dashes. */
const NUMBER_CELL = /^\d+(?:-\d+)*$/;

export interface LabelledNumber {
  label: Label<BankLabelKind>;
  start: number;
  end: number;
  /** The number without its dashes. */
  digits: string;
}

/**
 * A short aside in brackets between label and number: "Routing Transit No. (9 digits):", "(ABA)". One
 * holding a number of its own ("account (ending 1234)") is not skipped: its number is what the label owns.
 */
const ASIDE = /\((?![^()\n]*\d{3})[^()\n]{1,20}\)/y;

function numberAfter(text: string, label: Label<BankLabelKind>, limit: number): LabelledNumber | null {
  let start = label.end;
  // The gap as written, an aside read as one space: sliced in pieces rather than built a character at a time.
  let gap = '';
  let from = start;
  while (start < limit && !isDigitCode(text.charCodeAt(start))) {
    ASIDE.lastIndex = start;
    if (text.charCodeAt(start) === 40 /* ( */ && ASIDE.test(text)) {
      gap += `${text.slice(from, start)} `;
      start = from = ASIDE.lastIndex;
    } else {
      start++;
    }
  }
  if (start >= limit) return null;
  gap += text.slice(from, start);
  if (!gapAllowed(text.slice(label.start, label.end), gap)) return null;
  let end = start;
  while (isDigitCode(text.charCodeAt(end)) || (text.charAt(end) === '-' && isDigitCode(text.charCodeAt(end + 1)))) end++;
  // A decimal, a thousands group, a date or a word glued on: not an account number.
  if (!standsAlone(text, start, end, '.,/')) return null;
  const value = text.slice(start, end);
  return { label, start, end, digits: value.replaceAll('-', '') };
}

/** The bank labels of the text, in text order (once per scan). */
export function bankLabels(text: string, shared = new ScanText(text)): Label<BankLabelKind>[] {
  return shared.once(allLabels);
}

/** For each bank label in the text, the numbers it owns, in text order. */
export function labelledNumbers(text: string, shared = new ScanText(text)): LabelledNumber[] {
  const labels = bankLabels(text, shared);
  const columns = columnCells(text, labels, headerCell);
  const headers = new Set(columns.map((cell) => cell.label));
  const numbers: LabelledNumber[] = [];
  labels.forEach((label, i) => {
    if (label.kind === 'other' || headers.has(label)) return;
    const limit = Math.min(text.length, label.end + MAX_GAP, labels[i + 1]?.start ?? Infinity);
    const number = numberAfter(text, label, limit);
    if (number) numbers.push(number);
  });
  for (const { label, start, end } of columns) {
    const value = text.slice(start, end);
    if (NUMBER_CELL.test(value)) numbers.push({ label, start, end, digits: value.replaceAll('-', '') });
  }
  numbers.sort((a, b) => a.start - b.start);
  return numbers.filter((n, i) => n.start !== numbers[i - 1]?.start);
}
