// Raw keys are shown once to their owner and then kept two ways: a SHA-256 hash for lookup and an
// AES-256-GCM ciphertext under SERVICE_MASTER_KEY so the dashboard can show them again.
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export const KEY_PREFIXES = { policy: 'svc_sk_', license: 'svc_lic_', partner: 'svc_cpk_' } as const;
export type KeyKind = keyof typeof KEY_PREFIXES;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 random bytes need 43 base62 digits. */
const BODY_LENGTH = 43;

function base62(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(BODY_LENGTH, '0');
}

export function generateKey(kind: KeyKind): string {
  return KEY_PREFIXES[kind] + base62(randomBytes(32));
}

const FORMATS: Record<KeyKind, RegExp> = {
  policy: new RegExp(`^${KEY_PREFIXES.policy}[0-9A-Za-z]{${BODY_LENGTH}}$`),
  license: new RegExp(`^${KEY_PREFIXES.license}[0-9A-Za-z]{${BODY_LENGTH}}$`),
  partner: new RegExp(`^${KEY_PREFIXES.partner}[0-9A-Za-z]{${BODY_LENGTH}}$`),
};

export function isWellFormedKey(kind: KeyKind, raw: string): boolean {
  return FORMATS[kind].test(raw);
}

export function hashKey(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

const MAX_CACHED_ORG_KEYS = 10_000;

/** Encrypts and decrypts stored keys; derives purpose-bound subkeys from the master key. */
export class KeyVault {
  private readonly encryptionKey: Buffer;
  private readonly maskingKey: string;
  private readonly orgMaskingKeys = new Map<string, string>();

  constructor(masterKey: string) {
    this.encryptionKey = Buffer.from(hkdfSync('sha256', masterKey, 'preflight', 'api-key-encryption', 32));
    this.maskingKey = Buffer.from(hkdfSync('sha256', masterKey, 'preflight', 'mask-hash', 32)).toString('base64');
  }

  /** Hash-style masks are keyed per organization, so equal values do not correlate across orgs. */
  maskingKeyFor(orgId: string): string {
    let key = this.orgMaskingKeys.get(orgId);
    if (key === undefined) {
      // Derived on every check it cost as much as a tenth of the engine; organizations are few.
      if (this.orgMaskingKeys.size >= MAX_CACHED_ORG_KEYS) this.orgMaskingKeys.clear();
      key = createHmac('sha256', this.maskingKey).update(orgId).digest('base64');
      this.orgMaskingKeys.set(orgId, key);
    }
    return key;
  }

  encrypt(raw: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const body = Buffer.concat([cipher.update(raw, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64')).join('.');
  }

  decrypt(stored: string): string {
    const [iv, tag, body] = stored.split('.').map((p) => Buffer.from(p, 'base64'));
    if (!iv || !tag || !body) throw new Error('stored key ciphertext is malformed');
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }

  /** A new key of a kind with what is stored for it. */
  mint(kind: KeyKind): { raw: string; hash: string; encrypted: string } {
    const raw = generateKey(kind);
    return { raw, hash: hashKey(raw), encrypted: this.encrypt(raw) };
  }
}
