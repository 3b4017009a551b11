// The TypeScript SDK's license client (packages/sdk/src/license.ts) against the running service, over real HTTP.
import { exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Sdk from '../../packages/sdk/src/index.js';
import { admin, createOrg, startTestApp, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => t.close());

/** fetch that counts requests per path, and can be switched off to play an unreachable service. */
function countingFetch() {
  const calls: string[] = [];
  let down = false;
  const fetcher: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push(url.pathname);
    if (down) throw new TypeError('fetch failed');
    return fetch(input, init);
  };
  return { fetcher, calls, setDown: (v: boolean) => (down = v) };
}

async function licenseIdOf(org: OrgFixture): Promise<string> {
  const [license] = (await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/licenses`, headers: admin })).json();
  return license.license_id;
}

const { LicenseClient, LicenseError } = Sdk;

describe('LicenseClient of @preflight/sdk', () => {
  it('validates, verifies the token with the served public key, and exposes the claims', async () => {
    const org = await createOrg(t.app);
    const client = new LicenseClient({ baseUrl, licenseKey: org.licenseKey });
    const license = await client.validate();
    expect(license).toMatchObject({ valid: true, org_id: org.orgId, default_policy_group: 'default' });
    expect(license.claims).toMatchObject({ sub: await licenseIdOf(org), org_id: org.orgId, license_type: 'trial', policy_version: license.policy_version });
    expect(license.policy_config.policies[0]?.policy_id).toBe(org.policyId);
  });

  it('caches until shortly before the token expires, and shares one request between concurrent callers', async () => {
    const org = await createOrg(t.app);
    let now = Date.now();
    const { fetcher, calls } = countingFetch();
    const client = new LicenseClient({ baseUrl, licenseKey: org.licenseKey, fetch: fetcher, now: () => now, refreshBeforeS: 60 });
    const [a, b] = await Promise.all([client.license(), client.license()]);
    expect(b).toBe(a);
    expect(await client.license()).toBe(a);
    expect(calls.filter((p) => p === '/v1/license/validate')).toHaveLength(1);
    expect(calls.filter((p) => p === '/v1/license/public-key')).toHaveLength(1);

    now = a.claims.exp * 1000 - 30_000; // inside the refresh margin
    const renewed = await client.license();
    expect(renewed).not.toBe(a);
    expect(calls.filter((p) => p === '/v1/license/validate')).toHaveLength(2);
    expect(calls.filter((p) => p === '/v1/license/public-key')).toHaveLength(1);
  });

  it('keeps using an unexpired token while the service is unreachable, and not past its expiry', async () => {
    const org = await createOrg(t.app);
    let now = Date.now();
    const { fetcher, setDown } = countingFetch();
    const client = new LicenseClient({ baseUrl, licenseKey: org.licenseKey, fetch: fetcher, now: () => now });
    const first = await client.license();
    setDown(true);
    now = first.claims.exp * 1000 - 10_000;
    expect(await client.license()).toBe(first);
    now = first.claims.exp * 1000 + 1_000;
    await expect(client.license()).rejects.toThrow('fetch failed');
  });

  it('rejects a tampered token and a token signed by another key', async () => {
    const org = await createOrg(t.app);
    const client = new LicenseClient({ baseUrl, licenseKey: org.licenseKey });
    const { jwt_token: token } = await client.validate();
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), license_type: 'enterprise' })).toString('base64url');
    await expect(client.verify(`${header}.${forged}.${signature}`)).rejects.toThrow();

    const other = await generateKeyPair('RS256', { extractable: true });
    const pinnedWrong = new LicenseClient({ baseUrl, licenseKey: org.licenseKey, publicKey: await exportSPKI(other.publicKey) });
    await expect(pinnedWrong.validate()).rejects.toThrow();
    const served = (await t.app.inject({ method: 'GET', url: '/v1/license/public-key' })).json().public_key;
    const pinned = new LicenseClient({ baseUrl, licenseKey: org.licenseKey, publicKey: served });
    await expect(pinned.validate()).resolves.toMatchObject({ org_id: org.orgId });
  });

  it('surfaces 401 and 403 as LicenseError, and drops the cache on a revocation', async () => {
    const unknown = new LicenseClient({ baseUrl, licenseKey: `svc_lic_${'A'.repeat(43)}` });
    await expect(unknown.validate()).rejects.toMatchObject({ status: 401, code: 'invalid_license_key' });

    const org = await createOrg(t.app);
    let now = Date.now();
    const client = new LicenseClient({ baseUrl, licenseKey: org.licenseKey, now: () => now });
    const first = await client.license();
    await t.app.inject({ method: 'DELETE', url: `/api/orgs/${org.orgId}/licenses/${await licenseIdOf(org)}`, headers: admin });
    now = first.claims.exp * 1000 - 10_000; // time to refresh: the service now says revoked
    const err = await client.license().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LicenseError);
    expect(err).toMatchObject({ status: 403, code: 'license_revoked' });
    await expect(client.license()).rejects.toMatchObject({ status: 403 });
  });
});
