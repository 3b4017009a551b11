// Dashboard sessions (DESIGN §3 item 1). The cookie carries a random session id; Redis keeps only its
// SHA-256 under `<prefix>session:<hash>`, expiring with the session, so signing out ends the session
// on every replica at once and a copy of Redis holds nothing that could be replayed as a cookie.
// Failed sign-ins are counted per client address in Redis too, so the limit holds across replicas.
import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RedisUnavailableError, withRedis } from './errors.js';

/** The secret @fastify/cookie signs the session cookie with: bound to its purpose, never the master key itself. */
export function sessionCookieSecret(masterKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, 'preflight', 'session-cookie', 32));
}

export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  private key(id: string): string {
    return `${this.prefix}session:${createHash('sha256').update(id).digest('hex')}`;
  }

  /** Starts a session; the id goes into the cookie and nowhere else. */
  async create(now = Date.now()): Promise<{ id: string; expiresAt: Date }> {
    const id = randomBytes(32).toString('base64url');
    await withRedis(() => this.redis.set(this.key(id), '1', 'PX', this.ttlMs));
    return { id, expiresAt: new Date(now + this.ttlMs) };
  }

  async isLive(id: string): Promise<boolean> {
    return (await withRedis(() => this.redis.exists(this.key(id)))) === 1;
  }

  async end(id: string): Promise<void> {
    await withRedis(() => this.redis.del(this.key(id)));
  }
}

/** Failed sign-ins allowed per client address in one window before every sign-in from it is refused. */
const MAX_FAILED_SIGN_INS = 10;
const FAILED_SIGN_IN_WINDOW_MS = 15 * 60_000;

/**
 * Refuses sign-ins from an address with too many recent failures — all of them, the right token
 * included, or the 429 would only hide which guess was wrong. The window starts at the first failure.
 */
export class SignInThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(address: string): string {
    return `${this.prefix}sign-in-failures:${address}`;
  }

  /** Seconds until the address may try again, or null when it may try now. */
  async retryAfterS(address: string): Promise<number | null> {
    const replies = await withRedis(() => this.redis.multi().get(this.key(address)).pttl(this.key(address)).exec());
    const failed = replies?.find(([err]) => err);
    if (!replies || failed) throw new RedisUnavailableError({ cause: failed?.[0] });
    const [failures, ttlMs] = replies.map(([, value]) => value);
    if (Number(failures ?? 0) < MAX_FAILED_SIGN_INS) return null;
    const remaining = typeof ttlMs === 'number' && ttlMs > 0 ? ttlMs : FAILED_SIGN_IN_WINDOW_MS;
    return Math.max(1, Math.ceil(remaining / 1000));
  }

  async recordFailure(address: string): Promise<void> {
    // One transaction, so the counter can never exist without its expiry.
    await withRedis(() => this.redis.multi().set(this.key(address), 0, 'PX', FAILED_SIGN_IN_WINDOW_MS, 'NX').incr(this.key(address)).exec());
  }
}
