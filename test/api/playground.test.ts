// The check playground (docs/users-and-roles.md): a signed-in analyst checks text under its
// organization's policy without the key; the check is audited (the analyst finds it in the audit
// trail) and counted like a keyed check. Real Redis and FerretDB.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFileWorkers, type FileWorkers } from '../../src/workers/file-workers.js';
import { appWithOrgForFile, createOrg, drained, multipart, type OrgFixture, type TestApp } from '../helpers/app.js';
import { asUser, createUser, signInAs, type Signed } from '../helpers/users.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

let analyst: Signed;
let auditor: Signed;
let workers: FileWorkers;
beforeAll(async () => {
  workers = await startFileWorkers(t.config, t.app.repos, t.app.services.auditJournal, pino({ level: 'silent' }));
  analyst = await signInAs(t.app, (await createUser(t.app, { role: 'analyst', org_id: org.orgId })).email);
  auditor = await signInAs(t.app, (await createUser(t.app, { role: 'auditor', org_id: org.orgId })).email);
});

afterAll(async () => workers?.close());

const text = 'Mail jane.doe@example.com about SSN 123-45-6789';

/** A playground file check as the dashboard sends it: multipart, with the session and its CSRF token. */
async function fileCheck(user: Signed, policyId: string, bytes: Buffer, name = 'notes.txt') {
  const body = await multipart({ destination: 'CUSTOMER' }, { name, bytes });
  return t.app.inject({
    method: 'POST',
    url: `/api/orgs/${org.orgId}/playground/file?policy_id=${policyId}`,
    headers: { ...user.headers('POST'), 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('the playground', () => {
  it('lists the organization’s policies without keys or rules', async () => {
    const res = await asUser(t.app, analyst, 'GET', `/api/orgs/${org.orgId}/playground/policies`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ policy_id: org.policyId, name: expect.any(String), version: '1.0', is_active: true }]);
    expect(res.body).not.toContain(org.apiKey);
  });

  it('an analyst checks text under a policy; the check is in the audit trail the analyst reads', async () => {
    const res = await asUser(t.app, analyst, 'POST', `/api/orgs/${org.orgId}/playground/text`, { text, destination: 'CUSTOMER', policy_id: org.policyId });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.decision).toBe('ALLOWED_WITH_MASKING');
    expect(result.masked_content).not.toContain('jane.doe@example.com');
    // Where each finding is, for the page that holds the text (the spec's keyed answer has no spans).
    expect(result.spans.map((s: { type: string; start: number; end: number; action: string }) => [s.type, text.slice(s.start, s.end), s.action])).toEqual([
      ['EMAIL', 'jane.doe@example.com', 'MASK'],
      ['SSN', '123-45-6789', 'MASK'],
    ]);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    await drained(t.app);
    const audit = await asUser(t.app, analyst, 'GET', `/api/audit?search=${result.preflight_id}`);
    expect(audit.json().items.map((i: { preflight_id: string }) => i.preflight_id)).toEqual([result.preflight_id]);
    expect((await asUser(t.app, analyst, 'GET', `/api/preflight/${result.preflight_id}`)).json().decision).toBe('ALLOWED_WITH_MASKING');
  });

  it('an analyst checks a file; the masked copy is the analyst’s to download', async () => {
    const res = await fileCheck(analyst, org.policyId, Buffer.from(`${text}\n`));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.decision).toBe('ALLOWED_WITH_MASKING');
    const masked = await asUser(t.app, analyst, 'GET', new URL(result.masked_file_url).pathname);
    expect(masked.statusCode).toBe(200);
    expect(masked.body).not.toContain('jane.doe@example.com');
    expect((await fileCheck(auditor, org.policyId, Buffer.from(text))).json().code).toBe('role_forbidden');
    expect((await fileCheck(analyst, 'pol_none', Buffer.from(text))).statusCode).toBe(404);
  });

  it('refuses an auditor (403), another organization’s policy (404), a bad body (422), no CSRF token (403)', async () => {
    const body = { text, destination: 'AI_TOOL', policy_id: org.policyId };
    expect((await asUser(t.app, auditor, 'POST', `/api/orgs/${org.orgId}/playground/text`, body)).json().code).toBe('role_forbidden');
    const other = await createOrg(t.app);
    const foreign = await asUser(t.app, analyst, 'POST', `/api/orgs/${org.orgId}/playground/text`, { ...body, policy_id: other.policyId });
    expect(foreign.statusCode).toBe(404);
    const bad = await asUser(t.app, analyst, 'POST', `/api/orgs/${org.orgId}/playground/text`, { ...body, destination: 'MOON' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContain('destination');
    const noToken = await t.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/playground/text`, headers: { cookie: analyst.cookie }, payload: body });
    expect(noToken.json().code).toBe('csrf_token_invalid');
  });

  it('an inactive policy is 403 policy_inactive, as for its key', async () => {
    const admin = await signInAs(t.app, (await createUser(t.app, { role: 'admin', org_id: org.orgId })).email);
    const created = await asUser(t.app, admin, 'POST', `/api/orgs/${org.orgId}/policies`, { name: 'Off', rules: [] });
    expect(created.statusCode, created.body).toBe(201);
    const policyId = created.json().policy_id;
    await asUser(t.app, admin, 'PATCH', `/api/orgs/${org.orgId}/policies/${policyId}`, { is_active: false });
    const res = await asUser(t.app, analyst, 'POST', `/api/orgs/${org.orgId}/playground/text`, { text, destination: 'AI_TOOL', policy_id: policyId });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('policy_inactive');
  });
});
