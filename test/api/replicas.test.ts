// Two API instances on one Redis and one database: key changes take effect on both at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, check, createOrg, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';

let a: TestApp;
let b: TestApp;
let org: OrgFixture;
const ok = { text: 'hello', destination: 'AI_TOOL' };

beforeAll(async () => {
  const env = testEnv();
  a = await startTestApp(env);
  b = await startTestApp(env);
  org = await createOrg(a.app);
});
afterAll(async () => {
  await b.app.close();
  await a.close();
});

describe('two replicas', () => {
  it('a key regenerated on one is dead on the other immediately', async () => {
    expect((await check(b.app, org.apiKey, ok)).statusCode).toBe(200);
    const res = await a.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/policies/${org.policyId}/regenerate-key`, headers: admin });
    const fresh = res.json().api_key;
    expect((await check(b.app, org.apiKey, ok)).statusCode).toBe(401);
    expect((await check(b.app, fresh, ok)).statusCode).toBe(200);
    org.apiKey = fresh;
  });

  it('deactivation, rule changes and deletion on one are seen by the other at once', async () => {
    const url = `/api/orgs/${org.orgId}/policies/${org.policyId}`;
    expect((await check(b.app, org.apiKey, ok)).statusCode).toBe(200);
    await a.app.inject({ method: 'PATCH', url, headers: admin, payload: { is_active: false } });
    expect((await check(b.app, org.apiKey, ok)).statusCode).toBe(403);
    await a.app.inject({ method: 'PATCH', url, headers: admin, payload: { is_active: true, rules: [] } });
    expect((await check(b.app, org.apiKey, ok)).json().policy_version).toBe('1.1');
    await b.app.inject({ method: 'DELETE', url, headers: admin });
    expect((await check(a.app, org.apiKey, ok)).statusCode).toBe(401);
  });
});
