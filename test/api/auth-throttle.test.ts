// Failed authentication is cheap (issue 20): refused credentials are counted per client address in
// Redis, and past AUTH_FAILURES_PER_MINUTE the address's credentials that would need a store lookup
// (or that guess the admin token) get 429 before any lookup — on every replica. Keys already verified
// on a replica, sessions, and every other address go on working.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { startRedis } from '../../scripts/local-services.js';
import { SESSION_COOKIE } from '../../src/api/schemas/session.js';
import { addressScope } from '../../src/store/failure-throttle.js';
import { ADMIN_TOKEN, admin, appWithReplicaForFile, createOrg, startTestApp, testEnv, type TestApp } from '../helpers/app.js';
import { kill, ownServices } from '../helpers/services.js';

const { tempDir, spawned } = ownServices('pf-auth-throttle-');

const LIMIT = 3;
let t: TestApp;
let replica: TestApp;
appWithReplicaForFile(
  (a, b) => {
    t = a;
    replica = b;
  },
  // The 429's hold-back is for floods (bench auth-flood); here it would only slow the file down.
  { AUTH_FAILURES_PER_MINUTE: String(LIMIT), AUTH_THROTTLE_DELAY_MS: '0' },
);

const body = { text: 'hello', destination: 'AI_TOOL' };
let unknownCounter = 0;
const unknownKey = () => `svc_sk_${String(++unknownCounter).padStart(43, 'U')}`;

const checkFrom = (app: FastifyInstance, remoteAddress: string, key: string) =>
  app.inject({ method: 'POST', url: '/api/preflight/text', headers: { 'x-service-api-key': key }, payload: body, remoteAddress });

/** A key no replica has verified yet. */
async function freshKey(orgId: string, policyId: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/api/orgs/${orgId}/policies/${policyId}/regenerate-key`, headers: admin });
  expect(res.statusCode).toBe(200);
  return res.json().api_key;
}

async function exhaust(remoteAddress: string): Promise<void> {
  for (let i = 0; i < LIMIT; i++) expect((await checkFrom(t.app, remoteAddress, unknownKey())).statusCode).toBe(401);
}

function expectThrottled(res: { statusCode: number; headers: Record<string, unknown>; json: () => Record<string, unknown> }) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.json()).toMatchObject({ code: 'auth_throttled', detail: expect.stringMatching(/failed authentications/), retry_after: retryAfter });
  expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
}

describe('refused keys from one address', () => {
  it('past the limit, unknown and new keys from it get 429 on every replica; other addresses and cached keys are unaffected', async () => {
    const [org, other] = [await createOrg(t.app), await createOrg(t.app)];
    const cachedKey = await freshKey(org.orgId, org.policyId);
    const newKey = await freshKey(other.orgId, other.policyId);
    // Verified (and cached) after the last change to keys, which empties every replica's cache.
    expect((await checkFrom(t.app, '198.51.100.1', cachedKey)).statusCode).toBe(200);

    await exhaust('198.51.100.1');
    expectThrottled(await checkFrom(t.app, '198.51.100.1', unknownKey()));
    expectThrottled(await checkFrom(replica.app, '198.51.100.1', unknownKey()));
    // A valid key not yet verified would need the store: the address waits like any other guess.
    expectThrottled(await checkFrom(t.app, '198.51.100.1', newKey));

    // The same new key from another address works at once, on either replica.
    expect((await checkFrom(replica.app, '198.51.100.2', newKey)).statusCode).toBe(200);
    // A key this replica has verified costs no lookup, so the throttled address keeps using it.
    expect((await checkFrom(t.app, '198.51.100.1', cachedKey)).statusCode).toBe(200);
  });

  it('a burst of unknown keys from one address reaches the store only a few at a time, so the count stops it', async () => {
    const address = '198.51.100.8';
    const burst = await Promise.all(Array.from({ length: 24 }, () => checkFrom(t.app, address, unknownKey())));
    const refused = burst.filter((res) => res.statusCode === 401).length;
    // Four lookups per address run at once (src/api/plugins/auth.ts): at most those past the limit's last free one.
    expect(refused).toBeLessThanOrEqual(LIMIT + 3);
    expect(burst.filter((res) => res.statusCode === 429)).toHaveLength(24 - refused);
  });

  it('counts malformed keys, unknown partner keys and unknown license keys too', async () => {
    const address = '198.51.100.3';
    const partner = await t.app.inject({
      method: 'GET',
      url: '/api/orgs/any/compliance/frameworks',
      headers: { 'x-service-api-key': `svc_cpk_${'P'.repeat(43)}` },
      remoteAddress: address,
    });
    expect(partner.statusCode).toBe(401);
    expect((await checkFrom(t.app, address, 'svc_sk_malformed')).statusCode).toBe(401);
    const license = await t.app.inject({ method: 'GET', url: '/v1/license/validate', headers: { authorization: `Bearer svc_lic_${'L'.repeat(43)}` }, remoteAddress: address });
    expect(license.statusCode).toBe(401);
    expectThrottled(await checkFrom(t.app, address, unknownKey()));
    const licenseAgain = await t.app.inject({ method: 'GET', url: '/v1/license/validate', headers: { authorization: `Bearer svc_lic_${'M'.repeat(43)}` }, remoteAddress: address });
    expectThrottled(licenseAgain);
  });

  it('conflicting, missing and dead-session credentials are not counted: they cost nothing and guess nothing', async () => {
    const address = '198.51.100.4';
    const org = await createOrg(t.app);
    for (let i = 0; i < LIMIT + 1; i++) {
      const conflict = await t.app.inject({ method: 'POST', url: '/api/preflight/text', headers: { 'x-service-api-key': unknownKey(), ...admin }, payload: body, remoteAddress: address });
      expect(conflict.json().code).toBe('conflicting_credentials');
      expect((await t.app.inject({ method: 'POST', url: '/api/preflight/text', payload: body, remoteAddress: address })).statusCode).toBe(401);
      const expired = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie: `${SESSION_COOKIE}=expired` }, remoteAddress: address });
      expect(expired.json().code).toBe('invalid_session');
    }
    expect((await checkFrom(t.app, address, await freshKey(org.orgId, org.policyId))).statusCode).toBe(200);
  });
});

describe('guesses at the admin token', () => {
  it('are counted, and then even the right token from that address is 429; a session and other addresses still work', async () => {
    const address = '198.51.100.5';
    const signIn = await t.app.inject({ method: 'POST', url: '/api/session', payload: { admin_token: ADMIN_TOKEN }, remoteAddress: address });
    const cookie = `${SESSION_COOKIE}=${signIn.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    for (let i = 0; i < LIMIT; i++) {
      const wrong = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { authorization: `Bearer guess-${i}` }, remoteAddress: address });
      expect(wrong.json().code).toBe('invalid_credentials');
    }
    expectThrottled(await t.app.inject({ method: 'GET', url: '/api/organizations', headers: admin, remoteAddress: address }));
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie }, remoteAddress: address })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations', headers: admin, remoteAddress: '198.51.100.6' })).statusCode).toBe(200);
  });
});

describe('client addresses', () => {
  it('an IPv6 client is counted by its /64; an IPv4-mapped address as its IPv4 address', () => {
    expect(addressScope('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressScope('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressScope('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressScope('::1')).toBe('0:0:0:0::/64');
    expect(addressScope('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressScope('192.0.2.7')).toBe('192.0.2.7');
  });

  it('other hosts of one IPv6 /64 share its count', async () => {
    await exhaust('2001:db8:5:6::1');
    expectThrottled(await checkFrom(t.app, '2001:db8:5:6::2', unknownKey()));
    expect((await checkFrom(t.app, '2001:db8:5:7::1', unknownKey())).statusCode).toBe(401);
  });
});

describe('without Redis', () => {
  it('failed authentication cannot be counted or checked: 503, never a lookup or an admission', async () => {
    const redis = spawned(await startRedis(join(tempDir(), 'redis'), false));
    const own = await startTestApp(testEnv({ REDIS_URL: redis.url }));
    try {
      await kill(redis.child);
      for (const res of [
        await checkFrom(own.app, '198.51.100.7', unknownKey()),
        await checkFrom(own.app, '198.51.100.7', 'svc_sk_malformed'),
        await own.app.inject({ method: 'GET', url: '/api/organizations', headers: admin, remoteAddress: '198.51.100.7' }),
      ]) {
        expect(res.statusCode).toBe(503);
        expect(res.json().code).toBe('redis_unavailable');
        expect(res.headers['retry-after']).toBeDefined();
      }
    } finally {
      await own.close();
    }
  });
});
