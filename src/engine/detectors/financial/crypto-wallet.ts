import { ScanText } from '../../scan-text.js';
import { hasCueNear } from '../../text.js';
import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { legacyAddressValid, segwitAddressValid } from './bitcoin.js';
import { cueRegex, NEGATIVE, NEGATIVE_WINDOW } from './cues.js';
import { eip55Checksummed, eip55Valid } from './ethereum.js';

const CRYPTO_WALLET: DetectorType = { type: 'CRYPTO_WALLET', category: 'FINANCIAL' };

// Each shape is a whole token; the checksum decides. Bitcoin checksums are 32 bits (legacy) or
// 30 bits (bech32), so a valid one is an address without any context.
const LEGACY = /(?<![A-Za-z0-9])[13][1-9A-HJ-NP-Za-km-z]{25,34}(?![A-Za-z0-9])/g;
const SEGWIT = /(?<![A-Za-z0-9])(?:bc1|BC1)[02-9ac-hj-np-zAC-HJ-NP-Z]{6,87}(?![A-Za-z0-9])/g;
// `0x` and 40 hex digits is also a hash, key or id in code. Only mixed case carries a checksum
// (EIP-55); a one-case value is an address only near wallet words, and never near hash words.
const ETHEREUM = /(?<![A-Za-z0-9])0x[0-9a-fA-F]{40}(?![A-Za-z0-9])/g;

const WALLET_CUE = cueRegex([
  'bitcoin', 'btc', 'wallet', 'address', 'addr', 'send', 'sent', 'receive', 'deposit', 'withdraw', 'withdrawal',
  'pay', 'payment', 'transfer', 'crypto', 'eth', 'ethereum', 'ether', 'erc20', 'usdt', 'usdc', 'metamask', 'donate',
]);
const HASH_CUE = cueRegex([
  'hash', 'tx', 'txid', 'txn', 'transaction', 'commit', 'sha', 'sha1', 'digest', 'checksum', 'keccak', 'topic',
  'blockhash', 'signature', 'salt', 'nonce', 'id',
]);
const CUE_WINDOW = 50;

function checksummedConfidence(text: string, start: number, end: number): number {
  if (hasCueNear(text, start, end, NEGATIVE, NEGATIVE_WINDOW)) return 0.45;
  return hasCueNear(text, start, end, WALLET_CUE, CUE_WINDOW) ? 0.97 : 0.9;
}

/** A one-case Ethereum address: context alone speaks for it. */
function uncheckedConfidence(text: string, start: number, end: number): number {
  if (hasCueNear(text, start, end, NEGATIVE, NEGATIVE_WINDOW)) return 0.3;
  if (hasCueNear(text, start, end, HASH_CUE, CUE_WINDOW)) return 0.3;
  return hasCueNear(text, start, end, WALLET_CUE, CUE_WINDOW) ? 0.75 : 0.4;
}

function add(found: Finding[], text: string, start: number, end: number, confidence: number): void {
  found.push(makeFinding(CRYPTO_WALLET, text, start, end, confidence));
}

function bitcoin(text: string, regex: RegExp, valid: (value: string) => boolean, found: Finding[]): void {
  for (const m of text.matchAll(regex)) {
    const end = m.index + m[0].length;
    if (valid(m[0])) add(found, text, m.index, end, checksummedConfidence(text, m.index, end));
  }
}

function ethereum(text: string, found: Finding[]): void {
  for (const m of text.matchAll(ETHEREUM)) {
    const end = m.index + m[0].length;
    const hex = m[0].slice(2);
    if (!eip55Checksummed(hex)) add(found, text, m.index, end, uncheckedConfidence(text, m.index, end));
    else if (eip55Valid(hex)) add(found, text, m.index, end, checksummedConfidence(text, m.index, end));
  }
}

export const cryptoWallet: Detector = {
  ...CRYPTO_WALLET,
  find(text, _earlier, shared = new ScanText(text)) {
    const found: Finding[] = [];
    // Each shape is looked for only where the text has a run of characters long enough for it.
    const { alnumRun, hexRun } = shared.facts;
    if (alnumRun >= 26) bitcoin(text, LEGACY, legacyAddressValid, found);
    if (text.includes('bc1') || text.includes('BC1')) bitcoin(text, SEGWIT, segwitAddressValid, found);
    if (hexRun >= 40) ethereum(text, found);
    return found;
  },
};
