import { describe, expect, it } from 'vitest';
import { admin, appWithOrgForFile, check, createOrg, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

const maskEmail = { name: 'Mask email', dataTypes: ['email'], destinations: ['AI_TOOL'], action: 'MASK' };
const url = (suffix = '') => `/api/orgs/${org.orgId}/policies${suffix}`;

async function createPolicy(payload: Record<string, unknown> = { name: 'P', rules: [maskEmail] }) {
  const res = await t.app.inject({ method: 'POST', url: url(), headers: admin, payload });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('policies', () => {
  it('creates with server rule ids, version 1.0, defaults and its own key', async () => {
    const p = await createPolicy({ name: 'Support', description: 'd', tags: ['SOC2:CC6.1'], rules: [maskEmail] });
    expect(p).toMatchObject({ name: 'Support', description: 'd', tags: ['SOC2:CC6.1'], version: '1.0', is_active: true, org_id: org.orgId, masking: 'label' });
    expect(p.policy_id).toMatch(/^pol_/);
    expect(p.api_key).toMatch(/^svc_sk_[0-9A-Za-z]{43}$/);
    expect(p.rules[0]).toMatchObject({ name: 'Mask email', enabled: true, dataTypes: ['EMAIL'], destinations: ['AI_TOOL'], action: 'MASK' });
    expect(p.rules[0].id).toMatch(/^rule_/);
    const stored = await t.app.mongo.db.collection('policies').findOne({ _id: p.policy_id });
    expect(JSON.stringify(stored)).not.toContain(p.api_key);
  });

  it('keeps the organization’s policy groups in step with the groups its policies name', async () => {
    const p = await createPolicy({ name: 'Marketing', group: 'marketing' });
    await t.app.inject({ method: 'PATCH', url: url(`/${p.policy_id}`), headers: admin, payload: { group: 'support' } });
    await createPolicy({ name: 'Marketing 2', group: 'marketing' });
    const groups = await t.app.mongo.db.collection('policy_groups').find({ org_id: org.orgId }).toArray();
    expect(groups.map((g) => g.name).sort()).toEqual(['default', 'marketing', 'support']);
  });

  it('gets, lists and 404s', async () => {
    const p = await createPolicy();
    expect((await t.app.inject({ method: 'GET', url: url(`/${p.policy_id}`), headers: admin })).json()).toEqual(p);
    const list = (await t.app.inject({ method: 'GET', url: url(), headers: admin })).json();
    expect(list.map((x: { policy_id: string }) => x.policy_id)).toContain(p.policy_id);
    expect((await t.app.inject({ method: 'GET', url: url('/pol_missing'), headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/orgs/no-such-org/policies', headers: admin })).statusCode).toBe(404);
  });

  it('bumps the minor version on every change of rules, and only then', async () => {
    const p = await createPolicy();
    const patch = (payload: unknown) => t.app.inject({ method: 'PATCH', url: url(`/${p.policy_id}`), headers: admin, payload: payload as object });
    const renamed = (await patch({ name: 'Renamed' })).json();
    expect(renamed).toMatchObject({ name: 'Renamed', version: '1.0' });
    const kept = { ...maskEmail, id: p.rules[0].id, dataTypes: ['EMAIL'] };
    expect((await patch({ rules: [kept] })).json().version).toBe('1.0');
    const v11 = (await patch({ rules: [kept, { name: 'Block secrets', dataTypes: ['SECRETS'], destinations: ['VENDOR'], action: 'BLOCK' }] })).json();
    expect(v11.version).toBe('1.1');
    expect(v11.rules[0].id).toBe(p.rules[0].id);
    expect(v11.rules[1].id).toMatch(/^rule_/);
    const v12 = (await patch({ rules: [{ ...kept, enabled: false }] })).json();
    expect(v12.version).toBe('1.2');
    expect(v12.rules).toHaveLength(1);
  });

  it.each([
    ['unknown data type', { rules: [{ ...maskEmail, dataTypes: ['FAVOURITE_COLOUR'] }] }, 'FAVOURITE_COLOUR'],
    ['bad destination', { rules: [{ ...maskEmail, destinations: ['MOON'] }] }, 'destinations'],
    ['bad action', { rules: [{ ...maskEmail, action: 'NUKE' }] }, 'action'],
    ['empty dataTypes', { rules: [{ ...maskEmail, dataTypes: [] }] }, 'dataTypes'],
    ['foreign rule id', { rules: [{ ...maskEmail, id: 'rule_not_mine' }] }, 'rule_not_mine'],
    ['bad masking', { masking: 'blur' }, 'masking'],
    ['is_active not boolean', { is_active: 'yes' }, 'is_active'],
  ])('rejects a patch with %s (422)', async (_name, payload, mention) => {
    const p = await createPolicy();
    const res = await t.app.inject({ method: 'PATCH', url: url(`/${p.policy_id}`), headers: admin, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(mention);
  });

  it('rejects a create without a name (422)', async () => {
    const res = await t.app.inject({ method: 'POST', url: url(), headers: admin, payload: { rules: [] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('name');
  });

  it('regenerates the key: the new one works at once, the old one is 401', async () => {
    const p = await createPolicy();
    expect((await check(t.app, p.api_key, { text: 'hi', destination: 'AI_TOOL' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: url(`/${p.policy_id}/regenerate-key`), headers: admin });
    expect(res.statusCode).toBe(200);
    const { api_key: fresh, policy_id } = res.json();
    expect(policy_id).toBe(p.policy_id);
    expect(fresh).not.toBe(p.api_key);
    expect((await check(t.app, p.api_key, { text: 'hi', destination: 'AI_TOOL' })).statusCode).toBe(401);
    expect((await check(t.app, fresh, { text: 'hi', destination: 'AI_TOOL' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: url(`/${p.policy_id}`), headers: admin })).json().api_key).toBe(fresh);
  });

  it('deactivating makes its key 403 "policy inactive"; reactivating restores it', async () => {
    const p = await createPolicy();
    await t.app.inject({ method: 'PATCH', url: url(`/${p.policy_id}`), headers: admin, payload: { is_active: false } });
    const res = await check(t.app, p.api_key, { text: 'hi', destination: 'AI_TOOL' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('policy_inactive');
    await t.app.inject({ method: 'PATCH', url: url(`/${p.policy_id}`), headers: admin, payload: { is_active: true } });
    expect((await check(t.app, p.api_key, { text: 'hi', destination: 'AI_TOOL' })).statusCode).toBe(200);
  });

  it('deletes with 204 and its key dies with it', async () => {
    const p = await createPolicy();
    const del = await t.app.inject({ method: 'DELETE', url: url(`/${p.policy_id}`), headers: admin });
    expect(del.statusCode).toBe(204);
    expect((await check(t.app, p.api_key, { text: 'hi', destination: 'AI_TOOL' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: url(`/${p.policy_id}`), headers: admin })).statusCode).toBe(404);
  });

  it('does not let one organization reach another organization’s policy', async () => {
    const other = await createOrg(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/orgs/${other.orgId}/policies/${org.policyId}`, headers: admin });
    expect(res.statusCode).toBe(404);
  });

  it('applies the new rules to the next check', async () => {
    const p = await createPolicy({ name: 'Allow all', rules: [] });
    const text = 'mail jane.roe@example.com';
    expect((await check(t.app, p.api_key, { text, destination: 'AI_TOOL' })).json().decision).toBe('ALLOWED');
    await t.app.inject({ method: 'PATCH', url: url(`/${p.policy_id}`), headers: admin, payload: { rules: [maskEmail] } });
    const after = (await check(t.app, p.api_key, { text, destination: 'AI_TOOL' })).json();
    expect(after).toMatchObject({ decision: 'ALLOWED_WITH_MASKING', policy_version: '1.1', masked_content: 'mail [EMAIL]' });
  });
});
