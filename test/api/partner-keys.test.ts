// Compliance partner keys (spec part 5 rule 3, DESIGN §30): minted, listed and deleted by the admin;
// read-only and limited to their own organization's /compliance/* reads; a deleted key stops working
// on every replica at once.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../src/api/schemas/session.js';
import { admin, ADMIN_TOKEN, appWithReplicaForFile, createOrg, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let replica: TestApp;
appWithReplicaForFile((a, b) => {
  t = a;
  replica = b;
});

let org: OrgFixture;
let other: OrgFixture;
let partnerKey: string;
let otherPartnerKey: string;
beforeAll(async () => {
  org = await createOrg(t.app);
  other = await createOrg(t.app);
  partnerKey = (await mint(org.orgId, 'Auditor')).json().api_key;
  otherPartnerKey = (await mint(other.orgId, 'Other auditor')).json().api_key;
});
afterEach(() => vi.useRealTimers());

const keysUrl = (orgRef: string) => `/api/orgs/${orgRef}/compliance/partner-keys`;
const mint = (orgRef: string, name: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'POST', url: keysUrl(orgRef), headers, payload: { name } as Record<string, string> });
const asPartner = (key: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { 'x-service-api-key': key }, ...(payload ? { payload } : {}) });

const KEY_SHAPE = /^svc_cpk_[0-9A-Za-z]{43}$/;

describe('minting, listing and deleting', () => {
  it('POST mints a key: 201 {key_id, name, api_key, created_at}', async () => {
    const res = await mint(org.orgId, '  GRC tool  ');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['api_key', 'created_at', 'key_id', 'name']);
    expect(body).toMatchObject({ key_id: expect.stringMatching(/^cpk_/), name: 'GRC tool', api_key: expect.stringMatching(KEY_SHAPE) });
    expect(Date.parse(body.created_at)).not.toBeNaN();
    // Kept as hash and ciphertext, never in clear.
    const stored = await t.app.mongo.db.collection('partner_keys').findOne({ _id: body.key_id });
    expect(JSON.stringify(stored)).not.toContain(body.api_key);
  });

  it('GET lists the organization’s keys, oldest first, with the key shown', async () => {
    const minted = (await mint(org.slug, 'Listed')).json();
    const res = await t.app.inject({ method: 'GET', url: keysUrl(org.slug), headers: admin });
    expect(res.statusCode).toBe(200);
    const list: Array<{ key_id: string; api_key: string; name: string }> = res.json();
    expect(list[0]).toMatchObject({ name: 'Auditor', api_key: partnerKey });
    expect(list.at(-1)).toEqual(minted);
    expect(list.map((k) => k.api_key)).not.toContain(otherPartnerKey);
  });

  it('the name must be 1 to 100 characters (422 naming the field)', async () => {
    for (const name of ['', '   ', 'x'.repeat(101), 5, undefined]) {
      const res = await mint(org.orgId, name);
      expect(res.statusCode, String(name)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation_error', detail: expect.stringContaining('name') });
    }
    expect((await mint(org.orgId, 'x'.repeat(100))).statusCode).toBe(201);
    const extra = await t.app.inject({ method: 'POST', url: keysUrl(org.orgId), headers: admin, payload: { name: 'a', scope: 'all' } });
    expect(extra.statusCode).toBe(422);
  });

  it('works with the dashboard session cookie; not with a policy key or a partner key', async () => {
    const session = await t.app.inject({ method: 'POST', url: '/api/session', payload: { admin_token: ADMIN_TOKEN } });
    const cookie = `${SESSION_COOKIE}=${session.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    expect((await t.app.inject({ method: 'GET', url: keysUrl(org.orgId), headers: { cookie } })).statusCode).toBe(200);
    expect((await mint(org.orgId, 'From the dashboard', { cookie, origin: t.config.baseUrl, 'x-csrf-token': session.json().csrf_token })).statusCode).toBe(201);

    const policy = await t.app.inject({ method: 'GET', url: keysUrl(org.orgId), headers: { 'x-service-api-key': org.apiKey } });
    expect(policy.statusCode).toBe(403);
    expect(policy.json().code).toBe('insufficient_permission');
    for (const res of [
      await asPartner(partnerKey, 'GET', keysUrl(org.orgId)),
      await asPartner(partnerKey, 'POST', keysUrl(org.orgId), { name: 'escalate' }),
      await asPartner(partnerKey, 'DELETE', `${keysUrl(org.orgId)}/cpk_x`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('partner_key_scope');
    }
    expect((await t.app.inject({ method: 'GET', url: keysUrl(org.orgId) })).statusCode).toBe(401);
  });

  it('DELETE is 204, then 404; the key stops working at once on every replica', async () => {
    const minted = (await mint(org.orgId, 'Short-lived')).json();
    const frameworks = `/api/orgs/${org.orgId}/compliance/frameworks`;
    for (const app of [t.app, replica.app]) {
      expect((await app.inject({ method: 'GET', url: frameworks, headers: { 'x-service-api-key': minted.api_key } })).statusCode).toBe(200);
    }
    const url = `${keysUrl(org.orgId)}/${minted.key_id}`;
    expect((await replica.app.inject({ method: 'DELETE', url, headers: admin })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin })).json()).toMatchObject({ code: 'not_found' });
    for (const app of [t.app, replica.app]) {
      const res = await app.inject({ method: 'GET', url: frameworks, headers: { 'x-service-api-key': minted.api_key } });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_api_key');
    }
    const list = (await t.app.inject({ method: 'GET', url: keysUrl(org.orgId), headers: admin })).json();
    expect(list.map((k: { key_id: string }) => k.key_id)).not.toContain(minted.key_id);
  });

  it('another organization’s key id is 404 under this organization, and stays', async () => {
    const theirs = (await mint(other.orgId, 'Theirs')).json();
    const res = await t.app.inject({ method: 'DELETE', url: `${keysUrl(org.orgId)}/${theirs.key_id}`, headers: admin });
    expect(res.statusCode).toBe(404);
    expect((await asPartner(theirs.api_key, 'GET', `/api/orgs/${other.orgId}/compliance/frameworks`)).statusCode).toBe(200);
  });

  it('deleting the organization deletes its partner keys', async () => {
    const doomed = await createOrg(t.app);
    const key = (await mint(doomed.orgId, 'Doomed')).json().api_key;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/organizations/${doomed.orgId}`, headers: admin })).statusCode).toBe(204);
    expect(await t.app.repos.partnerKeys.listByOrg(doomed.orgId)).toEqual([]);
    expect((await asPartner(key, 'GET', `/api/orgs/${doomed.orgId}/compliance/frameworks`)).statusCode).toBe(401);
  });
});

describe('what a partner key may do', () => {
  it('reads its own organization’s compliance frameworks (by id or slug)', async () => {
    for (const ref of [org.orgId, org.slug]) {
      const res = await asPartner(partnerKey, 'GET', `/api/orgs/${ref}/compliance/frameworks`);
      expect(res.statusCode).toBe(200);
      expect(res.json().frameworks.length).toBeGreaterThan(0);
    }
  });

  it('reads evidence and exports of its own organization', async () => {
    const evidence = await asPartner(partnerKey, 'GET', `/api/orgs/${org.orgId}/compliance/evidence?framework=SOC2`);
    expect(evidence.statusCode).toBe(200);
    const csv = await asPartner(partnerKey, 'GET', `/api/orgs/${org.orgId}/compliance/export?framework=SOC2&format=csv`);
    expect(csv.statusCode).toBe(200);
  });

  it('another organization’s compliance routes are 403 organization_mismatch', async () => {
    for (const ref of [other.orgId, other.slug]) {
      const res = await asPartner(partnerKey, 'GET', `/api/orgs/${ref}/compliance/frameworks`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('organization_mismatch');
    }
  });

  it('every other route, and every compliance write, is 403 partner_key_scope', async () => {
    const o = org.orgId;
    const refused: Array<[Parameters<typeof asPartner>[1], string, Record<string, unknown>?]> = [
      ['POST', '/api/preflight/text', { text: 'hello', destination: 'AI_TOOL' }],
      ['POST', '/v1/preflight/text', { text: 'hello', destination: 'AI_TOOL' }],
      ['GET', '/api/preflight/pf_unknown'],
      ['GET', `/api/orgs/${o}/policies`],
      ['POST', `/api/orgs/${o}/policies`, { name: 'p', rules: [] }],
      ['GET', `/api/orgs/${o}/policies/${org.policyId}`],
      ['POST', `/api/orgs/${o}/policies/${org.policyId}/regenerate-key`],
      ['GET', '/api/audit'],
      ['GET', `/api/audit?org_id=${o}`],
      ['GET', `/api/orgs/${o}/analytics`],
      ['GET', `/api/orgs/${o}/analytics/timeseries`],
      ['GET', '/api/organizations'],
      ['GET', `/api/organizations/${o}`],
      ['PATCH', `/api/organizations/${o}`, { name: 'mine now' }],
      ['DELETE', `/api/organizations/${o}`],
      ['GET', `/api/orgs/${o}/licenses`],
      ['GET', `/api/orgs/${o}/teams`],
      ['POST', `/api/orgs/${o}/teams`, { name: 'Red team' }],
      ['PUT', `/api/orgs/${o}/compliance/frameworks/SOC2`, { enabled: true }],
      ['GET', '/admin/queues'],
      ['GET', '/admin/queues/api/queues'],
      ['GET', '/metrics'],
    ];
    for (const [method, url, payload] of refused) {
      const res = await asPartner(partnerKey, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual({ code: 'partner_key_scope', detail: 'Compliance partner keys are read-only and limited to /compliance/* endpoints.' });
    }
    // Nothing changed.
    expect((await t.app.inject({ method: 'GET', url: `/api/organizations/${o}`, headers: admin })).json().name).not.toBe('mine now');
  });

  it('a malformed or unknown partner key is 401 invalid_api_key, wherever it is sent', async () => {
    for (const key of ['svc_cpk_short', `svc_cpk_${'A'.repeat(42)}!`, `svc_cpk_${'A'.repeat(43)}`]) {
      for (const url of [`/api/orgs/${org.orgId}/compliance/frameworks`, '/api/organizations', `/api/orgs/${org.orgId}/policies`]) {
        const res = await asPartner(key, 'GET', url);
        expect(res.statusCode, `${key} ${url}`).toBe(401);
        expect(res.json().code).toBe('invalid_api_key');
        expect(res.body).not.toContain(key);
      }
      expect((await asPartner(key, 'POST', '/api/preflight/text', { text: 'hi', destination: 'AI_TOOL' })).statusCode).toBe(401);
    }
  });

  it('counts against its organization’s dashboard ceiling, shared with the admin’s reads of it', async () => {
    // A fresh minute, so the fixed window cannot roll over between the two requests.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 100);
    const url = `/api/orgs/${org.orgId}/compliance/frameworks`;
    const byPartner = await asPartner(partnerKey, 'GET', url);
    const byAdmin = await t.app.inject({ method: 'GET', url, headers: admin });
    expect(byPartner.headers['x-ratelimit-limit']).toBe(String(t.config.limits.dashboardPerMinute));
    expect(Number(byAdmin.headers['x-ratelimit-remaining'])).toBe(Number(byPartner.headers['x-ratelimit-remaining']) - 1);
  });
});

describe('the OpenAPI document', () => {
  it('describes the partner key and session schemes and the partner-key routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.components.securitySchemes).toMatchObject({
      partnerKey: { type: 'apiKey', in: 'header', name: 'X-Service-API-Key' },
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
    });
    expect(Object.keys(doc.paths['/api/orgs/{org_id}/compliance/partner-keys'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(doc.paths['/api/session']).toHaveProperty('post');
  });
});
