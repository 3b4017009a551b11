// Builders of valid and invalid identifiers for the PHI tests, computed independently of the
// detectors so a wrong checksum in one does not hide in the other.
import { scan } from '../../../../src/engine/index.js';
import { prng } from '../../helpers.js';

/** The NPI whose first 9 digits are given: Luhn over 80840 + the digits, check digit appended. */
export function npiWith(first9: string): string {
  const body = `80840${first9}`;
  let sum = 0;
  for (let i = body.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(body[i]);
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return first9 + String((10 - (sum % 10)) % 10);
}

/** The DEA number with this two-letter prefix and these first 6 digits. */
export function deaWith(letters: string, first6: string): string {
  const d = [...first6].map(Number);
  const check = ((d[0] ?? 0) + (d[2] ?? 0) + (d[4] ?? 0) + 2 * ((d[1] ?? 0) + (d[3] ?? 0) + (d[5] ?? 0))) % 10;
  return letters + first6 + String(check);
}

/** The same value with its last digit changed: fails any single-digit checksum. */
export function withWrongLastDigit(value: string): string {
  const last = Number(value.slice(-1));
  return value.slice(0, -1) + String((last + 1) % 10);
}

/** `count` random digit strings of `length`, the first digit drawn from `first`. */
export function randomDigits(seed: number, count: number, length: number, first = '123456789'): string[] {
  const next = prng(seed);
  return Array.from({ length: count }, () => {
    let s = first.charAt(Math.floor(next() * first.length));
    while (s.length < length) s += String(Math.floor(next() * 10));
    return s;
  });
}

/** Findings of one type with their confidence, whatever the minimum confidence. */
export function scored(text: string, type: string): { value: string; confidence: number }[] {
  return scan(text, { minConfidence: 0.01 })
    .filter((f) => f.type === type)
    .map(({ value, confidence }) => ({ value, confidence }));
}

export const MIB = 1 << 20;
export const fill = (unit: string): string => unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
