// Who is calling (spec part 5, DESIGN §3): the admin bearer token, a policy API key, or (for SDK
// license validation only) a license key.
// 401: no credential, a malformed one, or one that does not exist. 403: a real credential
// that may not do this, a key of another organization, an inactive policy, or a policy whose
// license is revoked or expired.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Errors } from '../../errors.js';
import type { PolicyPrincipal } from '../../services/key-resolver.js';
import { assertLicenseActive } from '../../services/licenses.js';
import { isWellFormedKey } from '../../store/api-keys.js';
import type { LicenseDoc } from '../../store/license-repository.js';
import type { OrganizationDoc } from '../../store/organization-repository.js';
import type { PartnerKeyDoc } from '../../store/partner-key-repository.js';

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

const digest = (s: string) => createHash('sha256').update(s).digest();

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

export default fp(
  async (app) => {
    const adminDigest = digest(app.config.adminToken);
    const isAdminToken = (token: string) => timingSafeEqual(digest(token), adminDigest);

    async function policyPrincipal(rawKey: string): Promise<PolicyPrincipal> {
      if (!isWellFormedKey('policy', rawKey)) throw Errors.malformedApiKey();
      const principal = await app.services.keys.byKey(rawKey);
      if (!principal) throw Errors.unknownApiKey();
      return principal;
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
      return async (request: FastifyRequest) => {
        const rawKey = request.headers['x-service-api-key'];
        const bearer = bearerOf(request);
        if (typeof rawKey === 'string' && (allowsPolicy || bearer === undefined)) {
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
        throw allowsPolicy ? Errors.missingApiKey() : Errors.missingCredentials();
      };
    });

    app.decorate('orgForRequest', async (request: FastifyRequest, ref: string) => {
      const org = await app.repos.organizations.findByRef(ref);
      const principal = request.principal;
      if (principal.kind === 'policy' && org?._id !== principal.org._id) {
        throw Errors.otherOrganization('This key belongs to another organization.');
      }
      if (!org) throw Errors.notFound('Organization');
      return org;
    });
  },
  { name: 'auth', dependencies: ['services'] },
);
