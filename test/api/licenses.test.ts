// Licenses (spec Licenses, parts 3 and 5; DESIGN §9): list, issue, revoke (policies deactivated at
// once, on every replica), expiry.
import { describe, expect, it, vi } from 'vitest';
import { admin, appWithReplicaForFile, check, createOrg, issueLicense, type TestApp } from '../helpers/app.js';

let t: TestApp;
let replica: TestApp;
appWithReplicaForFile((app, other) => {
  t = app;
  replica = other;
});

const ok = { text: 'hello', destination: 'AI_TOOL' };
const licensesUrl = (orgId: string, suffix = '') => `/api/orgs/${orgId}/licenses${suffix}`;
const list = async (orgId: string) => (await t.app.inject({ method: 'GET', url: licensesUrl(orgId), headers: admin })).json();
const revoke = (app: TestApp, orgId: string, licenseId: string) =>
  app.app.inject({ method: 'DELETE', url: licensesUrl(orgId, `/${licenseId}`), headers: admin });
const policy = async (orgId: string, policyId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/orgs/${orgId}/policies/${policyId}`, headers: admin })).json();

describe('listing and issuing', () => {
  it('lists the trial license a new organization gets, with its key and effective limits', async () => {
    const org = await createOrg(t.app);
    const [license, ...rest] = await list(org.orgId);
    expect(rest).toEqual([]);
    expect(license).toMatchObject({
      org_id: org.orgId,
      license_key: org.licenseKey,
      license_type: 'trial',
      status: 'active',
      max_checks_per_month: 30_000,
      requests_per_minute: 60,
      requests_per_day: 1_000,
      default_policy_group: 'default',
    });
    expect(Object.keys(license).sort()).toEqual(
      ['created_at', 'default_policy_group', 'expires_at', 'license_id', 'license_key', 'license_type', 'max_checks_per_month', 'org_id',
        'requests_per_day', 'requests_per_minute', 'status', 'updated_at'].sort(),
    );
    const days = (Date.parse(license.expires_at) - Date.parse(license.created_at)) / 86_400_000;
    expect(days).toBe(30);
  });

  it('issues a license that governs every policy of the organization; newest first in the list', async () => {
    const org = await createOrg(t.app);
    const expires = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const issued = await issueLicense(t.app, org.orgId, { license_type: 'standard', expires_at: expires, max_checks_per_month: 5_000 });
    expect(issued).toMatchObject({ license_type: 'standard', status: 'active', expires_at: expires, max_checks_per_month: 5_000, requests_per_minute: 300, requests_per_day: 50_000 });
    expect(issued.license_key).toMatch(/^svc_lic_[0-9A-Za-z]{43}$/);
    expect((await list(org.orgId)).map((l: { license_id: string }) => l.license_id)[0]).toBe(issued.license_id);
    expect((await policy(org.orgId, org.policyId)).license_id).toBe(issued.license_id);
    const stored = await t.app.mongo.db.collection('licenses').findOne({ _id: issued.license_id });
    expect(JSON.stringify(stored)).not.toContain(issued.license_key);
  });

  it('takes enterprise limits from the license, and plan defaults otherwise', async () => {
    const org = await createOrg(t.app);
    const custom = await issueLicense(t.app, org.orgId, { license_type: 'enterprise', requests_per_minute: 5_000, requests_per_day: 2_000_000 });
    expect(custom).toMatchObject({ requests_per_minute: 5_000, requests_per_day: 2_000_000, max_checks_per_month: 10_000_000 });
    const days = (Date.parse(custom.expires_at) - Date.parse(custom.created_at)) / 86_400_000;
    expect(days).toBe(365);
    expect(await issueLicense(t.app, org.orgId, { license_type: 'enterprise' })).toMatchObject({ requests_per_minute: 1_000, requests_per_day: 1_000_000 });
  });

  it.each([
    ['an unknown type', { license_type: 'gold' }, 'license_type'],
    ['no type', {}, 'license_type'],
    ['an expiry in the past', { license_type: 'standard', expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
    ['an expiry that is not a timestamp', { license_type: 'standard', expires_at: 'tomorrow' }, 'expires_at'],
    ['a zero quota', { license_type: 'standard', max_checks_per_month: 0 }, 'max_checks_per_month'],
    ['a fractional quota', { license_type: 'standard', max_checks_per_month: 1.5 }, 'max_checks_per_month'],
    ['rate limits on a standard license', { license_type: 'standard', requests_per_minute: 10 }, 'requests_per_minute'],
    ['an unknown field', { license_type: 'trial', seats: 3 }, 'seats'],
  ])('refuses %s (422)', async (_name, payload, field) => {
    const org = await createOrg(t.app);
    const res = await t.app.inject({ method: 'POST', url: licensesUrl(org.orgId), headers: admin, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
    expect(res.json().detail).toContain(field);
  });

  it('needs the admin token; a policy key is 403, an unknown org 404', async () => {
    const org = await createOrg(t.app);
    expect((await t.app.inject({ method: 'GET', url: licensesUrl(org.orgId) })).statusCode).toBe(401);
    const withKey = await t.app.inject({ method: 'GET', url: licensesUrl(org.orgId), headers: { 'x-service-api-key': org.apiKey } });
    expect(withKey.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: licensesUrl('no-such-org'), headers: admin })).statusCode).toBe(404);
  });
});

describe('revoking', () => {
  it('answers 204, deactivates every policy under the license, and the keys stop working on every replica at once', async () => {
    const org = await createOrg(t.app);
    const extra = (
      await t.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/policies`, headers: admin, payload: { name: 'Second' } })
    ).json();
    // Warm both replicas' key caches first: revocation must reach a cached key too.
    expect((await check(replica.app, org.apiKey, ok)).statusCode).toBe(200);
    expect((await check(replica.app, extra.api_key, ok)).statusCode).toBe(200);
    const [license] = await list(org.orgId);

    const res = await revoke(t, org.orgId, license.license_id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    for (const key of [org.apiKey, extra.api_key]) {
      const refused = await check(replica.app, key, ok);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('policy_inactive');
    }
    expect((await policy(org.orgId, org.policyId)).is_active).toBe(false);
    expect((await policy(org.orgId, extra.policy_id)).is_active).toBe(false);
    expect((await list(org.orgId))[0].status).toBe('revoked');
  });

  it('is idempotent, 404s for an unknown license or another organization’s', async () => {
    const org = await createOrg(t.app);
    const other = await createOrg(t.app);
    const [license] = await list(org.orgId);
    expect((await revoke(t, org.orgId, license.license_id)).statusCode).toBe(204);
    expect((await revoke(t, org.orgId, license.license_id)).statusCode).toBe(204);
    expect((await revoke(t, org.orgId, 'lic_missing')).statusCode).toBe(404);
    const [theirs] = await list(other.orgId);
    expect((await revoke(t, org.orgId, theirs.license_id)).statusCode).toBe(404);
    expect((await list(other.orgId))[0].status).toBe('active');
  });

  it('a revoked license refuses checks even if its policies were not deactivated (crash half-way)', async () => {
    const org = await createOrg(t.app);
    const [license] = await list(org.orgId);
    await t.app.mongo.db.collection('licenses').updateOne({ _id: license.license_id }, { $set: { status: 'revoked' } });
    await t.app.services.keys.invalidate();
    const res = await check(t.app, org.apiKey, ok);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('license_revoked');
  });

  it('reactivating a policy puts it under the current license; without one it is 403', async () => {
    const org = await createOrg(t.app);
    const [trial] = await list(org.orgId);
    await revoke(t, org.orgId, trial.license_id);
    const activate = () =>
      t.app.inject({ method: 'PATCH', url: `/api/orgs/${org.orgId}/policies/${org.policyId}`, headers: admin, payload: { is_active: true } });
    const refused = await activate();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('license_inactive');

    const standard = await issueLicense(t.app, org.orgId, { license_type: 'standard' });
    expect((await check(t.app, org.apiKey, ok)).statusCode).toBe(403); // still inactive until reactivated
    const reactivated = await activate();
    expect(reactivated.json()).toMatchObject({ is_active: true, license_id: standard.license_id });
    expect((await check(t.app, org.apiKey, ok)).statusCode).toBe(200);
  });
});

describe('expiry', () => {
  it('an expired license shows `expired` and behaves as revoked', async () => {
    const org = await createOrg(t.app);
    expect((await check(t.app, org.apiKey, ok)).statusCode).toBe(200);
    const [license] = await list(org.orgId);
    // Time passing is not a write: move the expiry into the past as the clock would.
    const past = new Date(Date.now() - 1_000);
    await t.app.mongo.db.collection('licenses').updateOne({ _id: license.license_id }, { $set: { expires_at: past } });
    await t.app.services.keys.invalidate();

    expect((await list(org.orgId))[0].status).toBe('expired');
    const res = await check(t.app, org.apiKey, ok);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'license_expired', detail: expect.stringContaining(past.toISOString()) });
    const create = await t.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/policies`, headers: admin, payload: { name: 'New' } });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('license_inactive');
  });

  it('a cached key notices expiry by the clock alone, with no write to invalidate it', async () => {
    const org = await createOrg(t.app);
    const [license] = await list(org.orgId);
    await t.app.mongo.db.collection('licenses').updateOne({ _id: license.license_id }, { $set: { expires_at: new Date(Date.now() + 1_500) } });
    await t.app.services.keys.invalidate();
    expect((await check(t.app, org.apiKey, ok)).statusCode).toBe(200); // cached now, with the near expiry
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 2_000);
      expect((await check(t.app, org.apiKey, ok)).json().code).toBe('license_expired');
    } finally {
      vi.useRealTimers();
    }
  });
});
