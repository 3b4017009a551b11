import { describe, expect, it } from 'vitest';
import { admin, appWithOrgForFile, check, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

const body = { text: 'hello', destination: 'AI_TOOL' };
const wellFormedUnknown = `svc_sk_${'A'.repeat(43)}`;

describe('policy API keys on checks (spec part 5)', () => {
  it.each([
    ['no key header', {}, 'missing_api_key'],
    ['a malformed key', { 'x-service-api-key': 'svc_sk_short' }, 'invalid_api_key'],
    ['a license key in the key header', { 'x-service-api-key': `svc_lic_${'A'.repeat(43)}` }, 'invalid_api_key'],
    ['an unknown well-formed key', { 'x-service-api-key': wellFormedUnknown }, 'invalid_api_key'],
  ])('%s → 401', async (_name, headers, code) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/preflight/text', headers, payload: body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code, detail: expect.any(String) });
  });

  it('the admin token cannot run a check (403)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/preflight/text', headers: admin, payload: body });
    expect(res.statusCode).toBe(403);
  });

  it('never echoes the key back', async () => {
    const res = await check(t.app, wellFormedUnknown, body);
    expect(res.body).not.toContain(wellFormedUnknown);
  });
});

describe('admin endpoints', () => {
  it('no credentials → 401; wrong bearer → 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('invalid_credentials');
    const notBearer = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { authorization: 'Basic abc' } });
    expect(notBearer.statusCode).toBe(401);
  });

  it('a valid policy key lacks permission (403); an invalid one is 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { 'x-service-api-key': org.apiKey } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('insufficient_permission');
    const bad = await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/policies`, headers: { 'x-service-api-key': wellFormedUnknown } });
    expect(bad.statusCode).toBe(401);
  });

  it('mutations need the admin token', async () => {
    for (const [method, url] of [
      ['POST', '/api/organizations'],
      ['PATCH', `/api/organizations/${org.orgId}`],
      ['DELETE', `/api/organizations/${org.orgId}`],
      ['POST', `/api/orgs/${org.orgId}/policies`],
      ['POST', `/api/orgs/${org.orgId}/policies/${org.policyId}/regenerate-key`],
      ['DELETE', `/api/orgs/${org.orgId}/policies/${org.policyId}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'x-service-api-key': org.apiKey }, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/policies/${org.policyId}`, headers: admin })).statusCode).toBe(200);
  });
});
