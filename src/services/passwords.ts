// Password hashing with Node's built-in scrypt (docs/users-and-roles.md, "Passwords"): a memory-hard
// KDF from the runtime itself, so no native package to build or keep patched. Each hash carries its
// own parameters and a random 16-byte salt; verification re-derives and compares in constant time.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N = 2^15, r = 8, p = 1: 32 MiB and ~100 ms per hash on this class of machine (OWASP's scrypt floor is N = 2^17 at r = 8 with less memory per hash elsewhere). */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; maxmem leaves room above it.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$<salt b64url>$<key b64url>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let decoy: Promise<string> | undefined;
/** A hash of nothing anyone knows: an unknown email is checked against it, so it costs the same time as a known one. */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(32).toString('base64url'));
  return decoy;
}

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** Rules beyond length (which the schema states): a detail for a 422, or null when the password is acceptable. */
export function passwordProblem(password: string, email: string): string | null {
  const name = email.toLowerCase().split('@')[0] ?? '';
  if (name.length >= 4 && password.toLowerCase().includes(name)) return 'password must not contain the name of the email address';
  if (new Set(password).size < 5) return 'password must use at least 5 different characters';
  return null;
}
