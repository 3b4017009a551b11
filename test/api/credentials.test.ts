// One credential per request (docs/decisions.md): a request carrying an API key beside the admin
// token or the session cookie, or any credential twice, is 401 `conflicting_credentials` — also when
// every credential in it is valid, and whatever the extra one is worth.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/api/schemas/session.js';
import { admin, ADMIN_TOKEN, appWithOrgForFile, check, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

const body = { text: 'hello', destination: 'AI_TOOL' };
const frameworks = () => `/api/orgs/${org.orgId}/compliance/frameworks`;

function expectConflict(res: { statusCode: number; json: () => unknown }, detail: RegExp) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ code: 'conflicting_credentials', detail: expect.stringMatching(detail) });
}

async function signedInCookie(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/session', payload: { admin_token: ADMIN_TOKEN } });
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`sign-in answered ${res.statusCode}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/**
 * Sends raw header pairs over a real socket: Node folds a repeated X-Service-API-Key into one value
 * and keeps only the first Authorization, which inject cannot show.
 */
async function rawGet(path: string, headers: string[]): Promise<{ statusCode: number; json: () => unknown }> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    // Raw header pairs get no Host header of Node's own.
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers: ['host', `127.0.0.1:${port}`, ...headers] }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, json: () => JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('an API key beside another credential', () => {
  it('a garbage bearer beside a valid policy key is 401 (the issue’s case), not a check', async () => {
    const res = await check(t.app, org.apiKey, body, { headers: { 'x-service-api-key': org.apiKey, authorization: 'Bearer garbage' } });
    expectConflict(res, /X-Service-API-Key and an Authorization header; send one credential/);
  });

  it('a valid policy key with the valid admin token is 401 too: they name different callers', async () => {
    const onCheck = await check(t.app, org.apiKey, body, { headers: { 'x-service-api-key': org.apiKey, ...admin } });
    expectConflict(onCheck, /send one credential/);
    const onCompliance = await t.app.inject({ method: 'GET', url: frameworks(), headers: { 'x-service-api-key': org.apiKey, ...admin } });
    expectConflict(onCompliance, /send one credential/);
    const onAdmin = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { 'x-service-api-key': org.apiKey, ...admin } });
    expectConflict(onAdmin, /send one credential/);
  });

  it('an unknown or malformed key beside the admin token is 401 on an admin endpoint', async () => {
    for (const key of [`svc_sk_${'B'.repeat(43)}`, 'not-a-key']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { 'x-service-api-key': key, ...admin } });
      expectConflict(res, /send one credential/);
    }
  });

  it('a partner key with the admin token is 401 on the compliance reads', async () => {
    const minted = await t.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/compliance/partner-keys`, headers: admin, payload: { name: 'auditor' } });
    expect(minted.statusCode).toBe(201);
    const partnerKey = minted.json().api_key as string;
    expect((await t.app.inject({ method: 'GET', url: frameworks(), headers: { 'x-service-api-key': partnerKey } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: frameworks(), headers: { 'x-service-api-key': partnerKey, ...admin } });
    expectConflict(res, /send one credential/);
  });

  it('a policy key with a live session cookie is 401 where the cookie admits; a check ignores the browser’s cookie', async () => {
    const cookie = await signedInCookie();
    const res = await t.app.inject({ method: 'GET', url: frameworks(), headers: { 'x-service-api-key': org.apiKey, cookie } });
    expectConflict(res, /X-Service-API-Key and the dashboard session cookie/);
    expect((await check(t.app, org.apiKey, body, { headers: { 'x-service-api-key': org.apiKey, cookie } })).statusCode).toBe(200);
  });
});

describe('a credential sent twice', () => {
  it('two X-Service-API-Key headers, even a valid key twice, are 401', async () => {
    const garbage = await rawGet(frameworks(), ['x-service-api-key', org.apiKey, 'x-service-api-key', 'garbage']);
    expectConflict(garbage, /more than once/);
    const same = await rawGet(frameworks(), ['x-service-api-key', org.apiKey, 'X-Service-API-Key', org.apiKey]);
    expectConflict(same, /more than once/);
  });

  it('a second Authorization header (which Node would drop) is 401, on admin routes and on license validation', async () => {
    const res = await rawGet('/api/organizations', ['authorization', `Bearer ${ADMIN_TOKEN}`, 'authorization', 'Bearer garbage']);
    expectConflict(res, /more than once/);
    const license = await rawGet('/v1/license/validate', ['authorization', `Bearer ${org.licenseKey}`, 'authorization', 'Bearer garbage']);
    expectConflict(license, /more than once/);
  });

  it('two session cookies are 401', async () => {
    const cookie = await signedInCookie();
    const res = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie: `${cookie}; ${SESSION_COOKIE}=garbage` } });
    expectConflict(res, /more than once/);
  });
});

describe('license validation keeps the spec’s single credential', () => {
  it('looks only at the bearer license key: a policy key beside it (an SDK’s default header) changes nothing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/license/validate',
      headers: { authorization: `Bearer ${org.licenseKey}`, 'x-service-api-key': 'garbage' },
    });
    expect(res.statusCode).toBe(200);
  });
});
