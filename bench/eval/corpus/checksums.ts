// Check digits and validators for the labelled values, written from the public specifications
// (ISO 13616 IBAN, ABA, CMS NPI/MBI, DEA, SSA, BIP-173/350, EIP-55). The generator uses the
// check-digit functions to make valid values; the validators let tests and near-miss generators
// prove a value is (or is not) valid.
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

const digitAt = (s: string, i: number): number => s.charCodeAt(i) - 48;

/** The digit that makes `body + digit` pass the Luhn check. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = body.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digitAt(body, i);
    if (double && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function luhnValid(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1);
}

/** The number a letter-and-digit string stands for in ISO 7064 mod 97-10 (A=10 ... Z=35), reduced mod 97. */
function mod97(s: string): number {
  let rest = 0;
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    const n = code >= 65 ? String(code - 55) : ch;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - mod97(bban + country + '00')).padStart(2, '0');
}

export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/ /g, '');
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

const ABA_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

export function abaCheckDigit(first8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += digitAt(first8, i) * (ABA_WEIGHTS[i] ?? 0);
  return String((10 - (sum % 10)) % 10);
}

/** Checksum and a Federal Reserve prefix (00-12 banks, 21-32 thrifts, 61-72 electronic, 80 traveller's cheques). */
export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 2));
  const prefixOk = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  return prefixOk && abaCheckDigit(digits) === digits[8];
}

/** NPI: Luhn over the number prefixed with 80840 (the health-industry card issuer prefix). */
export function npiCheckDigit(first9: string): string {
  return luhnCheckDigit('80840' + first9);
}

export function npiValid(digits: string): boolean {
  return /^[12]\d{9}$/.test(digits) && npiCheckDigit(digits.slice(0, 9)) === digits[9];
}

/** DEA: (d1+d3+d5) + 2*(d2+d4+d6), last digit = d7. */
export function deaCheckDigit(first6: string): string {
  const odd = digitAt(first6, 0) + digitAt(first6, 2) + digitAt(first6, 4);
  const even = digitAt(first6, 1) + digitAt(first6, 3) + digitAt(first6, 5);
  return String((odd + 2 * even) % 10);
}

export const DEA_REGISTRANT_LETTERS = 'ABCDEFGHJKLMPRSTUX';

export function deaValid(s: string): boolean {
  if (!/^[A-Z][A-Z9]\d{7}$/.test(s) || !DEA_REGISTRANT_LETTERS.includes(s[0] ?? '')) return false;
  return deaCheckDigit(s.slice(2, 8)) === s[8];
}

/** SSA rules since 2011: area not 000, 666 or 9xx; group not 00; serial not 0000. */
export function ssnValid(s: string): boolean {
  const m = /^(\d{3})[- ]?(\d{2})[- ]?(\d{4})$/.exec(s);
  if (!m) return false;
  const [, area = '', group = '', serial = ''] = m;
  return area !== '000' && area !== '666' && area[0] !== '9' && group !== '00' && serial !== '0000';
}

/** Letters a Medicare Beneficiary Identifier may use: no S, L, O, I, B or Z. */
export const MBI_LETTERS = 'ACDEFGHJKMNPQRTUVWXY';
const MBI_SHAPE = ['C', 'A', 'AN', 'N', 'A', 'AN', 'N', 'A', 'A', 'N', 'N'] as const;

export function mbiValid(s: string): boolean {
  const compact = s.replace(/-/g, '');
  if (compact.length !== 11) return false;
  return MBI_SHAPE.every((kind, i) => {
    const ch = compact[i] ?? '';
    const digit = /\d/.test(ch);
    const letter = MBI_LETTERS.includes(ch);
    if (kind === 'C') return digit && ch !== '0';
    if (kind === 'N') return digit;
    if (kind === 'A') return letter;
    return digit || letter;
  });
}

export const MBI_POSITIONS = MBI_SHAPE;

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

function unbase58(s: string): Uint8Array | null {
  let n = 0n;
  for (const ch of s) {
    const v = B58.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const ch of s) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

const doubleSha = (b: Uint8Array): Uint8Array => sha256(sha256(b));

export function base58check(version: number, payload: Uint8Array): string {
  const body = Uint8Array.from([version, ...payload]);
  return base58(Uint8Array.from([...body, ...doubleSha(body).slice(0, 4)]));
}

export function base58checkValid(s: string): boolean {
  const raw = unbase58(s);
  if (!raw || raw.length < 5) return false;
  const body = raw.slice(0, -4);
  const sum = doubleSha(body);
  return raw.slice(-4).every((b, i) => b === sum[i]);
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ (BECH32_GEN[i] ?? 0)) >>> 0;
  }
  return chk;
}

const hrpExpand = (hrp: string): number[] => [
  ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
  0,
  ...[...hrp].map((c) => c.charCodeAt(0) & 31),
];

function toFiveBits(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push((acc >> bits) & 31);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out.push((acc << (5 - bits)) & 31);
  return out;
}

/** A segwit address: bech32 for witness version 0, bech32m for version 1 and later (BIP-350). */
export function segwitAddress(hrp: string, version: number, program: Uint8Array): string {
  const data = [version, ...toFiveBits(program)];
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ (version === 0 ? BECH32_CONST : BECH32M_CONST);
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return hrp + '1' + [...data, ...checksum].map((v) => BECH32_CHARSET[v]).join('');
}

/** True when the checksum holds with the constant its witness version calls for. */
export function segwitValid(address: string): boolean {
  const s = address.toLowerCase();
  const sep = s.lastIndexOf('1');
  if (sep < 1 || s.length - sep < 8) return false;
  const data = [...s.slice(sep + 1)].map((c) => BECH32_CHARSET.indexOf(c));
  if (data.some((v) => v < 0)) return false;
  const constant = data[0] === 0 ? BECH32_CONST : BECH32M_CONST;
  return polymod([...hrpExpand(s.slice(0, sep)), ...data]) === constant;
}

/** EIP-55 mixed-case checksum of a 40-hex-digit address (without 0x). */
export function eip55(hexLower: string): string {
  const hash = keccak_256(new TextEncoder().encode(hexLower));
  let out = '';
  for (let i = 0; i < hexLower.length; i++) {
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 15;
    const ch = hexLower[i] ?? '';
    out += nibble >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

export function eip55Valid(address: string): boolean {
  const hex = address.replace(/^0x/, '');
  return /^[0-9a-fA-F]{40}$/.test(hex) && eip55(hex.toLowerCase()) === hex;
}

let crcTable: Uint32Array | undefined;

export function crc32(s: string): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < s.length; i++) crc = (crcTable[(crc ^ s.charCodeAt(i)) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** GitHub's token checksum: CRC32 of the random part, in base62, left-padded to 6 characters. */
export function githubChecksum(random: string): string {
  let n = crc32(random);
  let out = '';
  while (n > 0) {
    out = BASE62_ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out.padStart(6, '0');
}

export function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += digitAt(first12, i) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}
