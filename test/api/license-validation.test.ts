// SDK license validation (spec parts 4 and 5, DESIGN §11): the result's fields, an RS256 token that
// verifies against the served public key and JWKS, one key pair for every replica, 401 and 403.
import { createLocalJWKSet, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { admin, appWithReplicaForFile, createOrg, issueLicense, type TestApp } from '../helpers/app.js';

let t: TestApp;
let replica: TestApp;
appWithReplicaForFile((app, other) => {
  t = app;
  replica = other;
});

const validate = (app: TestApp, headers: Record<string, string>) => app.app.inject({ method: 'GET', url: '/v1/license/validate', headers });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('GET /v1/license/validate', () => {
  it('answers the spec’s fields with the organization’s policies, groups and a signed token', async () => {
    const org = await createOrg(t.app);
    await t.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/policies`, headers: admin, payload: { name: 'Support', group: 'support' } });
    const res = await validate(t, bearer(org.licenseKey));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['default_policy_group', 'expires', 'jwt_token', 'org_id', 'policy_config', 'policy_groups', 'policy_version', 'valid'].sort(),
    );
    expect(body).toMatchObject({ valid: true, org_id: org.orgId, default_policy_group: 'default', policy_groups: ['default', 'support'] });
    expect(body.policy_config.policies.map((p: { name: string; group: string; is_active: boolean; version: string }) => [p.name, p.group, p.is_active, p.version])).toEqual([
      ['Default policy', 'default', true, '1.0'],
      ['Support', 'support', true, '1.0'],
    ]);
    expect(body.policy_config.policies[0].rules.length).toBeGreaterThan(0);
    // Detection settings travel with the rules, so an SDK enforcing locally finds what the service finds.
    expect(body.policy_config.policies[0]).toMatchObject({ custom_detectors: [], allow: [], min_confidence: 0.5 });
    expect(body.policy_version).toMatch(/^[0-9a-f]{16}$/);
    expect(res.body).not.toContain(org.licenseKey);
  });

  it('signs an RS256 token with kid = key_id and DESIGN §11 claims, verifiable with the public key and the JWKS', async () => {
    const org = await createOrg(t.app);
    const body = (await validate(t, bearer(org.licenseKey))).json();
    const publicKey = (await t.app.inject({ method: 'GET', url: '/v1/license/public-key' })).json();
    expect(publicKey).toMatchObject({ algorithm: 'RS256', key_id: expect.any(String), public_key: expect.stringContaining('BEGIN PUBLIC KEY') });
    expect(decodeProtectedHeader(body.jwt_token)).toMatchObject({ alg: 'RS256', kid: publicKey.key_id, typ: 'JWT' });

    const [license] = (await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/licenses`, headers: admin })).json();
    const { payload } = await jwtVerify(body.jwt_token, await importSPKI(publicKey.public_key, 'RS256'), { algorithms: ['RS256'], issuer: 'preflight' });
    expect(payload).toMatchObject({ sub: license.license_id, org_id: org.orgId, license_type: 'trial', policy_version: body.policy_version });
    const lifetime = (payload.exp ?? 0) - (payload.iat ?? 0);
    expect(lifetime).toBe(86_400);

    const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', kid: publicKey.key_id, alg: 'RS256', use: 'sig' });
    await expect(jwtVerify(body.jwt_token, createLocalJWKSet(jwks))).resolves.toBeDefined();
  });

  it('never lets a token outlive its license', async () => {
    const org = await createOrg(t.app);
    const expires = new Date(Date.now() + 3_600_000);
    expires.setUTCMilliseconds(0);
    const license = await issueLicense(t.app, org.orgId, { license_type: 'standard', expires_at: expires.toISOString() });
    const body = (await validate(t, bearer(license.license_key))).json();
    expect(body.expires).toBe(expires.toISOString());
    const publicKey = await importSPKI((await t.app.inject({ method: 'GET', url: '/v1/license/public-key' })).json().public_key, 'RS256');
    const { payload } = await jwtVerify(body.jwt_token, publicKey);
    expect(payload.exp).toBe(expires.getTime() / 1000);
  });

  it('every replica signs with the one stored key pair', async () => {
    const org = await createOrg(t.app);
    const keyA = (await t.app.inject({ method: 'GET', url: '/v1/license/public-key' })).json();
    const keyB = (await replica.app.inject({ method: 'GET', url: '/v1/license/public-key' })).json();
    expect(keyB).toEqual(keyA);
    const token = (await validate(replica, bearer(org.licenseKey))).json().jwt_token;
    await expect(jwtVerify(token, await importSPKI(keyA.public_key, 'RS256'))).resolves.toBeDefined();
    const stored = await t.app.mongo.db.collection('signing_keys').findOne({});
    expect(JSON.stringify(stored)).not.toContain('PRIVATE KEY');
  });

  it('policy_version changes when the configuration does', async () => {
    const org = await createOrg(t.app);
    const before = (await validate(t, bearer(org.licenseKey))).json().policy_version;
    expect((await validate(t, bearer(org.licenseKey))).json().policy_version).toBe(before);
    await t.app.inject({ method: 'PATCH', url: `/api/orgs/${org.orgId}/policies/${org.policyId}`, headers: admin, payload: { rules: [] } });
    expect((await validate(t, bearer(org.licenseKey))).json().policy_version).not.toBe(before);
  });

  it.each([
    ['no Authorization header', {}, 'missing_license_key'],
    ['a malformed key', bearer('svc_lic_short'), 'invalid_license_key'],
    ['a policy key', bearer(`svc_sk_${'A'.repeat(43)}`), 'invalid_license_key'],
    ['the admin token', admin, 'invalid_license_key'],
    ['an unknown well-formed key', bearer(`svc_lic_${'A'.repeat(43)}`), 'invalid_license_key'],
  ])('%s → 401', async (_name, headers, code) => {
    const res = await validate(t, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code, detail: expect.any(String) });
  });

  it('a revoked license → 403 with valid: false, on every replica at once', async () => {
    const org = await createOrg(t.app);
    expect((await validate(replica, bearer(org.licenseKey))).statusCode).toBe(200);
    const [license] = (await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/licenses`, headers: admin })).json();
    await t.app.inject({ method: 'DELETE', url: `/api/orgs/${org.orgId}/licenses/${license.license_id}`, headers: admin });
    const res = await validate(replica, bearer(org.licenseKey));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ valid: false, code: 'license_revoked', detail: expect.any(String) });
  });

  it('an expired license → 403 with valid: false', async () => {
    const org = await createOrg(t.app);
    const [trial] = (await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/licenses`, headers: admin })).json();
    await t.app.mongo.db.collection('licenses').updateOne({ _id: trial.license_id }, { $set: { expires_at: new Date(Date.now() - 1_000) } });
    const res = await validate(t, bearer(org.licenseKey));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ valid: false, code: 'license_expired' });
  });

  it('shows a policy as inactive when the license it runs under has expired', async () => {
    const org = await createOrg(t.app);
    const standard = await issueLicense(t.app, org.orgId, { license_type: 'standard' });
    await t.app.mongo.db.collection('licenses').updateOne({ _id: standard.license_id }, { $set: { expires_at: new Date(Date.now() - 1_000) } });
    // The trial license is still active and validates; the policies run under the expired one.
    const config = (await validate(t, bearer(org.licenseKey))).json().policy_config;
    expect(config.policies[0]).toMatchObject({ policy_id: org.policyId, is_active: false });
  });

  it('public key and JWKS need no credentials', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/license/public-key' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).statusCode).toBe(200);
  });
});
