// The change log (docs/change-log.md): every management change made through the API is recorded
// with who made it and the settings before and after, never a key, a key's hash or a secret; it is
// read newest first by the admin, filtered and paged. Real Redis and FerretDB.
import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/api/schemas/session.js';
import { admin, ADMIN_TOKEN, appWithOrgForFile, createOrg, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

interface Change {
  change_id: string;
  at: string;
  org_id: string;
  action: string;
  target_type: string;
  target_id: string;
  actor: { kind: string; via: string; session_hash: string | null; key_id: string | null; user_id: string | null; email: string | null; role: string | null };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const call = async (method: InjectOptions['method'], url: string, payload?: Record<string, unknown>, headers: Record<string, string> = admin) => {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.body ? res.json() : null;
};

const changesUrl = (orgRef: string, query = '') => `/api/orgs/${orgRef}/changes${query}`;
const listChanges = (orgRef: string, query = '', headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url: changesUrl(orgRef, query), headers });

/** Every change of the organization, newest first, read page by page. */
async function allChanges(orgRef: string, query = ''): Promise<Change[]> {
  const items: Change[] = [];
  let cursor: string | null = null;
  do {
    const sep = query || cursor ? '?' : '';
    const params = [query, cursor ? `cursor=${cursor}` : ''].filter(Boolean).join('&');
    const res = await listChanges(orgRef, `${sep}${params}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

const rule = { name: 'Mask email', enabled: true, dataTypes: ['EMAIL'], destinations: ['AI_TOOL'], action: 'MASK' };
const ALLOWED_VALUE = 'allowed-person@example.com';

/** One of each management change, through the API; what each answered that must never reach the log. */
async function everyChange(fixture: OrgFixture) {
  const base = `/api/orgs/${fixture.orgId}`;
  const secrets: string[] = [fixture.licenseKey, fixture.apiKey];
  await call('PATCH', `/api/organizations/${fixture.orgId}`, { name: 'Renamed org', settings: { primary_color: '#abcdef' } });
  const policy = await call('POST', `${base}/policies`, { name: 'Logged', rules: [rule], allow: [{ value: ALLOWED_VALUE }] });
  secrets.push(policy.api_key);
  await call('PATCH', `${base}/policies/${policy.policy_id}`, { rules: [{ ...rule, id: policy.rules[0].id, action: 'BLOCK' }] });
  secrets.push((await call('POST', `${base}/policies/${policy.policy_id}/regenerate-key`)).api_key);
  const license = await call('POST', `${base}/licenses`, { license_type: 'standard' });
  secrets.push(license.license_key);
  await call('PUT', `${base}/compliance/frameworks/SOC2`, { enabled: true });
  const team = await call('POST', `${base}/teams`, { name: 'Security' });
  await call('PATCH', `${base}/teams/${team.team_id}`, { name: 'Security engineering' });
  const tag = await call('POST', `${base}/teams/${team.team_id}/tags`, { framework: 'SOC2', control_id: 'CC6.1', rule_id: policy.rules[0].id });
  await call('DELETE', `${base}/teams/${team.team_id}/tags/${tag.tag_id}`);
  await call('POST', `${base}/teams/${team.team_id}/tags`, { framework: 'SOC2', control_id: 'CC6.6', rule_id: policy.rules[0].id });
  await call('DELETE', `${base}/teams/${team.team_id}`);
  const partner = await call('POST', `${base}/compliance/partner-keys`, { name: 'Auditor' });
  secrets.push(partner.api_key);
  await call('DELETE', `${base}/compliance/partner-keys/${partner.key_id}`);
  await call('PUT', `${base}/compliance/schedule`, { cron: '0 6 * * *' });
  await call('DELETE', `${base}/compliance/schedule`);
  await call('PUT', `${base}/compliance/frameworks/SOC2`, { enabled: false });
  await call('DELETE', `${base}/policies/${policy.policy_id}`);
  await call('DELETE', `${base}/licenses/${license.license_id}`);
  return { policy, license, team, tag, partner, secrets };
}

const EVERY_ACTION = [
  'organization.create',
  'license.issue',
  'policy.create',
  'organization.update',
  'policy.create',
  'policy.update',
  'policy.regenerate_key',
  'license.issue',
  'framework.opt_in',
  'team.create',
  'team.rename',
  'control_tag.add',
  'control_tag.remove',
  'control_tag.add',
  'team.delete',
  'partner_key.create',
  'partner_key.delete',
  'bundle_schedule.set',
  'bundle_schedule.delete',
  'framework.opt_out',
  'policy.delete',
  'license.revoke',
];

describe('what is recorded', () => {
  let fixture: OrgFixture;
  let made: Awaited<ReturnType<typeof everyChange>>;
  let changes: Change[];
  beforeAll(async () => {
    fixture = await createOrg(t.app);
    made = await everyChange(fixture);
    changes = await allChanges(fixture.orgId);
  });

  it('every management change, newest first, by the admin token', () => {
    expect(changes.map((c) => c.action)).toEqual([...EVERY_ACTION].reverse());
    for (const c of changes) {
      expect(c.org_id).toBe(fixture.orgId);
      expect(c.actor).toEqual({ kind: 'admin', via: 'token', session_hash: null, key_id: null, user_id: null, email: null, role: null });
      expect(c.change_id).toMatch(/^chg_/);
    }
    const times = changes.map((c) => Date.parse(c.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('the settings before and after each change', () => {
    const find = (action: string) => changes.filter((c) => c.action === action);
    const [created] = find('organization.create');
    expect(created).toMatchObject({ target_type: 'organization', target_id: fixture.orgId, before: null });
    expect(created?.after).toEqual({ name: `Org ${fixture.slug}`, slug: fixture.slug, settings: { admin_email: 'admin@example.com', primary_color: '#112233' } });
    const [updated] = find('organization.update');
    expect(updated?.before).toMatchObject({ name: `Org ${fixture.slug}`, settings: { primary_color: '#112233' } });
    expect(updated?.after).toMatchObject({ name: 'Renamed org', settings: { admin_email: 'admin@example.com', primary_color: '#abcdef' } });

    const [policyUpdate] = find('policy.update');
    expect(policyUpdate).toMatchObject({ target_type: 'policy', target_id: made.policy.policy_id });
    expect(policyUpdate?.before).toMatchObject({ version: '1.0', rules: [{ id: made.policy.rules[0].id, action: 'MASK' }] });
    expect(policyUpdate?.after).toMatchObject({ version: '1.1', rules: [{ id: made.policy.rules[0].id, action: 'BLOCK' }] });
    expect(find('policy.regenerate_key')[0]).toMatchObject({ target_id: made.policy.policy_id, before: null, after: null });
    expect(find('policy.delete')[0]).toMatchObject({ before: { name: 'Logged', version: '1.1' }, after: null });

    expect(find('license.revoke')[0]).toMatchObject({ target_id: made.license.license_id, before: { status: 'active' }, after: { status: 'revoked', license_type: 'standard' } });
    expect(find('framework.opt_in')[0]).toMatchObject({ target_type: 'framework', target_id: 'SOC2', before: { enabled: false, enabled_at: null }, after: { enabled: true } });
    expect(find('framework.opt_out')[0]).toMatchObject({ before: { enabled: true }, after: { enabled: false, enabled_at: null } });
    expect(find('team.rename')[0]).toMatchObject({ target_id: made.team.team_id, before: { name: 'Security' }, after: { name: 'Security engineering' } });
    expect(find('control_tag.remove')[0]).toMatchObject({ target_id: made.tag.tag_id, before: { framework: 'SOC2', control_id: 'CC6.1', rule_id: made.policy.rules[0].id } });
    // The tags a team takes with it are in its deletion.
    expect(find('team.delete')[0]?.before).toMatchObject({ name: 'Security engineering', tags: [{ control_id: 'CC6.6' }] });
    expect(find('partner_key.create')[0]).toMatchObject({ target_id: made.partner.key_id, after: { name: 'Auditor' } });
    expect(find('bundle_schedule.set')[0]).toMatchObject({ before: null, after: { cron: '0 6 * * *', days: 30, timezone: 'UTC' } });
  });

  it('never a raw key, a key hash, a key ciphertext or an allowlisted value', async () => {
    const stored = JSON.stringify(await t.app.mongo.db.collection('change_log').find({ org_id: fixture.orgId }).toArray());
    const served = JSON.stringify(changes);
    const db = t.app.mongo.db;
    const keyDocs = [
      ...(await db.collection('policies').find({ org_id: fixture.orgId }).toArray()),
      ...(await db.collection('licenses').find({ org_id: fixture.orgId }).toArray()),
    ];
    const hashes = keyDocs.flatMap((d) => [d.key_hash as string, d.key_enc as string]);
    expect(hashes.length).toBeGreaterThanOrEqual(6);
    for (const secret of [...made.secrets, ...hashes, ALLOWED_VALUE]) {
      expect(stored).not.toContain(secret);
      expect(served).not.toContain(secret);
    }
    for (const field of ['key_hash', 'key_enc', 'api_key', 'license_key']) expect(stored).not.toContain(field);
    expect(changes.find((c) => c.action === 'policy.create' && c.target_id === made.policy.policy_id)?.after).toMatchObject({ allow: [{ value: '[redacted]' }] });
  });

  it('what was refused is not recorded: a 409 or 422 leaves no entry', async () => {
    const base = `/api/orgs/${fixture.orgId}`;
    await call('POST', `${base}/teams`, { name: 'Unique' });
    const duplicate = await t.app.inject({ method: 'POST', url: `${base}/teams`, headers: admin, payload: { name: 'UNIQUE' } });
    expect(duplicate.statusCode).toBe(409);
    const invalid = await t.app.inject({ method: 'PATCH', url: `${base}/policies/${fixture.policyId}`, headers: admin, payload: { rules: [{ ...rule, dataTypes: ['NOT_A_TYPE'] }] } });
    expect(invalid.statusCode).toBe(422);
    const missing = await t.app.inject({ method: 'DELETE', url: `${base}/policies/pol_missing`, headers: admin });
    expect(missing.statusCode).toBe(404);
    const after = await allChanges(fixture.orgId);
    expect(after.filter((c) => c.action === 'team.create').map((c) => c.after?.name)).toEqual(['Unique', 'Security']);
    expect(after.filter((c) => c.action === 'policy.update')).toHaveLength(1);
    expect(after.filter((c) => c.action === 'policy.delete')).toHaveLength(1);
  });
});

describe('who', () => {
  it('a dashboard session is named by the SHA-256 of its id, never by its cookie', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/session', payload: { admin_token: ADMIN_TOKEN } });
    const cookie = signIn.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!cookie) throw new Error('no session cookie');
    const unsigned = t.app.unsignCookie(decodeURIComponent(cookie.value));
    if (!unsigned.valid || !unsigned.value) throw new Error('cookie does not verify');
    await call('PATCH', `/api/organizations/${org.orgId}`, { name: 'Named in a session' }, { cookie: `${SESSION_COOKIE}=${cookie.value}`, 'x-csrf-token': signIn.json().csrf_token });
    const [latest] = (await listChanges(org.orgId, '?limit=1')).json().items as Change[];
    expect(latest).toMatchObject({ action: 'organization.update', after: { name: 'Named in a session' } });
    expect(latest?.actor).toEqual({
      kind: 'admin',
      via: 'session',
      session_hash: createHash('sha256').update(unsigned.value).digest('hex'),
      key_id: null,
      user_id: null,
      email: null,
      role: null,
    });
    const stored = JSON.stringify(await t.app.mongo.db.collection('change_log').find({ org_id: org.orgId }).toArray());
    expect(stored).not.toContain(unsigned.value);
    expect(stored).not.toContain(cookie.value);
  });

  it('only the admin reads the log: 401 without credentials, 403 for a policy or partner key', async () => {
    expect((await listChanges(org.orgId, '', {})).json()).toMatchObject({ code: 'missing_credentials' });
    const asPolicy = await listChanges(org.orgId, '', { 'x-service-api-key': org.apiKey });
    expect(asPolicy.statusCode).toBe(403);
    expect(asPolicy.json().code).toBe('insufficient_permission');
    const partner = await call('POST', `/api/orgs/${org.orgId}/compliance/partner-keys`, { name: 'Reader' });
    const asPartner = await listChanges(org.orgId, '', { 'x-service-api-key': partner.api_key });
    expect(asPartner.statusCode).toBe(403);
    expect(asPartner.json().code).toBe('partner_key_scope');
  });
});

describe('reading', () => {
  it('filters by action, target type and target id, by slug as by id', async () => {
    const fixture = await createOrg(t.app);
    await everyChange(fixture);
    const byAction = await allChanges(fixture.slug, 'action=policy.create');
    expect(byAction.map((c) => c.action)).toEqual(['policy.create', 'policy.create']);
    const teams = await allChanges(fixture.orgId, 'target_type=team');
    expect(teams.map((c) => c.action)).toEqual(['team.delete', 'team.rename', 'team.create']);
    const ofDefault = await allChanges(fixture.orgId, `target_id=${fixture.policyId}`);
    expect(ofDefault.map((c) => c.action)).toEqual(['policy.create']);
  });

  it('pages newest first with limit and next_cursor, and a window of from and to', async () => {
    const fixture = await createOrg(t.app);
    await everyChange(fixture);
    const all = await allChanges(fixture.orgId);
    const first = (await listChanges(fixture.orgId, '?limit=5')).json();
    expect(first.items.map((c: Change) => c.change_id)).toEqual(all.slice(0, 5).map((c) => c.change_id));
    expect(first.limit).toBe(5);
    const second = (await listChanges(fixture.orgId, `?limit=5&cursor=${first.next_cursor}`)).json();
    expect(second.items.map((c: Change) => c.change_id)).toEqual(all.slice(5, 10).map((c) => c.change_id));
    const last = (await listChanges(fixture.orgId, `?limit=${all.length}`)).json();
    expect(last.next_cursor).toBeNull();

    const middle = all[10]!;
    const to = encodeURIComponent(middle.at);
    const upTo = await allChanges(fixture.orgId, `to=${to}`);
    expect(upTo.every((c) => c.at <= middle.at)).toBe(true);
    expect(upTo.map((c) => c.change_id)).toContain(middle.change_id);
    const from = await allChanges(fixture.orgId, `from=${to}`);
    expect(from.every((c) => c.at >= middle.at)).toBe(true);
    expect(from.length + upTo.length).toBeGreaterThanOrEqual(all.length);
    expect(await allChanges(fixture.orgId, 'to=2020-01-01')).toEqual([]);
    expect((await allChanges(fixture.orgId, `from=${middle.at.slice(0, 10)}`)).length).toBe(all.length);
  });

  it('refuses bad values with 422 naming the parameter', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['?action=policy.rename', 'validation_error', /action: must be one of organization\.create/],
      ['?target_type=rule', 'validation_error', /target_type: must be one of/],
      ['?limit=0', 'validation_error', /limit must be at least 1/],
      ['?limit=201', 'validation_error', /limit must be at most 200/],
      ['?limit=ten', 'validation_error', /limit must be an integer/],
      ['?from=yesterday', 'validation_error', /from/],
      ['?from=2026-02-02&to=2026-02-01', 'validation_error', /from must not be after to/],
      ['?cursor=not-a-cursor', 'invalid_cursor', /cursor/],
      [`?cursor=${org.policyId}`, 'invalid_cursor', /cursor/],
    ];
    for (const [query, code, detail] of cases) {
      const res = await listChanges(org.orgId, query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code, query).toBe(code);
      expect(res.json().detail, query).toMatch(detail);
    }
  });

  it('outlives its organization: read by the deleted organization’s id, 404 for one that never was', async () => {
    const fixture = await createOrg(t.app);
    await call('DELETE', `/api/organizations/${fixture.orgId}`);
    const changes = await allChanges(fixture.orgId);
    expect(changes.map((c) => c.action)).toEqual(['organization.delete', 'policy.create', 'license.issue', 'organization.create']);
    expect(changes[0]).toMatchObject({ before: { slug: fixture.slug }, after: null });
    expect((await listChanges(fixture.slug)).statusCode).toBe(404);
    const never = await listChanges('org_000000000000000000000000');
    expect(never.statusCode).toBe(404);
    expect(never.json().code).toBe('not_found');
  });
});
