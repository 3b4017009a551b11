// Stored files are encrypted (docs/files.md, "At rest"): AES-256-GCM under a fresh random key per
// file, so the pages a database engine leaves behind (SQLite WAL and free pages, a journal) hold only
// ciphertext, and once the key is gone nothing can read them. Layout: nonce ‖ ciphertext ‖ tag; the
// file's id is authenticated with it, so one file's bytes cannot be passed off as another's.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, type DecipherGCM } from 'node:crypto';
import { Transform } from 'node:stream';
import { SealBrokenError } from './errors.js';

const ALGORITHM = 'aes-256-gcm';
const FILE_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** What sealing adds to a file's length. */
export const SEAL_OVERHEAD = NONCE_BYTES + TAG_BYTES;

export const newFileKey = (): Buffer => randomBytes(FILE_KEY_BYTES);

/** The key that wraps the keys of files kept for a while (masked files), derived from SERVICE_MASTER_KEY. */
export const fileKeyWrapping = (masterKey: string): Buffer => Buffer.from(hkdfSync('sha256', masterKey, 'preflight', 'file-key-wrapping', FILE_KEY_BYTES));

/** A file's key sealed under the wrapping key, bound to the file's id, for its file's metadata. */
export function wrapKey(wrapping: Buffer, key: Buffer, id: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, wrapping, nonce).setAAD(Buffer.from(id));
  return Buffer.concat([nonce, cipher.update(key), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

export function unwrapKey(wrapping: Buffer, wrapped: string, id: string): Promise<Buffer> {
  const sealed = Buffer.from(wrapped, 'base64');
  return unseal(wrapping, id, sealed.length, [sealed]);
}

/** Encrypts a stream as it passes: memory stays one chunk, whatever the file's size. */
export function sealing(key: Buffer, id: string): Transform {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, nonce).setAAD(Buffer.from(id));
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const body = cipher.update(chunk);
      if (started) return done(null, body);
      started = true;
      done(null, Buffer.concat([nonce, body]));
    },
    flush(done) {
      const tail = cipher.final();
      done(null, Buffer.concat([started ? Buffer.alloc(0) : nonce, tail, cipher.getAuthTag()]));
    },
  });
}

/**
 * Decrypts a sealed file of `length` bytes read as chunks. Nothing is returned before the tag is
 * verified: a wrong key, or one bit changed anywhere, is a SealBrokenError and no plaintext at all.
 */
export async function unseal(key: Buffer, id: string, length: number, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<Buffer> {
  if (key.length !== FILE_KEY_BYTES || length < SEAL_OVERHEAD) throw new SealBrokenError(id);
  const head: Buffer[] = [];
  const tag: Buffer[] = [];
  const plain: Buffer[] = [];
  let decipher: DecipherGCM | null = null;
  let offset = 0;
  for await (const chunk of chunks) {
    const start = offset;
    offset += chunk.length;
    // Each byte is the nonce, the body or the tag, by its offset in the file.
    const nonceEnd = Math.max(0, Math.min(chunk.length, NONCE_BYTES - start));
    const bodyEnd = Math.max(nonceEnd, Math.min(chunk.length, length - TAG_BYTES - start));
    if (nonceEnd > 0) head.push(chunk.subarray(0, nonceEnd));
    if (bodyEnd > nonceEnd) {
      decipher ??= createDecipheriv(ALGORITHM, key, Buffer.concat(head)).setAAD(Buffer.from(id));
      plain.push(decipher.update(chunk.subarray(nonceEnd, bodyEnd)));
    }
    if (chunk.length > bodyEnd) tag.push(chunk.subarray(bodyEnd));
  }
  if (offset !== length) throw new SealBrokenError(id);
  decipher ??= createDecipheriv(ALGORITHM, key, Buffer.concat(head)).setAAD(Buffer.from(id));
  try {
    decipher.setAuthTag(Buffer.concat(tag));
    plain.push(decipher.final());
  } catch {
    throw new SealBrokenError(id);
  }
  return Buffer.concat(plain);
}
