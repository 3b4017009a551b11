// Dashboard sign-in (DESIGN §3 item 1; docs/users-and-roles.md): the admin token (it acts as owner)
// or a user's email and password is exchanged for a session that Redis holds, so signing out ends it
// on every replica. Failures are counted per client address and per email: past either limit every
// sign-in is refused before anything is compared — the right password included, or the 429 would
// only hide which guess was wrong (src/store/sessions.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import { Errors } from '../errors.js';
import type { FailureThrottle } from '../store/failure-throttle.js';
import { emailScope, type SessionStore } from '../store/sessions.js';
import type { UserDoc } from '../store/user-repository.js';
import type { Actor } from './change-log.js';
import type { UserService } from './users.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether a candidate is the admin token, in constant time (digests of equal length). */
export function adminTokenMatcher(adminToken: string): (candidate: string) => boolean {
  const adminDigest = digest(adminToken);
  return (candidate) => timingSafeEqual(digest(candidate), adminDigest);
}

export type Credentials = { adminToken: string } | { email: string; password: string };

export interface SignedIn {
  id: string;
  expiresAt: Date;
  /** Null for the admin token. */
  user: UserDoc | null;
}

export interface SignInThrottles {
  /** Per client address (10 failures per 15 minutes). */
  address: FailureThrottle;
  /** Per email (5 failures per 15 minutes), from any address. */
  email: FailureThrottle;
}

export class SignInService {
  constructor(
    private readonly sessions: SessionStore,
    private readonly throttles: SignInThrottles,
    private readonly isAdminToken: (candidate: string) => boolean,
    private readonly users: UserService,
  ) {}

  private async assertMayTry(throttle: FailureThrottle, scope: string, what: string): Promise<void> {
    const wait = await throttle.retryAfterS(scope);
    if (wait !== null) throw Errors.rateLimited(`Too many failed sign-ins ${what}. Retry in ${wait} s.`, wait);
  }

  /** A new session for the admin token or a user, from an address (and for an email) that may still try. */
  async signIn(address: string, credentials: Credentials | undefined): Promise<SignedIn> {
    await this.assertMayTry(this.throttles.address, address, 'from this address');
    if (credentials === undefined) throw Errors.missingCredentials();
    if ('adminToken' in credentials) {
      if (!this.isAdminToken(credentials.adminToken)) {
        await this.throttles.address.recordFailure(address);
        throw Errors.invalidAdminToken();
      }
      return { ...(await this.sessions.create()), user: null };
    }
    const scope = emailScope(credentials.email);
    await this.assertMayTry(this.throttles.email, scope, 'for this email');
    const user = await this.users.verify(credentials.email, credentials.password);
    if (!user) {
      await Promise.all([this.throttles.address.recordFailure(address), this.throttles.email.recordFailure(scope)]);
      throw Errors.invalidSignIn();
    }
    return this.sessionFor(user);
  }

  /** A session for a user another way has proved (single sign-on). */
  async sessionFor(user: UserDoc): Promise<SignedIn> {
    const session = await this.sessions.create({ kind: 'user', user_id: user._id, role: user.role, version: user.session_version });
    return { ...session, user };
  }

  /**
   * The user's own password change: the current password is checked under the same per-email limit
   * as sign-in. Every session of the user ends; the caller gets a new one in its place.
   */
  async changePassword(user: UserDoc, current: string, next: string, actor: Actor): Promise<SignedIn> {
    const scope = emailScope(user.email);
    await this.assertMayTry(this.throttles.email, scope, 'for this email');
    const changed = await this.users.changeOwnPassword(user, current, next, actor);
    if (!changed) {
      await this.throttles.email.recordFailure(scope);
      throw Errors.validation('Invalid request. current_password: is not your current password.');
    }
    const session = await this.sessions.create({ kind: 'user', user_id: changed._id, role: changed.role, version: changed.session_version });
    return { ...session, user: changed };
  }

  signOut(id: string): Promise<void> {
    return this.sessions.end(id);
  }
}
