// Check digits and validators for the second held-out corpus, written from the published rules
// (ISO 7812 Luhn, ISO 13616 IBAN, ABA, CMS NPI and MBI, DEA, SSA, EIP-55, Base58Check, BIP-173/350,
// GitHub's token checksum). Independent of bench/eval/corpus/checksums.ts on purpose: a shared bug
// would make both corpora agree with each other and not with the world.
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { keccak_256 } from '@noble/hashes/sha3.js';

const onlyDigits = (s: string) => s.replace(/\D/g, '');

/** Luhn sum of a digit string; valid when it is 0 mod 10. */
function luhnSum(d: string): number {
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = d.charCodeAt(d.length - 1 - i) - 48;
    if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return sum;
}

export const luhnOk = (s: string): boolean => /^\d+$/.test(onlyDigits(s)) && luhnSum(onlyDigits(s)) % 10 === 0;

/** The digit that makes `body + digit` pass Luhn. */
export const luhnDigit = (body: string): string => String((10 - (luhnSum(body + '0') % 10)) % 10);

/** ISO 13616: move the first four characters to the end, letters to 10..35, the number mod 97 is 1. */
function mod97(s: string): number {
  let r = 0;
  for (const ch of s) {
    const code = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const c of code) r = (r * 10 + (c.charCodeAt(0) - 48)) % 97;
  }
  return r;
}

export const ibanOk = (s: string): boolean => {
  const c = s.replace(/\s/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(c) && mod97(c.slice(4) + c.slice(0, 4)) === 1;
};

/** The two check digits of an IBAN with this country and BBAN. */
export const ibanCheck = (country: string, bban: string): string => String(98 - mod97(bban + country + '00')).padStart(2, '0');

/** ABA routing numbers: weights 3, 7, 1 over the nine digits sum to 0 mod 10. */
export const abaOk = (s: string): boolean => {
  if (!/^\d{9}$/.test(s)) return false;
  const w = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (s.charCodeAt(i) - 48) * (w[i % 3] as number);
  return sum % 10 === 0;
};

export const abaDigit = (eight: string): string => {
  const w = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (eight.charCodeAt(i) - 48) * (w[i % 3] as number);
  return String((10 - (sum % 10)) % 10);
};

/** CMS: an NPI is Luhn-valid once the card-issuer prefix 80840 is put in front of it. */
export const npiOk = (s: string): boolean => /^[12]\d{9}$/.test(s) && luhnOk('80840' + s);
export const npiDigit = (nine: string): string => luhnDigit('80840' + nine);

/** DEA: (d1 + d3 + d5) + 2 × (d2 + d4 + d6), last digit of that is d7. */
export const deaDigit = (six: string): string => {
  const n = [...six].map((c) => c.charCodeAt(0) - 48) as [number, number, number, number, number, number];
  return String((n[0] + n[2] + n[4] + 2 * (n[1] + n[3] + n[5])) % 10);
};
export const deaOk = (s: string): boolean => /^[A-Z][A-Z9]\d{7}$/.test(s) && deaDigit(s.slice(2, 8)) === s[8];

/** SSA rules since 2011: no area 000, 666 or 900-999, no group 00, no serial 0000. */
export const ssnOk = (s: string): boolean => {
  const d = onlyDigits(s);
  if (d.length !== 9) return false;
  const area = Number(d.slice(0, 3));
  return area !== 0 && area !== 666 && area < 900 && d.slice(3, 5) !== '00' && d.slice(5) !== '0000';
};

/** CMS MBI: C A AN N A AN N A A N N, letters without S L O I B Z. */
const MBI_A = 'ACDEFGHJKMNPQRTUVWXY';
export const MBI_LETTERS = MBI_A;
export const mbiOk = (s: string): boolean => {
  const c = s.replace(/-/g, '');
  const a = `[${MBI_A}]`;
  const an = `[${MBI_A}0-9]`;
  return new RegExp(`^[1-9]${a}${an}[0-9]${a}${an}[0-9]${a}${a}[0-9][0-9]$`).test(c);
};

/** EIP-55: a hex letter is upper case when the matching nibble of keccak256(lower-case address) is ≥ 8. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  let out = '';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i] as string, 16) >= 8 ? (lower[i] as string).toUpperCase() : (lower[i] as string);
  return '0x' + out;
}
export const eip55Ok = (s: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(s) && eip55(s.slice(2)) === s;

const sha256 = (b: Uint8Array): Buffer => createHash('sha256').update(b).digest();
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58Check: payload followed by the first four bytes of its double SHA-256. */
export function base58check(payload: Uint8Array): string {
  const full = Buffer.concat([Buffer.from(payload), sha256(sha256(payload)).subarray(0, 4)]);
  let n = BigInt('0x' + full.toString('hex'));
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of full) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

export function base58checkOk(s: string): boolean {
  let n = 0n;
  for (const ch of s) {
    const i = B58.indexOf(ch);
    if (i < 0) return false;
    n = n * 58n + BigInt(i);
  }
  let hex = n.toString(16);
  if (hex.length % 2) hex = '0' + hex;
  const zeros = s.length - s.replace(/^1+/, '').length;
  const bytes = Buffer.concat([Buffer.alloc(zeros), Buffer.from(hex, 'hex')]);
  if (bytes.length < 5) return false;
  const body = bytes.subarray(0, -4);
  return sha256(sha256(body)).subarray(0, 4).equals(bytes.subarray(-4));
}

// BIP-173 (bech32, constant 1) and BIP-350 (bech32m, constant 0x2bc830a3).
const B32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32M = 0x2bc830a3;

function polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ (gen[i] as number)) >>> 0;
  }
  return chk;
}

const hrpExpand = (hrp: string): number[] => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

function toWords(bytes: Uint8Array): number[] {
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
  }
  if (bits > 0) out.push((acc << (5 - bits)) & 31);
  return out;
}

/** A segwit address: version 0 uses bech32, version 1 and up bech32m. */
export function segwitAddress(hrp: string, version: number, program: Uint8Array): string {
  const data = [version, ...toWords(program)];
  const constant = version === 0 ? 1 : BECH32M;
  const pm = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  const check = Array.from({ length: 6 }, (_, i) => (pm >>> (5 * (5 - i))) & 31);
  return hrp + '1' + [...data, ...check].map((w) => B32[w]).join('');
}

export function segwitOk(s: string): boolean {
  const lower = s.toLowerCase();
  const at = lower.lastIndexOf('1');
  if (at < 1) return false;
  const hrp = lower.slice(0, at);
  const data = [...lower.slice(at + 1)].map((c) => B32.indexOf(c));
  if (data.length < 7 || data.some((x) => x < 0)) return false;
  const pm = polymod([...hrpExpand(hrp), ...data]);
  return pm === (data[0] === 0 ? 1 : BECH32M);
}

/** GitHub's token checksum: CRC32 of the 30 random characters, base62, left-padded to 6. */
const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function githubChecksum(random: string): string {
  let n = crc32(random) >>> 0;
  let s = '';
  do {
    s = B62[n % 62] + s;
    n = Math.floor(n / 62);
  } while (n > 0);
  return s.padStart(6, '0');
}
export const githubOk = (s: string): boolean => {
  const m = /^gh[pousr]_([0-9A-Za-z]{30})([0-9A-Za-z]{6})$/.exec(s);
  return m !== null && githubChecksum(m[1] as string) === m[2];
};

/** ISBN-13 / EAN-13: weights 1, 3 alternating, sum 0 mod 10. */
export const ean13Digit = (twelve: string): string => {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (twelve.charCodeAt(i) - 48) * (i % 2 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
};
