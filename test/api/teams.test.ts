// Teams and control tags (DESIGN §28, issue 6 item 2): CRUD, validation against the catalog and the
// org's rules, uniqueness, and tags removed with their rule, policy, team or organization.
import { describe, expect, it } from 'vitest';
import { FRAMEWORKS } from '../../src/compliance/catalog.js';
import { ADMIN_TOKEN, admin, appWithOrgForFile, createOrg, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

const teamsUrl = (orgId: string, suffix = '') => `/api/orgs/${orgId}/teams${suffix}`;
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

let teamCounter = 0;
async function createTeam(orgId = org.orgId, name = `Team ${++teamCounter}`) {
  const res = await inject('POST', teamsUrl(orgId), { name });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const maskEmail = { name: 'Mask email', dataTypes: ['EMAIL'], destinations: ['AI_TOOL'], action: 'MASK' };
const blockSecrets = { name: 'Block secrets', dataTypes: ['SECRETS'], destinations: ['VENDOR'], action: 'BLOCK' };

async function createPolicy(orgId = org.orgId, rules: object[] = [maskEmail, blockSecrets]) {
  const res = await inject('POST', `/api/orgs/${orgId}/policies`, { name: `Policy ${++teamCounter}`, rules });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function addTag(orgId: string, teamId: string, payload: object) {
  return inject('POST', teamsUrl(orgId, `/${teamId}/tags`), payload);
}

async function tagOf(orgId: string, teamId: string, payload: object) {
  const res = await addTag(orgId, teamId, payload);
  expect(res.statusCode).toBe(201);
  return res.json();
}

const tagsOf = async (orgId: string, teamId: string, query = '') => (await inject('GET', teamsUrl(orgId, `/${teamId}/tags${query}`))).json();
const storedTags = (orgId: string) => t.app.repos.controlTags.listByOrg(orgId);

function expectError(res: { statusCode: number; json(): { detail: string; code: string } }, status: number, code: string, ...inDetail: string[]) {
  expect(res.statusCode).toBe(status);
  expect(res.json().code).toBe(code);
  for (const text of inDetail) expect(res.json().detail).toContain(text);
}

describe('authentication', () => {
  it('answers 401 without credentials and 403 to a policy API key, on every route', async () => {
    const team = await createTeam();
    const routes: Array<[string, string]> = [
      ['GET', teamsUrl(org.orgId)],
      ['POST', teamsUrl(org.orgId)],
      ['GET', teamsUrl(org.orgId, `/${team.team_id}`)],
      ['PATCH', teamsUrl(org.orgId, `/${team.team_id}`)],
      ['DELETE', teamsUrl(org.orgId, `/${team.team_id}`)],
      ['GET', teamsUrl(org.orgId, `/${team.team_id}/tags`)],
      ['POST', teamsUrl(org.orgId, `/${team.team_id}/tags`)],
      ['DELETE', teamsUrl(org.orgId, `/${team.team_id}/tags/tag_x`)],
    ];
    for (const [method, url] of routes) {
      const anonymous = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' } });
      expectError(anonymous, 401, 'missing_credentials');
      const policyKey = await t.app.inject({ method: method as 'GET', url, headers: { 'x-service-api-key': org.apiKey } });
      expectError(policyKey, 403, 'insufficient_permission');
    }
    expect((await inject('GET', teamsUrl(org.orgId, `/${team.team_id}`))).statusCode).toBe(200);
  });

  it('refuses a compliance partner key (403): teams are managed, not read, by partners', async () => {
    const minted = await inject('POST', `/api/orgs/${org.orgId}/compliance/partner-keys`, { name: 'Auditor' });
    expect(minted.statusCode).toBe(201);
    const partner = { 'x-service-api-key': minted.json().api_key };
    expectError(await t.app.inject({ method: 'GET', url: teamsUrl(org.orgId), headers: partner }), 403, 'partner_key_scope');
    expectError(await t.app.inject({ method: 'POST', url: teamsUrl(org.orgId), headers: partner, payload: { name: 'Partner team' } }), 403, 'partner_key_scope');
  });

  it('admits a dashboard session cookie', async () => {
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/session', payload: { admin_token: ADMIN_TOKEN } });
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const created = await t.app.inject({ method: 'POST', url: teamsUrl(org.orgId), headers: { cookie, 'x-csrf-token': signedIn.json().csrf_token }, payload: { name: 'Session team' } });
    expect(created.statusCode).toBe(201);
    const listed = await t.app.inject({ method: 'GET', url: teamsUrl(org.orgId), headers: { cookie } });
    expect(listed.json().map((x: { name: string }) => x.name)).toContain('Session team');
  });
});

describe('teams', () => {
  it('creates a team with a trimmed name, and gets it by id under the org id or slug', async () => {
    const res = await inject('POST', teamsUrl(org.orgId), { name: '  Security Engineering  ' });
    expect(res.statusCode).toBe(201);
    const team = res.json();
    expect(team).toEqual({
      team_id: expect.stringMatching(/^team_/),
      org_id: org.orgId,
      name: 'Security Engineering',
      tag_count: 0,
      created_at: expect.any(String),
      updated_at: team.created_at,
    });
    expect((await inject('GET', teamsUrl(org.orgId, `/${team.team_id}`))).json()).toEqual(team);
    expect((await inject('GET', teamsUrl(org.slug, `/${team.team_id}`))).json()).toEqual(team);
  });

  it('lists the teams of the org sorted by name regardless of case, with their tag counts', async () => {
    const other = await createOrg(t.app);
    const names = ['delta', 'Bravo', 'alpha', 'Charlie'];
    const created = [];
    for (const name of names) created.push(await createTeam(other.orgId, name));
    const policy = await createPolicy(other.orgId);
    const bravo = created[1];
    await tagOf(other.orgId, bravo.team_id, { framework: 'SOC2', control_id: 'CC6.1', rule_id: policy.rules[0].id });
    await tagOf(other.orgId, bravo.team_id, { framework: 'GDPR', control_id: 'Art. 32', rule_id: policy.rules[1].id });
    const list = (await inject('GET', teamsUrl(other.orgId))).json();
    expect(list.map((x: { name: string }) => x.name)).toEqual(['alpha', 'Bravo', 'Charlie', 'delta']);
    expect(list.map((x: { tag_count: number }) => x.tag_count)).toEqual([0, 2, 0, 0]);
    expect((await inject('GET', teamsUrl(other.orgId, `/${bravo.team_id}`))).json().tag_count).toBe(2);
    expect(await t.app.repos.teams.listByOrg(other.orgId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: bravo.team_id, org_id: other.orgId, name: 'Bravo', name_key: 'bravo' })]),
    );
  });

  it.each([
    ['an empty name', { name: '' }, 'name: must not be empty'],
    ['a name of spaces', { name: '   ' }, 'name: must not be empty'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name: must be at most 100 characters'],
    ["a name with ';'", { name: 'Red;Blue' }, "name: must not contain ';'"],
    ['a name with a newline', { name: 'Red\nBlue' }, 'name: must not contain'],
    ['a name with a NUL', { name: 'Red\u0000Blue' }, 'name: must not contain'],
    ['a name that is not a string', { name: 42 }, 'name: must be a string'],
    ['no name', {}, 'name: is required'],
    ['an unknown field', { name: 'Ops', owner: 'x' }, 'owner'],
  ])('refuses %s (422 naming the field)', async (_what, payload, inDetail) => {
    expectError(await inject('POST', teamsUrl(org.orgId), payload), 422, 'validation_error', inDetail);
  });

  it('accepts exactly 100 characters after trimming', async () => {
    expect((await inject('POST', teamsUrl(org.orgId), { name: ` ${'y'.repeat(100)} ` })).statusCode).toBe(201);
  });

  it('refuses a name another team of the org has in any case (409); another org may use it', async () => {
    await createTeam(org.orgId, 'Platform Ops');
    expectError(await inject('POST', teamsUrl(org.orgId), { name: 'PLATFORM OPS' }), 409, 'conflict', 'PLATFORM OPS');
    expectError(await inject('POST', teamsUrl(org.orgId), { name: ' platform ops ' }), 409, 'conflict');
    const other = await createOrg(t.app);
    expect((await inject('POST', teamsUrl(other.orgId), { name: 'Platform Ops' })).statusCode).toBe(201);
  });

  it('creates one team when the same name is posted concurrently', async () => {
    const statuses = await Promise.all(Array.from({ length: 5 }, () => inject('POST', teamsUrl(org.orgId), { name: 'Race Team' }))).then((all) =>
      all.map((r) => r.statusCode).sort(),
    );
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
  });

  it('renames a team (also to another case of its own name) and refuses a name in use (409)', async () => {
    const team = await createTeam(org.orgId, 'Data Team');
    await createTeam(org.orgId, 'Taken');
    const renamed = await inject('PATCH', teamsUrl(org.orgId, `/${team.team_id}`), { name: ' DATA team ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ team_id: team.team_id, name: 'DATA team', created_at: team.created_at });
    expect(Date.parse(renamed.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(team.updated_at));
    expectError(await inject('PATCH', teamsUrl(org.orgId, `/${team.team_id}`), { name: 'taken' }), 409, 'conflict');
    expectError(await inject('PATCH', teamsUrl(org.orgId, `/${team.team_id}`), { name: 'a;b' }), 422, 'validation_error', 'name');
    expectError(await inject('PATCH', teamsUrl(org.orgId, `/${team.team_id}`), {}), 422, 'validation_error', 'name');
    expect((await inject('GET', teamsUrl(org.orgId, `/${team.team_id}`))).json().name).toBe('DATA team');
  });

  it('answers 404 for an unknown team, another org’s team and an unknown org', async () => {
    const other = await createOrg(t.app);
    const theirs = await createTeam(other.orgId, 'Theirs');
    for (const teamId of ['team_missing', theirs.team_id]) {
      const url = teamsUrl(org.orgId, `/${teamId}`);
      expectError(await inject('GET', url), 404, 'not_found', 'Team');
      expectError(await inject('PATCH', url, { name: 'Mine now' }), 404, 'not_found', 'Team');
      expectError(await inject('DELETE', url), 404, 'not_found', 'Team');
      expectError(await inject('GET', `${url}/tags`), 404, 'not_found', 'Team');
      expectError(await addTag(org.orgId, teamId, { framework: 'SOC2', control_id: 'CC6.1', rule_id: org.policyId }), 404, 'not_found');
    }
    expect((await inject('GET', teamsUrl(other.orgId, `/${theirs.team_id}`))).json().name).toBe('Theirs');
    expectError(await inject('GET', teamsUrl('no-such-org')), 404, 'not_found', 'Organization');
  });

  it('deletes a team (204) with every tag it owns; other teams keep theirs', async () => {
    const policy = await createPolicy();
    const doomed = await createTeam();
    const kept = await createTeam();
    await tagOf(org.orgId, doomed.team_id, { framework: 'SOC2', control_id: 'CC6.1', rule_id: policy.rules[0].id });
    await tagOf(org.orgId, doomed.team_id, { framework: 'HIPAA', control_id: '164.312(b)', rule_id: policy.rules[1].id });
    const keptTag = await tagOf(org.orgId, kept.team_id, { framework: 'SOC2', control_id: 'CC6.1', rule_id: policy.rules[0].id });
    const res = await inject('DELETE', teamsUrl(org.orgId, `/${doomed.team_id}`));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await inject('GET', teamsUrl(org.orgId, `/${doomed.team_id}`))).statusCode).toBe(404);
    const left = await storedTags(org.orgId);
    expect(left.filter((tag) => tag.team_id === doomed.team_id)).toEqual([]);
    expect(left.map((tag) => tag._id)).toContain(keptTag.tag_id);
  });
});

describe('control tags', () => {
  it('tags a rule to a control, storing the rule’s policy, and lists the team’s tags', async () => {
    const policy = await createPolicy();
    const team = await createTeam();
    const res = await addTag(org.orgId, team.team_id, { framework: 'SOC2', control_id: 'CC6.6', rule_id: policy.rules[1].id });
    expect(res.statusCode).toBe(201);
    const tag = res.json();
    expect(tag).toEqual({
      tag_id: expect.stringMatching(/^tag_/),
      team_id: team.team_id,
      framework: 'SOC2',
      control_id: 'CC6.6',
      rule_id: policy.rules[1].id,
      rule_name: 'Block secrets',
      policy_id: policy.policy_id,
      policy_name: policy.name,
      created_at: expect.any(String),
    });
    const withPolicy = await tagOf(org.orgId, team.team_id, { framework: 'GDPR', control_id: ' Art. 5(1)(c) ', rule_id: policy.rules[0].id, policy_id: policy.policy_id });
    expect(withPolicy).toMatchObject({ framework: 'GDPR', control_id: 'Art. 5(1)(c)', policy_id: policy.policy_id });
    expect(await tagsOf(org.orgId, team.team_id)).toEqual([tag, withPolicy]);
    expect(await tagsOf(org.orgId, team.team_id, '?framework=GDPR')).toEqual([withPolicy]);
    expect(await tagsOf(org.orgId, team.team_id, '?framework=HIPAA')).toEqual([]);
    const stored = (await storedTags(org.orgId)).find((d) => d._id === tag.tag_id);
    expect(stored).toEqual({
      _id: tag.tag_id,
      org_id: org.orgId,
      team_id: team.team_id,
      framework: 'SOC2',
      control_id: 'CC6.6',
      rule_id: policy.rules[1].id,
      policy_id: policy.policy_id,
      created_at: new Date(tag.created_at),
    });
  });

  it('shows the rule’s and policy’s current names', async () => {
    const policy = await createPolicy();
    const team = await createTeam();
    await tagOf(org.orgId, team.team_id, { framework: 'ISO27001', control_id: 'A.8.11', rule_id: policy.rules[0].id });
    const patched = await inject('PATCH', `/api/orgs/${org.orgId}/policies/${policy.policy_id}`, {
      name: 'Renamed policy',
      rules: [{ ...maskEmail, id: policy.rules[0].id, name: 'Mask addresses' }, { ...blockSecrets, id: policy.rules[1].id }],
    });
    expect(patched.statusCode).toBe(200);
    expect(await tagsOf(org.orgId, team.team_id)).toEqual([expect.objectContaining({ rule_name: 'Mask addresses', policy_name: 'Renamed policy' })]);
  });

  it('refuses a framework outside the catalog, listing the allowed values (422)', async () => {
    const team = await createTeam();
    for (const framework of ['NIST', 'soc2', '']) {
      expectError(await addTag(org.orgId, team.team_id, { framework, control_id: 'CC6.1', rule_id: 'rule_x' }), 422, 'validation_error', 'framework', ...FRAMEWORKS);
    }
    expectError(await inject('GET', teamsUrl(org.orgId, `/${team.team_id}/tags?framework=NIST`)), 422, 'validation_error', 'framework', 'PCI_DSS');
  });

  it('refuses a control that is not one of the framework’s, naming its control ids (422)', async () => {
    const policy = await createPolicy();
    const team = await createTeam();
    const res = await addTag(org.orgId, team.team_id, { framework: 'PCI_DSS', control_id: 'CC6.1', rule_id: policy.rules[0].id });
    expectError(res, 422, 'validation_error', 'control_id', "'CC6.1' is not a PCI_DSS control", '3.4.1, 3.5.1, 4.2.2, 10.2.1, 12.10.7');
  });

  it('refuses a rule that is not one of the org’s, and a policy_id that is not the rule’s policy (422)', async () => {
    const team = await createTeam();
    const mine = await createPolicy();
    const other = await createOrg(t.app);
    const theirs = await createPolicy(other.orgId);
    const base = { framework: 'SOC2', control_id: 'CC6.1' };
    expectError(await addTag(org.orgId, team.team_id, { ...base, rule_id: 'rule_missing' }), 422, 'validation_error', 'rule_id', 'rule_missing');
    expectError(await addTag(org.orgId, team.team_id, { ...base, rule_id: theirs.rules[0].id }), 422, 'validation_error', 'rule_id');
    expectError(await addTag(org.orgId, team.team_id, { ...base, rule_id: mine.rules[0].id, policy_id: org.policyId }), 422, 'validation_error', 'policy_id', mine.policy_id);
    expectError(await addTag(org.orgId, team.team_id, { ...base, rule_id: mine.rules[0].id, policy_id: theirs.policy_id }), 422, 'validation_error', 'policy_id');
    expectError(await addTag(org.orgId, team.team_id, { ...base }), 422, 'validation_error', 'rule_id');
    expectError(await addTag(org.orgId, team.team_id, { ...base, rule_id: mine.rules[0].id, note: 'x' }), 422, 'validation_error', 'note');
    expect(await tagsOf(org.orgId, team.team_id)).toEqual([]);
  });

  it('refuses the same team, control and rule twice (409), also concurrently; other teams and controls may repeat it', async () => {
    const policy = await createPolicy();
    const team = await createTeam();
    const payload = { framework: 'HIPAA', control_id: '164.312(a)(1)', rule_id: policy.rules[1].id };
    const statuses = (await Promise.all(Array.from({ length: 4 }, () => addTag(org.orgId, team.team_id, payload)))).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    expectError(await addTag(org.orgId, team.team_id, { ...payload, policy_id: policy.policy_id }), 409, 'conflict');
    await tagOf(org.orgId, team.team_id, { ...payload, control_id: '164.312(b)' });
    await tagOf(org.orgId, (await createTeam()).team_id, payload);
  });

  it('removes a tag (204), then 404s it; a tag is only reachable through its own team', async () => {
    const policy = await createPolicy();
    const team = await createTeam();
    const otherTeam = await createTeam();
    const tag = await tagOf(org.orgId, team.team_id, { framework: 'SOC2', control_id: 'C1.1', rule_id: policy.rules[0].id });
    expectError(await inject('DELETE', teamsUrl(org.orgId, `/${otherTeam.team_id}/tags/${tag.tag_id}`)), 404, 'not_found', 'Tag');
    const other = await createOrg(t.app);
    expectError(await inject('DELETE', teamsUrl(other.orgId, `/${team.team_id}/tags/${tag.tag_id}`)), 404, 'not_found');
    const res = await inject('DELETE', teamsUrl(org.orgId, `/${team.team_id}/tags/${tag.tag_id}`));
    expect(res.statusCode).toBe(204);
    expectError(await inject('DELETE', teamsUrl(org.orgId, `/${team.team_id}/tags/${tag.tag_id}`)), 404, 'not_found', 'Tag');
    expect(await tagsOf(org.orgId, team.team_id)).toEqual([]);
  });
});

describe('tags follow their rule, policy and organization', () => {
  it('drops the tags of a rule that a policy PATCH removes, and keeps those of rules sent back with their id', async () => {
    const policy = await createPolicy();
    const team = await createTeam();
    const [kept, dropped] = policy.rules;
    const keptTag = await tagOf(org.orgId, team.team_id, { framework: 'SOC2', control_id: 'CC6.1', rule_id: kept.id });
    await tagOf(org.orgId, team.team_id, { framework: 'SOC2', control_id: 'CC6.6', rule_id: dropped.id });
    const patched = await inject('PATCH', `/api/orgs/${org.orgId}/policies/${policy.policy_id}`, { rules: [{ ...maskEmail, id: kept.id }, blockSecrets] });
    expect(patched.statusCode).toBe(200);
    expect((await tagsOf(org.orgId, team.team_id)).map((x: { tag_id: string }) => x.tag_id)).toEqual([keptTag.tag_id]);
    expect((await storedTags(org.orgId)).filter((x) => x.rule_id === dropped.id)).toEqual([]);
    expect((await inject('GET', teamsUrl(org.orgId, `/${team.team_id}`))).json().tag_count).toBe(1);
  });

  it('keeps every tag through a PATCH that does not touch the rules, or disables one', async () => {
    const policy = await createPolicy();
    const team = await createTeam();
    await tagOf(org.orgId, team.team_id, { framework: 'SOC2', control_id: 'CC6.1', rule_id: policy.rules[0].id });
    await inject('PATCH', `/api/orgs/${org.orgId}/policies/${policy.policy_id}`, { name: 'Other name', is_active: false });
    await inject('PATCH', `/api/orgs/${org.orgId}/policies/${policy.policy_id}`, {
      rules: policy.rules.map((r: { id: string }, i: number) => ({ ...[maskEmail, blockSecrets][i], id: r.id, enabled: false })),
    });
    expect(await tagsOf(org.orgId, team.team_id)).toHaveLength(1);
  });

  it('drops every tag of a deleted policy; tags of other policies stay', async () => {
    const doomed = await createPolicy();
    const kept = await createPolicy();
    const team = await createTeam();
    await tagOf(org.orgId, team.team_id, { framework: 'SOC2', control_id: 'CC6.1', rule_id: doomed.rules[0].id });
    await tagOf(org.orgId, team.team_id, { framework: 'GDPR', control_id: 'Art. 25', rule_id: doomed.rules[1].id });
    const keptTag = await tagOf(org.orgId, team.team_id, { framework: 'SOC2', control_id: 'CC6.1', rule_id: kept.rules[0].id });
    expect((await inject('DELETE', `/api/orgs/${org.orgId}/policies/${doomed.policy_id}`)).statusCode).toBe(204);
    expect((await storedTags(org.orgId)).filter((x) => x.policy_id === doomed.policy_id)).toEqual([]);
    expect((await tagsOf(org.orgId, team.team_id)).map((x: { tag_id: string }) => x.tag_id)).toEqual([keptTag.tag_id]);
  });

  it('drops the teams and tags of a deleted organization', async () => {
    const doomed = await createOrg(t.app);
    const policy = await createPolicy(doomed.orgId);
    const team = await createTeam(doomed.orgId, 'Goes away');
    await tagOf(doomed.orgId, team.team_id, { framework: 'SOC2', control_id: 'CC6.1', rule_id: policy.rules[0].id });
    expect((await inject('DELETE', `/api/organizations/${doomed.orgId}`)).statusCode).toBe(204);
    expect(await t.app.repos.teams.listByOrg(doomed.orgId)).toEqual([]);
    expect(await storedTags(doomed.orgId)).toEqual([]);
  });
});
