// Dashboard sessions (DESIGN §3 item 1). The cookie carries a random session id; Redis keeps only its
// SHA-256 under `<prefix>session:<hash>`, expiring with the session, so signing out ends the session
// on every replica at once and a copy of Redis holds nothing that could be replayed as a cookie.
// Failed sign-ins are counted per client address in Redis too (src/store/failure-throttle.ts).
import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { withRedis } from './errors.js';
import { FailureThrottle } from './failure-throttle.js';

/** The secret @fastify/cookie signs the session cookie with: bound to its purpose, never the master key itself. */
export function sessionCookieSecret(masterKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, 'preflight', 'session-cookie', 32));
}

/** A session's name everywhere but its cookie: Redis keys, and the change log's record of who acted. */
export const sessionHash = (id: string) => createHash('sha256').update(id).digest('hex');

export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  private key(id: string): string {
    return `${this.prefix}session:${sessionHash(id)}`;
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

/** Failed sign-ins allowed per client address in 15 minutes before every sign-in from it is refused. */
const MAX_FAILED_SIGN_INS = 10;
const FAILED_SIGN_IN_WINDOW_MS = 15 * 60_000;

export function signInThrottle(redis: Redis, prefix: string): FailureThrottle {
  return new FailureThrottle(redis, `${prefix}sign-in-failures:`, MAX_FAILED_SIGN_INS, FAILED_SIGN_IN_WINDOW_MS);
}
