import { createHash } from 'node:crypto';

// Bitcoin address checks: Base58Check for legacy addresses (BIP-13 P2PKH `1…` and P2SH `3…`),
// bech32/bech32m for segwit addresses (BIP-173, BIP-350).

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_VALUES = new Map([...BASE58].map((c, i) => [c, i]));
/** Version bytes of mainnet pay-to-public-key-hash and pay-to-script-hash addresses. */
const LEGACY_VERSIONS = new Set([0x00, 0x05]);

function sha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** Base58 to bytes (big-endian), leading `1`s becoming zero bytes; null on a foreign character. */
function base58Decode(value: string): Uint8Array | null {
  const bytes: number[] = [];
  for (const c of value) {
    let carry = BASE58_VALUES.get(c);
    if (carry === undefined) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += (bytes[i] ?? 0) * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    for (; carry > 0; carry >>= 8) bytes.push(carry & 0xff);
  }
  for (let i = 0; i < value.length && value[i] === '1'; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

/** A 25-byte payload: version, 20-byte hash, first 4 bytes of the double SHA-256 of the rest. */
export function legacyAddressValid(value: string): boolean {
  const bytes = base58Decode(value);
  if (!bytes || bytes.length !== 25 || !LEGACY_VERSIONS.has(bytes[0] ?? -1)) return false;
  const checksum = sha256(sha256(bytes.subarray(0, 21)));
  return checksum.subarray(0, 4).equals(bytes.subarray(21));
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_VALUES = new Map([...BECH32_CHARSET].map((c, i) => [c, i]));
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONSTANT = 1;
const BECH32M_CONSTANT = 0x2bc830a3;

function polymod(values: readonly number[]): number {
  let checksum = 1;
  for (const v of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ v;
    GENERATOR.forEach((g, i) => {
      if ((top >>> i) & 1) checksum ^= g;
    });
  }
  return checksum >>> 0;
}

/** Regroups 5-bit values into bytes; null when the padding is not all zero bits or too long. */
function fiveToEight(values: readonly number[]): number[] | null {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const v of values) {
    acc = (acc << 5) | v;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      bytes.push((acc >>> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  }
  return bits >= 5 || acc !== 0 ? null : bytes;
}

/**
 * A mainnet segwit address (`bc1…`): one letter case, valid checksum (bech32 for witness
 * version 0, bech32m for 1 to 16), and a witness program of the length its version allows.
 */
export function segwitAddressValid(value: string): boolean {
  if (value.length > 90 || (value !== value.toLowerCase() && value !== value.toUpperCase())) return false;
  const lower = value.toLowerCase();
  if (!lower.startsWith('bc1')) return false;
  const data: number[] = [];
  for (const c of lower.slice(3)) {
    const v = BECH32_VALUES.get(c);
    if (v === undefined) return false;
    data.push(v);
  }
  if (data.length < 7) return false;
  // The human-readable part "bc", expanded: high bits of each character, a zero, low bits.
  const constant = polymod([3, 3, 0, 2, 3, ...data]);
  const version = data[0] ?? -1;
  if (constant !== (version === 0 ? BECH32_CONSTANT : BECH32M_CONSTANT)) return false;
  const program = fiveToEight(data.slice(1, -6));
  if (!program || version > 16 || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}
