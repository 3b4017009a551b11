import { scan, type Finding } from '../../../../src/engine/index.js';
import { prng } from '../../helpers.js';

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const BASE64URL = `${BASE62}-_`;
export const HEX = '0123456789abcdef';

/** Deterministic random strings over an alphabet, so failures reproduce. */
export function randomStrings(seed: number): (alphabet: string, length: number) => string {
  const next = prng(seed);
  return (alphabet, length) => Array.from({ length }, () => alphabet.charAt(Math.floor(next() * alphabet.length))).join('');
}

/** The finding of a type in the text, whatever its confidence, or undefined. */
export function findingOf(text: string, type: string): Finding | undefined {
  return scan(text, { minConfidence: 0 }).find((f) => f.type === type);
}

export const MIB = 1 << 20;

/** 1 MiB of a repeated unit. */
export function fill(unit: string): string {
  return unit.repeat(Math.ceil(MIB / unit.length)).slice(0, MIB);
}

/** 1 MiB of base64 noise without separators. */
export function base64Noise(): string {
  return Buffer.from(Array.from({ length: (MIB * 3) / 4 }, (_, i) => (i * 7919) % 256)).toString('base64');
}
