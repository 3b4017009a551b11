import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, check, createOrg, drained, startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const newOrg = (slug: string, extra: Record<string, unknown> = {}) => ({
  name: 'Acme Health',
  slug,
  settings: { admin_email: 'sec@acme.example', primary_color: '#ff0000' },
  ...extra,
});

describe('organizations', () => {
  it('creates an organization with its trial license, default group and default policy', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: admin, payload: newOrg('acme') });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Acme Health', slug: 'acme', settings: { admin_email: 'sec@acme.example', primary_color: '#ff0000' } });
    expect(body.org_id).toMatch(/^org_/);
    expect(body.license_id).toMatch(/^lic_/);
    expect(body.license_key).toMatch(/^svc_lic_[0-9A-Za-z]{43}$/);
    expect(body.license_type).toBe('trial');
    const days = (Date.parse(body.license_expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const policies = (await t.app.inject({ method: 'GET', url: `/api/orgs/${body.org_id}/policies`, headers: admin })).json();
    expect(policies).toHaveLength(1);
    expect(policies[0]).toMatchObject({ name: 'Default policy', version: '1.0', is_active: true, group: 'default', license_id: body.license_id });
    const byCategory = Object.fromEntries(policies[0].rules.map((r: { dataTypes: string[]; destinations: string[]; action: string }) => [`${r.dataTypes.join()}:${r.action}`, r.destinations]));
    expect(byCategory['SECRETS:BLOCK']).toEqual(['AI_TOOL', 'VENDOR', 'CUSTOMER']);
    expect(byCategory['PHI:BLOCK']).toEqual(['AI_TOOL', 'VENDOR']);
    expect(byCategory['PHI:MASK']).toEqual(['CUSTOMER']);

    const group = await t.app.mongo.db.collection('policy_groups').findOne({ org_id: body.org_id });
    expect(group?.name).toBe('default');
  });

  it('answers 409 for a duplicate slug and keeps the first organization intact', async () => {
    await createOrg(t.app, 'dup-slug');
    const res = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: admin, payload: newOrg('dup-slug') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', detail: expect.stringContaining('dup-slug') });
    expect(await t.app.mongo.db.collection('organizations').countDocuments({ slug: 'dup-slug' })).toBe(1);
  });

  it.each([
    ['bad slug', newOrg('Not A Slug'), 'slug'],
    ['one-letter slug', newOrg('a'), 'slug'],
    ['missing name', { slug: 'ok-slug', settings: { admin_email: 'a@b.co' } }, 'name'],
    ['bad email', newOrg('ok-slug', { settings: { admin_email: 'nope' } }), 'settings.admin_email'],
    ['bad color', newOrg('ok-slug', { settings: { admin_email: 'a@b.co', primary_color: 'red' } }), 'settings.primary_color'],
    ['unknown field', newOrg('ok-slug', { plan: 'gold' }), 'plan'],
  ])('rejects %s with 422 naming the field', async (_name, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: admin, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_error');
    expect(res.json().detail).toContain(field);
  });

  it('gets by id or slug, without license fields', async () => {
    const org = await createOrg(t.app, 'by-ref');
    for (const ref of [org.orgId, 'by-ref']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/organizations/${ref}`, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().org_id).toBe(org.orgId);
      expect(res.json()).not.toHaveProperty('license_key');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/organizations/no-such-org', headers: admin })).statusCode).toBe(404);
  });

  it('lists organizations without license fields', async () => {
    const org = await createOrg(t.app);
    const list = (await t.app.inject({ method: 'GET', url: '/api/organizations', headers: admin })).json();
    const found = list.find((o: { org_id: string }) => o.org_id === org.orgId);
    expect(found).toBeDefined();
    expect(found).not.toHaveProperty('license_key');
  });

  it('patches name and merges settings', async () => {
    const org = await createOrg(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/organizations/${org.slug}`,
      headers: admin,
      payload: { name: 'Renamed', settings: { primary_color: '#abcdef' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', settings: { admin_email: 'admin@example.com', primary_color: '#abcdef' } });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(res.json().created_at));
    const slugChange = await t.app.inject({ method: 'PATCH', url: `/api/organizations/${org.slug}`, headers: admin, payload: { slug: 'other' } });
    expect(slugChange.statusCode).toBe(422);
  });

  it('deletes with 204; its keys stop working and its audit trail stays', async () => {
    const org = await createOrg(t.app);
    expect((await check(t.app, org.apiKey, { text: 'hello', destination: 'VENDOR' })).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/organizations/${org.orgId}`, headers: admin });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await t.app.inject({ method: 'GET', url: `/api/organizations/${org.orgId}`, headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/organizations/${org.orgId}`, headers: admin })).statusCode).toBe(404);
    expect((await check(t.app, org.apiKey, { text: 'hello', destination: 'VENDOR' })).statusCode).toBe(401);
    await drained(t.app);
    expect(await t.app.mongo.db.collection('policies').countDocuments({ org_id: org.orgId })).toBe(0);
    expect(await t.app.mongo.db.collection('licenses').countDocuments({ org_id: org.orgId })).toBe(0);
    expect(await t.app.mongo.db.collection('audit').countDocuments({ org_id: org.orgId })).toBe(1);
  });
});
