// License validation for applications embedding Preflight: validates a license key with the service
// (GET /v1/license/validate), verifies the signed token offline with the service's public key (RS256,
// issuer, expiry), and caches the result until shortly before the token expires. If the service
// cannot be reached, a token that has not yet expired is still used; a refusal never is.
import { decodeProtectedHeader, importSPKI, jwtVerify, type JWTPayload } from 'jose';
import { PreflightError } from './errors.js';
import { DEFAULT_RETRY, errorOf, Transport, type RetryOptions } from './transport.js';
import type { LicenseValidation } from './types.js';

export interface LicenseClaims extends JWTPayload {
  /** The license id. */
  sub: string;
  org_id: string;
  license_type: string;
  policy_version: string;
  iat: number;
  exp: number;
}

export interface ValidatedLicense extends LicenseValidation {
  /** The verified claims of `jwt_token`. */
  claims: LicenseClaims;
}

/** The service refused the license: 401 (missing, malformed or unknown key), 403 (revoked or expired). */
export class LicenseError extends PreflightError {}

export interface LicenseClientOptions {
  /** The service's address, e.g. https://preflight.example.com */
  baseUrl: string;
  licenseKey: string;
  /** The service's public key (PEM). Pin it to trust no key fetched over the network; otherwise it is fetched once. */
  publicKey?: string;
  /** Validate again this many seconds before the token expires (default 60). */
  refreshBeforeS?: number;
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  fetch?: typeof fetch;
  /** Clock in epoch ms (default Date.now). */
  now?: () => number;
}

const ISSUER = 'preflight';
const ALG = 'RS256';
type VerifyKey = Awaited<ReturnType<typeof importSPKI>>;

export class LicenseClient {
  private readonly http: Transport;
  private readonly now: () => number;
  private readonly refreshBeforeMs: number;
  private cached: ValidatedLicense | null = null;
  private pending: Promise<ValidatedLicense> | null = null;
  private key: { keyId: string | null; key: VerifyKey } | null = null;

  constructor(private readonly opts: LicenseClientOptions) {
    this.http = new Transport({
      baseUrl: opts.baseUrl,
      timeoutMs: opts.timeoutMs ?? 30_000,
      retry: { ...DEFAULT_RETRY, ...opts.retry },
      fetch: opts.fetch ?? globalThis.fetch.bind(globalThis),
    });
    this.now = opts.now ?? Date.now;
    this.refreshBeforeMs = (opts.refreshBeforeS ?? 60) * 1000;
  }

  /**
   * The validated license: from the cache while its token is fresh, else validated again (concurrent
   * callers share one request). An unreachable service falls back to a token not yet expired.
   */
  async license(): Promise<ValidatedLicense> {
    const cached = this.cached;
    const now = this.now();
    if (cached && now < cached.claims.exp * 1000 - this.refreshBeforeMs) return cached;
    try {
      return await this.validate();
    } catch (err) {
      if (!(err instanceof LicenseError) && cached && now < cached.claims.exp * 1000) return cached;
      throw err;
    }
  }

  /** Validates with the service now, verifies the token, and caches the result. */
  validate(): Promise<ValidatedLicense> {
    this.pending ??= this.fetchValidation().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Verifies a token offline: RS256 signature by the service's key, issuer, and expiry. */
  async verify(token: string): Promise<LicenseClaims> {
    const { kid } = decodeProtectedHeader(token);
    const { payload } = await jwtVerify(token, await this.verifyKey(kid ?? null), {
      algorithms: [ALG],
      issuer: ISSUER,
      currentDate: new Date(this.now()),
    });
    const claims = payload as Partial<LicenseClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.org_id !== 'string' || typeof claims.exp !== 'number' || typeof claims.iat !== 'number') {
      throw new Error('license token lacks its claims');
    }
    return claims as LicenseClaims;
  }

  /** Forgets the cached license (e.g. after the key was replaced). */
  clear(): void {
    this.cached = null;
  }

  private async fetchValidation(): Promise<ValidatedLicense> {
    const res = await this.http.send({ path: '/v1/license/validate', headers: { authorization: `Bearer ${this.opts.licenseKey}` } });
    if (!res.ok) {
      if (res.status === 401 || res.status === 403) this.cached = null;
      const err = await errorOf(res);
      throw new LicenseError(err.status, err.code, err.detail, err.retryAfter);
    }
    const body = (await res.json()) as Partial<LicenseValidation>;
    if (body.valid !== true || typeof body.jwt_token !== 'string') throw new Error('license validation answered without a token');
    const validation = body as LicenseValidation;
    const claims = await this.verify(validation.jwt_token);
    // The body is only as trustworthy as the token that vouches for it.
    if (claims.org_id !== validation.org_id || claims.policy_version !== validation.policy_version) {
      throw new Error('license token does not match the validation result');
    }
    this.cached = { ...validation, claims };
    return this.cached;
  }

  /** The pinned key, or the served one; fetched again once if a token names another key id. */
  private async verifyKey(kid: string | null): Promise<VerifyKey> {
    if (this.opts.publicKey !== undefined) {
      this.key ??= { keyId: null, key: await importSPKI(this.opts.publicKey, ALG) };
      return this.key.key;
    }
    if (!this.key || (kid !== null && kid !== this.key.keyId)) {
      const served = await this.http.json<{ key_id: string; public_key: string; algorithm: string }>({ path: '/v1/license/public-key' });
      if (served.algorithm !== ALG) throw new Error(`unexpected token algorithm ${served.algorithm}`);
      this.key = { keyId: served.key_id, key: await importSPKI(served.public_key, ALG) };
    }
    return this.key.key;
  }
}
