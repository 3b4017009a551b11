// Who is calling (spec part 5, DESIGN §3 items 1–6): the admin bearer token or a dashboard session
// cookie obtained with it, a policy API key, a compliance partner key, or (for SDK license
// validation only) a license key.
// 401: no credential, a malformed one, one that does not exist, or a session that ended or was
// tampered with. 403: a real credential that may not do this (a partner key outside its
// organization's /compliance/* reads), a key of another organization, an inactive policy, a policy
// whose license is revoked or expired, or a cookie-authenticated write from a foreign Origin.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Errors } from '../../errors.js';
import type { PolicyPrincipal } from '../../services/key-resolver.js';
import { assertLicenseActive } from '../../services/licenses.js';
import { adminTokenMatcher } from '../../services/sign-in.js';
import { isWellFormedKey, KEY_PREFIXES } from '../../store/api-keys.js';
import type { LicenseDoc } from '../../store/license-repository.js';
import type { OrganizationDoc } from '../../store/organization-repository.js';
import type { PartnerKeyDoc } from '../../store/partner-key-repository.js';
import { SESSION_COOKIE } from '../schemas/session.js';

export type Principal =
  /** The admin bearer token, or a dashboard session cookie obtained with it. */
  | { kind: 'admin'; via: 'token' | 'session' }
  /** A compliance partner key: read-only, its own organization's /compliance/* only. */
  | { kind: 'partner'; key: PartnerKeyDoc; org: OrganizationDoc }
  | ({ kind: 'policy' } & PolicyPrincipal)
  /** An SDK presenting a license key (GET /v1/license/validate). */
  | { kind: 'license'; license: LicenseDoc };
export type PrincipalKind = Principal['kind'];

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyInstance {
    /** An onRequest hook that admits the given kinds of caller and sets `request.principal`. */
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

/** Partner keys are admitted only where a route says so, and then only for reads under /compliance/. */
function partnerMayUse(request: FastifyRequest): boolean {
  return READS.has(request.method) && (request.routeOptions.url ?? '').includes('/compliance/');
}

export default fp(
  async (app) => {
    const isAdminToken = adminTokenMatcher(app.config.adminToken);
    const ownOrigin = originOf(app.config.baseUrl);
    const { keys, partnerKeys, sessions } = app.services;

    async function policyPrincipal(rawKey: string): Promise<PolicyPrincipal> {
      if (!isWellFormedKey('policy', rawKey)) throw Errors.malformedApiKey();
      const principal = await keys.byKey(rawKey);
      if (!principal) throw Errors.unknownApiKey();
      return principal;
    }

    async function partnerPrincipal(rawKey: string, admitted: boolean, request: FastifyRequest): Promise<Principal> {
      if (!isWellFormedKey('partner', rawKey)) throw Errors.malformedApiKey();
      const found = await partnerKeys.resolve(rawKey);
      if (!found) throw Errors.unknownApiKey();
      if (!admitted || !partnerMayUse(request)) throw Errors.partnerKeyScope(PARTNER_SCOPE);
      return { kind: 'partner', ...found };
    }

    async function sessionPrincipal(request: FastifyRequest): Promise<Principal> {
      const id = sessionIdOf(request);
      if (!id || !(await sessions.isLive(id))) throw Errors.invalidSession();
      assertSameOrigin(request, ownOrigin);
      return { kind: 'admin', via: 'session' };
    }

    app.decorateRequest('principal', null as never);

    /** License keys travel as `Authorization: Bearer`, so a route takes them alone, never beside the admin token. */
    const licenseHook = async (request: FastifyRequest) => {
      const bearer = bearerOf(request);
      if (bearer === undefined) throw Errors.missingLicenseKey();
      request.principal = { kind: 'license', license: await app.services.licenses.authenticate(bearer) };
    };

    app.decorate('authenticate', (...kinds: PrincipalKind[]) => {
      if (kinds.includes('license')) return licenseHook;
      const allowsAdmin = kinds.includes('admin');
      const allowsPolicy = kinds.includes('policy');
      const allowsPartner = kinds.includes('partner');
      return async (request: FastifyRequest) => {
        const rawKey = request.headers['x-service-api-key'];
        const bearer = bearerOf(request);
        if (typeof rawKey === 'string' && (allowsPolicy || allowsPartner || bearer === undefined)) {
          if (rawKey.startsWith(KEY_PREFIXES.partner)) {
            request.principal = await partnerPrincipal(rawKey, allowsPartner, request);
            return;
          }
          const principal = await policyPrincipal(rawKey);
          if (!allowsPolicy) throw Errors.keyLacksPermission('A policy API key cannot use this endpoint; use the admin token.');
          if (!principal.policy.is_active) throw Errors.policyInactive();
          assertLicenseActive(principal.license);
          request.principal = { kind: 'policy', ...principal };
          return;
        }
        if (bearer !== undefined) {
          if (!isAdminToken(bearer)) throw Errors.invalidAdminToken();
          if (!allowsAdmin) throw Errors.keyLacksPermission('The admin token cannot run checks; use a policy API key.');
          request.principal = { kind: 'admin', via: 'token' };
          return;
        }
        // The dashboard cookie stands in for the admin token, so it counts only where the token would.
        if (allowsAdmin && request.cookies[SESSION_COOKIE]) {
          request.principal = await sessionPrincipal(request);
          return;
        }
        throw allowsPolicy || allowsPartner ? Errors.missingApiKey() : Errors.missingCredentials();
      };
    });

    app.decorate('orgForRequest', async (request: FastifyRequest, ref: string) => {
      const org = await app.repos.organizations.findByRef(ref);
      const principal = request.principal;
      if ((principal.kind === 'policy' || principal.kind === 'partner') && org?._id !== principal.org._id) {
        throw Errors.otherOrganization('This key belongs to another organization.');
      }
      if (!org) throw Errors.notFound('Organization');
      return org;
    });
  },
  { name: 'auth', dependencies: ['services', '@fastify/cookie'] },
);
