import { keccak_256 } from '@noble/hashes/sha3.js';

// EIP-55: a mixed-case Ethereum address carries a checksum in its letter case. Letter i is
// upper case exactly when nibble i of keccak-256(lower-case hex, as ASCII) is 8 or more.

const ENCODER = new TextEncoder();

/** `hex` is the 40 hex digits after `0x`. All one case carries no checksum: see `eip55Checksummed`. */
export function eip55Valid(hex: string): boolean {
  const hash = keccak_256(ENCODER.encode(hex.toLowerCase()));
  for (let i = 0; i < hex.length; i++) {
    const c = hex.charAt(i);
    if (c.toLowerCase() === c.toUpperCase()) continue; // a digit
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    if ((c === c.toUpperCase()) !== nibble >= 8) return false;
  }
  return true;
}

/** Mixed case: the writer applied EIP-55, so the case is a checksum to verify. */
export function eip55Checksummed(hex: string): boolean {
  return hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
}
