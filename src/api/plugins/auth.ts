// Who is calling (spec part 5, DESIGN §3 items 1–6): the admin bearer token or a dashboard session
// cookie obtained with it, a dashboard user's session, a policy API key, a compliance partner key, or
// (for SDK license validation only) a license key.
// What a dashboard user may do is declared once per route as `config: { access }` and checked here
// (src/services/roles.ts, docs/users-and-roles.md); a user's organization scope here too, before the
// body is read, and again in `orgForRequest` where a route loads the organization.
// 401: no credential, a malformed one, one that does not exist, a session that ended or was
// tampered with, or more than one credential (docs/decisions.md, "Authentication").
// 403: a real credential that may not do this (a partner key outside its organization's
// /compliance/* reads), a key of another organization, an inactive policy, a policy whose license
// is revoked or expired, a user whose role may not (role_forbidden) or who acts on another
// organization (organization_mismatch), or a cookie-authenticated write from a foreign Origin or
// without the session's CSRF token (csrf_token_invalid).
// 429: an address with too many refused credentials, before anything it sends costs a store lookup
// or guesses the admin token (src/store/failure-throttle.ts).
import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, Errors } from '../../errors.js';
import { AddressSlots } from '../../services/address-slots.js';
import type { PolicyPrincipal } from '../../services/key-resolver.js';
import type { Actor } from '../../services/change-log.js';
import { assertLicenseActive, licenseStatus } from '../../services/licenses.js';
import { adminTokenMatcher } from '../../services/sign-in.js';
import { isWellFormedKey, KEY_PREFIXES } from '../../store/api-keys.js';
import { addressScope } from '../../store/failure-throttle.js';
import type { LicenseDoc } from '../../store/license-repository.js';
import type { OrganizationDoc } from '../../store/organization-repository.js';
import type { PartnerKeyDoc } from '../../store/partner-key-repository.js';
import type { CountGuard } from '../../store/rate-counters.js';
import { ACCESS, roleMay, type Access, type Role } from '../../services/roles.js';
import type { Manager } from '../../services/users.js';
import { sessionHash } from '../../store/sessions.js';
import type { UserDoc } from '../../store/user-repository.js';
import { inSpan } from '../../tracing/spans.js';
import { SESSION_COOKIE } from '../schemas/session.js';

export type Principal =
  /** The admin bearer token, or a dashboard session cookie obtained with it (named by its id's SHA-256). */
  | { kind: 'admin'; via: 'token' }
  | { kind: 'admin'; via: 'session'; sessionHash: string }
  /** A dashboard user's session: the user as stored now (a role change applies at the next request). */
  | { kind: 'user'; via: 'session'; sessionHash: string; user: UserDoc }
  /** A compliance partner key: read-only, its own organization's /compliance/* only. */
  | { kind: 'partner'; key: PartnerKeyDoc; org: OrganizationDoc }
  | ({ kind: 'policy' } & PolicyPrincipal)
  /** An SDK presenting a license key (GET /v1/license/validate). */
  | { kind: 'license'; license: LicenseDoc };
export type PrincipalKind = Principal['kind'];

/**
 * A check admitted on its key's cached principal without reading the auth epoch: the rate limit counts
 * the check only while `guard` holds (the epoch it was cached under, read in the same script), and
 * otherwise calls `verify`, which authenticates the request again from the store.
 */
export interface DeferredAuth {
  guard: CountGuard;
  verify: (request: FastifyRequest) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
    deferredAuth: DeferredAuth | null;
  }
  interface FastifyContextConfig {
    /** Which dashboard roles may call the route (src/services/roles.ts); none: the owner only. */
    access?: Access;
  }
  interface FastifyInstance {
    /**
     * An onRequest hook that admits the given kinds of caller and sets `request.principal`. `admin`
     * admits the admin token and dashboard sessions, a user's only when the route's `access` has its role.
     */
    authenticate(...kinds: PrincipalKind[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Loads the org named in the path and checks the caller may act for it (404 / 403). */
    orgForRequest(request: FastifyRequest, ref: string): Promise<OrganizationDoc>;
  }
}

const PARTNER_SCOPE = 'Compliance partner keys are read-only and limited to /compliance/* endpoints.';
const READS = new Set(['GET', 'HEAD']);

/** The bearer token; '' for an Authorization header of another scheme, undefined without one. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

/** The session id the cookie carries: undefined without the cookie, null when its signature is wrong. */
export function sessionIdOf(request: FastifyRequest): string | null | undefined {
  const cookie = request.cookies[SESSION_COOKIE];
  if (!cookie) return undefined;
  const unsigned = request.unsignCookie(cookie);
  return unsigned.valid ? unsigned.value : null;
}

/** BASE_URL's origin. A default BASE_URL that is no URL (HOST=::) matches no browser's Origin: writes fail closed. */
export function originOf(baseUrl: string): string {
  return URL.canParse(baseUrl) ? new URL(baseUrl).origin : baseUrl;
}

/**
 * CSRF defence beyond SameSite=Strict: a cookie-authenticated write that names an Origin must come
 * from the service's own (BASE_URL). Requests without Origin (curl, old browsers' same-origin forms)
 * pass; browsers always send it on cross-site writes.
 */
export function assertSameOrigin(request: FastifyRequest, ownOrigin: string): void {
  const origin = request.headers.origin;
  if (READS.has(request.method) || origin === undefined || origin === ownOrigin) return;
  throw Errors.keyLacksPermission(`Cross-origin request refused: with the session cookie, writes must come from ${ownOrigin}.`);
}

/** The role a caller acts in: the admin token (and its sessions) as owner; keys have none. */
export function roleOf(principal: Principal): Role | null {
  if (principal.kind === 'admin') return 'owner';
  return principal.kind === 'user' ? principal.user.role : null;
}

/** The one organization a caller is confined to; undefined for an owner, who reaches every one. */
export function orgScopeOf(principal: Principal): string | undefined {
  switch (principal.kind) {
    case 'admin':
      return undefined;
    case 'user':
      return principal.user.role === 'owner' ? undefined : (principal.user.org_id ?? '');
    case 'license':
      return principal.license.org_id;
    default:
      return principal.org._id;
  }
}

/** The caller as a manager of users (only routes open to owners and admins ask). */
export function managerOf(principal: Principal): Manager {
  if (principal.kind === 'user') return { role: principal.user.role, orgId: principal.user.org_id, userId: principal.user._id };
  return { role: 'owner', orgId: null, userId: null };
}

/** Who the change log says made a change: never a raw key or cookie. */
export function actorOf(principal: Principal): Actor {
  const key = (kind: Actor['kind'], id: string): Actor => ({ kind, via: 'key', session_hash: null, key_id: id });
  switch (principal.kind) {
    case 'admin':
      return { kind: 'admin', via: principal.via, session_hash: principal.via === 'session' ? principal.sessionHash : null, key_id: null };
    case 'user': {
      const { user } = principal;
      return { kind: 'user', via: 'session', session_hash: principal.sessionHash, key_id: null, user_id: user._id, email: user.email, role: user.role };
    }
    case 'partner':
      return key('partner', principal.key._id);
    case 'policy':
      return key('policy', principal.policy._id);
    case 'license':
      return key('license', principal.license._id);
  }
}

/** Partner keys are admitted only where a route says so, and then only for reads under /compliance/. */
function partnerMayUse(request: FastifyRequest): boolean {
  return READS.has(request.method) && (request.routeOptions.url ?? '').includes('/compliance/');
}

/** How often a header was sent: Node folds repeats into one value or drops them, so only the raw list tells. */
function headerCount(request: FastifyRequest, name: string): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === name) count++;
  return count;
}

const SESSION_COOKIE_PAIR = new RegExp(`^\\s*${SESSION_COOKIE}=\\S`);

/** Session cookies with a value (the cookie parser would keep only the first of several). */
function sessionCookieCount(request: FastifyRequest): number {
  return (request.headers.cookie ?? '').split(';').filter((part) => SESSION_COOKIE_PAIR.test(part)).length;
}

/** The session's CSRF token, sent as X-CSRF-Token, or as X-XSRF-TOKEN by clients that copy the XSRF-TOKEN cookie (axios, bull-board). */
export function hasCsrfToken(request: FastifyRequest, expected: string): boolean {
  const sent = request.headers['x-csrf-token'] ?? request.headers['x-xsrf-token'];
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const accessRoles = (access: Access | undefined) => ACCESS[access ?? 'owner'].join(', ');

const REPEATED =
  'A credential was sent more than once (a repeated X-Service-API-Key or Authorization header, or two session cookies); send one credential once.';

/**
 * One credential per request (docs/decisions.md, "Authentication"): no credential header twice, and never an API key
 * beside the admin token or the session cookie, whatever either is worth. The cookie counts only
 * where it would authenticate; elsewhere the browser's ambient cookie is ignored.
 */
function assertOneCredential(request: FastifyRequest, cookieCounts: boolean): void {
  const keys = headerCount(request, 'x-service-api-key');
  const authorizations = headerCount(request, 'authorization');
  const sessions = cookieCounts ? sessionCookieCount(request) : 0;
  if (keys > 1 || authorizations > 1 || sessions > 1) {
    throw Errors.conflictingCredentials(REPEATED);
  }
  if (keys > 0 && authorizations + sessions > 0) {
    const other = authorizations > 0 ? 'an Authorization header' : 'the dashboard session cookie';
    throw Errors.conflictingCredentials(`The request carries both X-Service-API-Key and ${other}; send one credential.`);
  }
}

/** Credential lookups (or admin-token comparisons) one client address may have in flight on a replica. */
const LOOKUPS_PER_ADDRESS = 4;

/**
 * Refusals of a key (malformed or unknown) or of a guess at the admin token: each counts against the
 * caller's address. Not a dead session: a browser with an expired cookie fails on every asset of a
 * page, and its ids can neither be guessed nor cost the store anything.
 */
const COUNTED_FAILURES = new Set(['invalid_api_key', 'invalid_credentials', 'invalid_license_key']);

export default fp(
  async (app) => {
    const isAdminToken = adminTokenMatcher(app.config.adminToken);
    const ownOrigin = originOf(app.config.baseUrl);
    const { keys, partnerKeys, sessions, authFailures, users, csrfTokenOf, rateLimits } = app.services;
    const slots = new AddressSlots(LOOKUPS_PER_ADDRESS);
    const heldSlots = new WeakMap<FastifyRequest, () => void>();

    /** Runs a hook and counts its refusal of a credential against the client address. */
    const counted =
      (hook: (request: FastifyRequest) => Promise<void>) =>
      async (request: FastifyRequest): Promise<void> => {
        try {
          await inSpan('auth', () => hook(request), { parent: request.traceContext });
        } catch (err) {
          if (err instanceof ApiError && COUNTED_FAILURES.has(err.code)) await authFailures.recordFailure(request.ip);
          throw err;
        } finally {
          heldSlots.get(request)?.();
        }
      };

    /**
     * 429 from an address past its failures, before a credential costs a store lookup or a guess at
     * the admin token is compared. Keys already verified (cached) and sessions do not come here.
     */
    const mayTry = (request: FastifyRequest) => async () => {
      // Held until the outcome is counted (in `counted`), so the next lookup from the address sees it.
      const release = await slots.acquire(addressScope(request.ip));
      heldSlots.set(request, release);
      const waitS = await authFailures.retryAfterS(request.ip);
      if (waitS === null) return;
      release();
      // Held back (a timer, no work): a flood that waits for its answers slows to one per connection per delay.
      await sleep(app.config.limits.authThrottleDelayMs);
      throw Errors.authThrottled(waitS, authFailures.maxFailures);
    };

    async function policyPrincipal(rawKey: string, request: FastifyRequest): Promise<PolicyPrincipal> {
      if (!isWellFormedKey('policy', rawKey)) throw Errors.malformedApiKey();
      const principal = await keys.byKey(rawKey, mayTry(request));
      if (!principal) throw Errors.unknownApiKey();
      return principal;
    }

    /**
     * On a check route, a key cached on this replica is admitted as cached when that would be
     * admitted, without a round trip to read the auth epoch: the rate limit reads it in the script
     * that counts the check, and if it moved, `verify` authenticates again from the store before
     * anything is counted or run (docs/decisions.md, "Authentication"). Not on a Redis Cluster, where
     * the epoch and the counters live in different slots.
     */
    function cachedForCheck(rawKey: string, request: FastifyRequest, verify: DeferredAuth['verify']): PolicyPrincipal | null {
      if (request.routeOptions.config.rateLimit !== 'checks' || !rateLimits.takesGuards) return null;
      const cached = keys.peekByKey(rawKey);
      if (!cached) return null;
      const { principal, guard } = cached;
      // Anything to refuse is refused on a read of the epoch, as for any key.
      if (!principal.policy.is_active || !principal.license || licenseStatus(principal.license) !== 'active') return null;
      request.deferredAuth = { guard, verify };
      return principal;
    }

    async function partnerPrincipal(rawKey: string, admitted: boolean, request: FastifyRequest): Promise<Principal> {
      if (!isWellFormedKey('partner', rawKey)) throw Errors.malformedApiKey();
      await mayTry(request)();
      const found = await partnerKeys.resolve(rawKey);
      if (!found) throw Errors.unknownApiKey();
      if (!admitted || !partnerMayUse(request)) throw Errors.partnerKeyScope(PARTNER_SCOPE);
      return { kind: 'partner', ...found };
    }

    /** The live session's id and who it is; a user's only while still theirs (not deleted, disabled or re-passworded). */
    async function liveSession(request: FastifyRequest): Promise<{ id: string; principal: Principal }> {
      const id = sessionIdOf(request);
      const subject = id ? await sessions.find(id) : null;
      if (!id || !subject) throw Errors.invalidSession();
      if (subject.kind === 'admin') return { id, principal: { kind: 'admin', via: 'session', sessionHash: sessionHash(id) } };
      const user = await users.forSession(subject.user_id, subject.version);
      if (!user) throw Errors.invalidSession();
      return { id, principal: { kind: 'user', via: 'session', sessionHash: sessionHash(id), user } };
    }

    async function sessionPrincipal(request: FastifyRequest): Promise<Principal> {
      const { id, principal } = await liveSession(request);
      assertSameOrigin(request, ownOrigin);
      if (!READS.has(request.method) && !hasCsrfToken(request, csrfTokenOf(id))) throw Errors.csrfTokenInvalid();
      return principal;
    }

    /**
     * A user of one organization that names another in the path or the org_id query is refused here,
     * before its body is even validated; orgForRequest checks again where an organization is loaded.
     */
    async function assertOwnOrganization(request: FastifyRequest, principal: Principal): Promise<void> {
      const scope = orgScopeOf(principal);
      if (principal.kind !== 'user' || scope === undefined) return;
      const ref = (request.params as { org_id?: unknown }).org_id ?? (request.query as { org_id?: unknown } | undefined)?.org_id;
      if (typeof ref !== 'string' || ref === scope) return;
      // A slug: its organization decides. Anything else (another id, a missing org) is refused alike.
      if (ref.startsWith('org_') || (await app.repos.organizations.findByRef(ref))?._id !== scope) {
        throw Errors.otherOrganization('You are a user of another organization.');
      }
    }

    app.decorateRequest('principal', null as never);
    app.decorateRequest('deferredAuth', null);

    /**
     * License keys travel as `Authorization: Bearer`, so the route takes them alone and, as the spec
     * has it, looks at nothing else (an SDK may send its policy key on every request).
     */
    const licenseHook = counted(async (request: FastifyRequest) => {
      if (headerCount(request, 'authorization') > 1) throw Errors.conflictingCredentials(REPEATED);
      const bearer = bearerOf(request);
      if (bearer === undefined) throw Errors.missingLicenseKey();
      request.principal = { kind: 'license', license: await app.services.licenses.authenticate(bearer, mayTry(request)) };
    });

    app.decorate('authenticate', (...kinds: PrincipalKind[]) => {
      if (kinds.includes('license')) return licenseHook;
      const allowsAdmin = kinds.includes('admin');
      const allowsPolicy = kinds.includes('policy');
      const allowsPartner = kinds.includes('partner');
      const authenticate = async (request: FastifyRequest, deferrable: boolean) => {
        // The dashboard cookie stands in for the admin token, so it counts only where the token would.
        assertOneCredential(request, allowsAdmin);
        const rawKey = request.headers['x-service-api-key'];
        if (typeof rawKey === 'string') {
          if (rawKey.startsWith(KEY_PREFIXES.partner)) {
            request.principal = await partnerPrincipal(rawKey, allowsPartner, request);
            return;
          }
          const cached = deferrable && allowsPolicy ? cachedForCheck(rawKey, request, verify) : null;
          if (cached) {
            request.principal = { kind: 'policy', ...cached };
            return;
          }
          const principal = await policyPrincipal(rawKey, request);
          if (!allowsPolicy) throw Errors.keyLacksPermission('A policy API key cannot use this endpoint; use the admin token.');
          if (!principal.policy.is_active) throw Errors.policyInactive();
          assertLicenseActive(principal.license);
          request.principal = { kind: 'policy', ...principal };
          return;
        }
        const bearer = bearerOf(request);
        const hasSession = allowsAdmin && Boolean(request.cookies[SESSION_COOKIE]);
        if (bearer !== undefined) {
          await mayTry(request)();
          if (!isAdminToken(bearer)) throw Errors.invalidAdminToken();
          // Beside the token a session cookie must be live too; the token is not ambient, so Origin does not matter.
          if (hasSession) await liveSession(request);
          if (!allowsAdmin) throw Errors.keyLacksPermission('The admin token cannot run checks; use a policy API key.');
          request.principal = { kind: 'admin', via: 'token' };
          return;
        }
        if (hasSession) {
          const principal = await sessionPrincipal(request);
          const access = request.routeOptions.config.access;
          if (principal.kind === 'user' && !roleMay(principal.user.role, access)) {
            throw Errors.roleForbidden(`The role ${principal.user.role} may not use this endpoint (open to: ${accessRoles(access)}).`);
          }
          await assertOwnOrganization(request, principal);
          request.principal = principal;
          return;
        }
        throw allowsPolicy || allowsPartner ? Errors.missingApiKey() : Errors.missingCredentials();
      };
      const verify = counted((request) => authenticate(request, false));
      return counted((request) => authenticate(request, true));
    });

    app.decorate('orgForRequest', async (request: FastifyRequest, ref: string) => {
      const org = await app.repos.organizations.findByRef(ref);
      const principal = request.principal;
      if ((principal.kind === 'policy' || principal.kind === 'partner') && org?._id !== principal.org._id) {
        throw Errors.otherOrganization('This key belongs to another organization.');
      }
      // As for keys, another organization is 403 whether or not it exists: nothing is revealed.
      const scope = orgScopeOf(principal);
      if (principal.kind === 'user' && scope !== undefined && org?._id !== scope) {
        throw Errors.otherOrganization('You are a user of another organization.');
      }
      if (!org) throw Errors.notFound('Organization');
      return org;
    });
  },
  { name: 'auth', dependencies: ['services', '@fastify/cookie'] },
);
