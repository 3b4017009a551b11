// Dashboard sign-in (DESIGN §3 item 1): the admin token is exchanged for a session that Redis holds,
// so signing out ends it on every replica. An address with too many recent failures is refused
// before its token is even compared — all of them, the right token included, or the 429 would only
// hide which guess was wrong (src/store/sessions.ts, signInThrottle).
import { createHash, timingSafeEqual } from 'node:crypto';
import { Errors } from '../errors.js';
import type { FailureThrottle } from '../store/failure-throttle.js';
import type { SessionStore } from '../store/sessions.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether a candidate is the admin token, in constant time (digests of equal length). */
export function adminTokenMatcher(adminToken: string): (candidate: string) => boolean {
  const adminDigest = digest(adminToken);
  return (candidate) => timingSafeEqual(digest(candidate), adminDigest);
}

export class SignInService {
  constructor(
    private readonly sessions: SessionStore,
    private readonly throttle: FailureThrottle,
    private readonly isAdminToken: (candidate: string) => boolean,
  ) {}

  /** A new session for the admin token, from a client address that may still try. */
  async signIn(address: string, token: string | undefined): Promise<{ id: string; expiresAt: Date }> {
    const wait = await this.throttle.retryAfterS(address);
    if (wait !== null) throw Errors.rateLimited(`Too many failed sign-ins from this address. Retry in ${wait} s.`, wait);
    if (token === undefined) throw Errors.missingCredentials();
    if (!this.isAdminToken(token)) {
      await this.throttle.recordFailure(address);
      throw Errors.invalidAdminToken();
    }
    return this.sessions.create();
  }

  signOut(id: string): Promise<void> {
    return this.sessions.end(id);
  }
}
