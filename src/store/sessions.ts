// Dashboard sessions (DESIGN §3 item 1). The cookie carries a random session id; Redis keeps only its
// SHA-256 under `<prefix>session:<hash>`, expiring with the session, so signing out ends the session
// on every replica at once and a copy of Redis holds nothing that could be replayed as a cookie.
// The value says who signed in: `1` for the admin token (it acts as owner), or the user, the role
// and the user's session version at sign-in (docs/users-and-roles.md).
// Failed sign-ins are counted per client address and per email in Redis too (src/store/failure-throttle.ts).
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { withRedis } from './errors.js';
import { FailureThrottle } from './failure-throttle.js';

/** The secret @fastify/cookie signs the session cookie with: bound to its purpose, never the master key itself. */
export function sessionCookieSecret(masterKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, 'preflight', 'session-cookie', 32));
}

/** A session's name everywhere but its cookie: Redis keys, and the change log's record of who acted. */
export const sessionHash = (id: string) => createHash('sha256').update(id).digest('hex');

/** Who a session is: the admin token's holder, or a dashboard user as they were at sign-in. */
export type SessionSubject = { kind: 'admin' } | { kind: 'user'; user_id: string; role: string; version: number };

const ADMIN_VALUE = '1';

function parseSubject(value: string): SessionSubject | null {
  if (value === ADMIN_VALUE) return { kind: 'admin' };
  try {
    const parsed = JSON.parse(value) as { user_id?: unknown; role?: unknown; version?: unknown };
    if (typeof parsed.user_id !== 'string' || typeof parsed.role !== 'string' || typeof parsed.version !== 'number') return null;
    return { kind: 'user', user_id: parsed.user_id, role: parsed.role, version: parsed.version };
  } catch {
    return null;
  }
}

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
  async create(subject: SessionSubject = { kind: 'admin' }, now = Date.now()): Promise<{ id: string; expiresAt: Date }> {
    const id = randomBytes(32).toString('base64url');
    const value = subject.kind === 'admin' ? ADMIN_VALUE : JSON.stringify({ user_id: subject.user_id, role: subject.role, version: subject.version });
    await withRedis(() => this.redis.set(this.key(id), value, 'PX', this.ttlMs));
    return { id, expiresAt: new Date(now + this.ttlMs) };
  }

  /** The live session's subject, or null when it has ended (or was never started). */
  async find(id: string): Promise<SessionSubject | null> {
    const value = await withRedis(() => this.redis.get(this.key(id)));
    return value === null ? null : parseSubject(value);
  }

  /** When the live session ends, or null when it has ended. */
  async expiresAt(id: string, now = Date.now()): Promise<Date | null> {
    const ttlMs = await withRedis(() => this.redis.pttl(this.key(id)));
    return ttlMs > 0 ? new Date(now + ttlMs) : null;
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

/**
 * Failed sign-ins per email, wherever they come from: a guesser spread over many addresses still
 * gets 5 tries per account per 15 minutes. Counted under the email's SHA-256, so Redis keys hold no
 * address book.
 */
const MAX_FAILED_PER_EMAIL = 5;

export function emailSignInThrottle(redis: Redis, prefix: string): FailureThrottle {
  return new FailureThrottle(redis, `${prefix}sign-in-email-failures:`, MAX_FAILED_PER_EMAIL, FAILED_SIGN_IN_WINDOW_MS);
}

/** What the email throttle counts an email as. */
export const emailScope = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');

/**
 * The CSRF token of a session (docs/users-and-roles.md, "CSRF"): an HMAC of the session id under a
 * key derived from the master key. It is bound to the session, needs no storage, is the same on
 * every replica, and dies with the session; knowing it never reveals the id.
 */
export function csrfTokenFor(masterKey: string): (sessionId: string) => string {
  const key = Buffer.from(hkdfSync('sha256', masterKey, 'preflight', 'csrf-token', 32));
  return (sessionId) => createHmac('sha256', key).update(sessionId).digest('base64url');
}
