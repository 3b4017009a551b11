// Dashboard users (docs/users-and-roles.md): created by an owner or an organization's admin, with
// passwords kept only as scrypt hashes; sign-in with email and password, throttled per address and
// per email; disabling, resets and password changes end sessions at once; every change in the change
// log with who made it, never a password or hash. Real Redis and FerretDB.
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/api/schemas/session.js';
import { admin, appWithOrgForFile, createOrg, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';
import { asUser, createUser, PASSWORD, signInAs, signInRequest, uniqueEmail } from '../helpers/users.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

const post = (payload: Record<string, unknown>, headers: Record<string, string> = admin) => t.app.inject({ method: 'POST', url: '/api/users', headers, payload });
const changes = async (logUrl: string) => (await t.app.inject({ method: 'GET', url: logUrl, headers: admin })).json().items as Array<Record<string, any>>;

describe('creating users', () => {
  it('answers the user without its password; the store keeps only a salted scrypt hash', async () => {
    const email = uniqueEmail('Analyst').toUpperCase();
    const res = await post({ email, password: PASSWORD, role: 'analyst', org_id: org.slug });
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ email: email.toLowerCase(), role: 'analyst', org_id: org.orgId, disabled: false });
    expect(user.user_id).toMatch(/^usr_/);
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toContain('scrypt');

    const doc = await t.app.mongo.db.collection<{ _id: string; password_hash: string }>('users').findOne({ _id: user.user_id });
    expect(doc?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(doc)).not.toContain(PASSWORD);
    // The same password twice: different salts, different hashes.
    const twin = await createUser(t.app, { role: 'analyst', org_id: org.orgId });
    const twinDoc = await t.app.mongo.db.collection<{ _id: string; password_hash: string }>('users').findOne({ _id: twin.user_id });
    expect(twinDoc?.password_hash).not.toBe(doc?.password_hash);
  });

  it.each([
    ['too short', 'short-pw', 'at least 12 characters'],
    ['too long', 'x'.repeat(257), 'at most 256 characters'],
    ['too few different characters', 'aaaaaaaaaaaaaaaa', '5 different characters'],
    ['containing the email’s name', 'xx-ingrid-password-xx', 'name of the email address'],
  ])('a password %s is 422 naming the rule', async (_name, password, rule) => {
    const res = await post({ email: `ingrid@d${Date.now()}.example.com`, password, role: 'auditor', org_id: org.orgId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_error', detail: expect.stringContaining(rule) });
    expect(res.json().detail).toContain('password');
    expect(res.body).not.toContain(password);
  });

  it('an email taken (in any case) is 409; an owner names no organization, every other role one (422)', async () => {
    const email = uniqueEmail('dup');
    await createUser(t.app, { role: 'auditor', org_id: org.orgId, email });
    const dup = await post({ email: email.toUpperCase(), password: PASSWORD, role: 'analyst', org_id: org.orgId });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('conflict');
    const ownerWithOrg = await post({ email: uniqueEmail('o'), password: PASSWORD, role: 'owner', org_id: org.orgId });
    expect(ownerWithOrg.statusCode).toBe(422);
    expect(ownerWithOrg.json().detail).toContain('org_id');
    const analystWithout = await post({ email: uniqueEmail('a'), password: PASSWORD, role: 'analyst' });
    expect(analystWithout.statusCode).toBe(422);
    expect(analystWithout.json().detail).toContain('org_id');
    expect((await post({ email: uniqueEmail('a'), password: PASSWORD, role: 'analyst', org_id: 'no-such-org' })).statusCode).toBe(404);
    expect((await post({ email: 'not-an-email', password: PASSWORD, role: 'analyst', org_id: org.orgId })).statusCode).toBe(422);
    expect((await post({ email: uniqueEmail('r'), password: PASSWORD, role: 'superuser', org_id: org.orgId })).statusCode).toBe(422);
  });
});

describe('signing in with email and password', () => {
  it('starts a session that records the user and role; a wrong password or unknown email is the same 401', async () => {
    const user = await createUser(t.app, { role: 'analyst', org_id: org.orgId });
    const res = await signInRequest(t.app, user.email.toUpperCase(), PASSWORD, '198.51.100.1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'analyst', user: { user_id: user.user_id, email: user.email }, csrf_token: expect.any(String) });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` } });
    expect(session.json()).toMatchObject({ role: 'analyst', user: { user_id: user.user_id } });

    const wrong = await signInRequest(t.app, user.email, 'not the password at all', '198.51.100.1');
    const unknown = await signInRequest(t.app, uniqueEmail('nobody'), PASSWORD, '198.51.100.1');
    for (const r of [wrong, unknown]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 'invalid_credentials', detail: 'The email or password is not valid.' });
      expect(r.headers['set-cookie']).toBeUndefined();
    }
  });

  it('an ill-formed sign-in is 422: email without password, both credentials at once', async () => {
    for (const payload of [{ email: 'a@example.com' }, { password: 'x' }, { admin_token: 'x', email: 'a@example.com', password: 'y' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/session', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().code).toBe('validation_error');
    }
  });

  it('5 failures for one email, from any addresses, refuse it (429 with Retry-After) even with the right password; other emails still sign in', async () => {
    const user = await createUser(t.app, { role: 'auditor', org_id: org.orgId });
    for (let i = 0; i < 5; i++) expect((await signInRequest(t.app, user.email, `wrong-password-${i}`, `192.0.2.${10 + i}`)).statusCode).toBe(401);
    const res = await signInRequest(t.app, user.email, PASSWORD, '192.0.2.99');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited', detail: expect.stringContaining('for this email'), retry_after: expect.any(Number) });
    expect(Number(res.headers['retry-after'])).toBe(res.json().retry_after);
    expect(res.json().retry_after).toBeLessThanOrEqual(15 * 60);
    const other = await createUser(t.app, { role: 'auditor', org_id: org.orgId });
    expect((await signInRequest(t.app, other.email, PASSWORD, '192.0.2.99')).statusCode).toBe(200);
  });

  it('10 failures from one address, over any emails, refuse that address', async () => {
    const address = '192.0.2.200';
    for (let i = 0; i < 10; i++) expect((await signInRequest(t.app, uniqueEmail('guess'), 'wrong-password', address)).statusCode).toBe(401);
    const user = await createUser(t.app, { role: 'auditor', org_id: org.orgId });
    const res = await signInRequest(t.app, user.email, PASSWORD, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toContain('from this address');
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('managing users', () => {
  it('disabling a user ends its sessions at once and refuses its sign-in; enabling lets it back', async () => {
    const user = await createUser(t.app, { role: 'analyst', org_id: org.orgId });
    const signed = await signInAs(t.app, user.email);
    expect((await asUser(t.app, signed, 'GET', `/api/orgs/${org.orgId}/analytics`)).statusCode).toBe(200);
    const off = await t.app.inject({ method: 'PATCH', url: `/api/users/${user.user_id}`, headers: admin, payload: { disabled: true } });
    expect(off.json()).toMatchObject({ disabled: true });
    const after = await asUser(t.app, signed, 'GET', `/api/orgs/${org.orgId}/analytics`);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('invalid_session');
    expect((await signInRequest(t.app, user.email, PASSWORD, '198.51.100.20')).statusCode).toBe(401);
    await t.app.inject({ method: 'PATCH', url: `/api/users/${user.user_id}`, headers: admin, payload: { disabled: false } });
    expect((await signInRequest(t.app, user.email, PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('a role change applies at the next request of a live session', async () => {
    const user = await createUser(t.app, { role: 'analyst', org_id: org.orgId });
    const signed = await signInAs(t.app, user.email);
    expect((await asUser(t.app, signed, 'GET', `/api/orgs/${org.orgId}/policies`)).statusCode).toBe(403);
    await t.app.inject({ method: 'PATCH', url: `/api/users/${user.user_id}`, headers: admin, payload: { role: 'admin' } });
    expect((await asUser(t.app, signed, 'GET', `/api/orgs/${org.orgId}/policies`)).statusCode).toBe(200);
    const toOwner = await t.app.inject({ method: 'PATCH', url: `/api/users/${user.user_id}`, headers: admin, payload: { role: 'owner' } });
    expect(toOwner.statusCode).toBe(422);
  });

  it('a reset password ends the sessions; the new password signs in', async () => {
    const user = await createUser(t.app, { role: 'auditor', org_id: org.orgId });
    const signed = await signInAs(t.app, user.email);
    const reset = await t.app.inject({ method: 'PATCH', url: `/api/users/${user.user_id}`, headers: admin, payload: { password: 'a brand new passphrase' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await asUser(t.app, signed, 'GET', '/api/session')).statusCode).toBe(401);
    await signInAs(t.app, user.email, 'a brand new passphrase');
  });

  it('deleting a user ends its sessions; an unknown user is 404', async () => {
    const user = await createUser(t.app, { role: 'auditor', org_id: org.orgId });
    const signed = await signInAs(t.app, user.email);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${user.user_id}`, headers: admin })).statusCode).toBe(204);
    expect((await asUser(t.app, signed, 'GET', '/api/session')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${user.user_id}`, headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${user.user_id}`, headers: admin })).statusCode).toBe(404);
  });

  it('an admin manages its own organization’s users only, never owners, never itself', async () => {
    const other = await createOrg(t.app);
    const orgAdmin = await createUser(t.app, { role: 'admin', org_id: org.orgId });
    const signed = await signInAs(t.app, orgAdmin.email);
    const created = await asUser(t.app, signed, 'POST', '/api/users', { email: uniqueEmail('by-admin'), password: PASSWORD, role: 'analyst' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().org_id).toBe(org.orgId);

    const owner = await asUser(t.app, signed, 'POST', '/api/users', { email: uniqueEmail('x'), password: PASSWORD, role: 'owner' });
    expect(owner.statusCode).toBe(403);
    expect(owner.json().code).toBe('role_forbidden');
    const elsewhere = await asUser(t.app, signed, 'POST', '/api/users', { email: uniqueEmail('x'), password: PASSWORD, role: 'analyst', org_id: other.orgId });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('organization_mismatch');

    const foreignUser = await createUser(t.app, { role: 'analyst', org_id: other.orgId });
    const ownerUser = await createUser(t.app, { role: 'owner' });
    for (const id of [foreignUser.user_id, ownerUser.user_id]) {
      expect((await asUser(t.app, signed, 'GET', `/api/users/${id}`)).statusCode).toBe(404);
      expect((await asUser(t.app, signed, 'PATCH', `/api/users/${id}`, { disabled: true })).statusCode).toBe(404);
      expect((await asUser(t.app, signed, 'DELETE', `/api/users/${id}`)).statusCode).toBe(404);
    }
    const listed = (await asUser(t.app, signed, 'GET', '/api/users')).json() as Array<{ org_id: string }>;
    expect(listed.length).toBeGreaterThan(1);
    expect(listed.every((u) => u.org_id === org.orgId)).toBe(true);
    expect((await asUser(t.app, signed, 'GET', `/api/users?org_id=${other.orgId}`)).statusCode).toBe(403);

    for (const payload of [{ role: 'analyst' }, { disabled: true }]) {
      const self = await asUser(t.app, signed, 'PATCH', `/api/users/${orgAdmin.user_id}`, payload);
      expect(self.statusCode).toBe(403);
      expect(self.json().code).toBe('role_forbidden');
    }
    expect((await asUser(t.app, signed, 'DELETE', `/api/users/${orgAdmin.user_id}`)).statusCode).toBe(403);
    // The owner lists every organization's users, or one's.
    const all = (await t.app.inject({ method: 'GET', url: '/api/users', headers: admin })).json() as Array<{ user_id: string }>;
    expect(all.map((u) => u.user_id)).toEqual(expect.arrayContaining([foreignUser.user_id, ownerUser.user_id, orgAdmin.user_id]));
    const ofOther = (await t.app.inject({ method: 'GET', url: `/api/users?org_id=${other.slug}`, headers: admin })).json() as Array<{ user_id: string }>;
    expect(ofOther.map((u) => u.user_id)).toEqual([foreignUser.user_id]);
  });

  it('deleting an organization deletes its users', async () => {
    const doomed = await createOrg(t.app);
    const user = await createUser(t.app, { role: 'admin', org_id: doomed.orgId });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/organizations/${doomed.orgId}`, headers: admin })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${user.user_id}`, headers: admin })).statusCode).toBe(404);
  });
});

describe('changing one’s own password', () => {
  it('needs the current password; ends the other sessions and answers a new one', async () => {
    const user = await createUser(t.app, { role: 'analyst', org_id: org.orgId });
    const first = await signInAs(t.app, user.email);
    const second = await signInAs(t.app, user.email);
    const wrong = await asUser(t.app, first, 'PUT', '/api/session/password', { current_password: 'not it at all', new_password: 'another fine passphrase' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toContain('current_password');
    const weak = await asUser(t.app, first, 'PUT', '/api/session/password', { current_password: PASSWORD, new_password: 'short' });
    expect(weak.statusCode).toBe(422);

    const res = await asUser(t.app, first, 'PUT', '/api/session/password', { current_password: PASSWORD, new_password: 'another fine passphrase' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('another fine passphrase');
    const fresh = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: `${SESSION_COOKIE}=${fresh}` } })).statusCode).toBe(200);
    for (const old of [first, second]) expect((await asUser(t.app, old, 'GET', '/api/session')).statusCode).toBe(401);
    expect((await signInRequest(t.app, user.email, PASSWORD, '198.51.100.30')).statusCode).toBe(401);
    await signInAs(t.app, user.email, 'another fine passphrase');
  });

  it('the admin token’s session has no password: 403', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session', headers: admin });
    const cookie = `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)?.value}`;
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/session/password',
      headers: { cookie, 'x-csrf-token': res.json().csrf_token },
      payload: { current_password: 'x', new_password: 'another fine passphrase' },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('role_forbidden');
  });
});

describe('the change log of users', () => {
  it('records who created, changed and deleted a user and who changed a password; never a password or hash', async () => {
    const orgAdmin = await createUser(t.app, { role: 'admin', org_id: org.orgId });
    const signed = await signInAs(t.app, orgAdmin.email);
    const made = (await asUser(t.app, signed, 'POST', '/api/users', { email: uniqueEmail('logged'), password: PASSWORD, role: 'auditor' })).json();
    await asUser(t.app, signed, 'PATCH', `/api/users/${made.user_id}`, { role: 'analyst', password: 'reset passphrase 2' });
    const madeSigned = await signInAs(t.app, made.email, 'reset passphrase 2');
    await asUser(t.app, madeSigned, 'PUT', '/api/session/password', { current_password: 'reset passphrase 2', new_password: 'my own passphrase 3' });
    await asUser(t.app, signed, 'DELETE', `/api/users/${made.user_id}`);

    const entries = (await changes(`/api/orgs/${org.orgId}/changes?target_id=${made.user_id}`)).reverse();
    expect(entries.map((e) => e.action)).toEqual(['user.create', 'user.update', 'user.password_change', 'user.delete']);
    const byAdmin = { kind: 'user', via: 'session', user_id: orgAdmin.user_id, email: orgAdmin.email, role: 'admin', key_id: null, session_hash: expect.stringMatching(/^[0-9a-f]{64}$/) };
    expect(entries[0]).toMatchObject({ org_id: org.orgId, target_type: 'user', actor: byAdmin, before: null, after: { email: made.email, role: 'auditor', org_id: org.orgId, disabled: false } });
    expect(entries[1]).toMatchObject({ actor: byAdmin, before: { role: 'auditor' }, after: { role: 'analyst' } });
    expect(entries[1]?.after.password_changed_at).not.toBe(entries[1]?.before.password_changed_at);
    expect(entries[2]).toMatchObject({ actor: { kind: 'user', user_id: made.user_id, role: 'analyst' } });
    expect(entries[3]).toMatchObject({ actor: byAdmin, after: null });

    const stored = JSON.stringify(await t.app.mongo.db.collection('change_log').find({ target_id: made.user_id }).toArray());
    for (const secret of [PASSWORD, 'reset passphrase 2', 'my own passphrase 3', 'scrypt$']) expect(stored).not.toContain(secret);
    expect(stored).not.toContain('password_hash');
  });

  it('owners’ accounts are logged in the installation’s log, read by owners only', async () => {
    const owner = await createUser(t.app, { role: 'owner' });
    const entries = await changes('/api/changes');
    expect(entries.find((e) => e.target_id === owner.user_id)).toMatchObject({
      org_id: 'installation',
      action: 'user.create',
      actor: { kind: 'admin', via: 'token', user_id: null, email: null, role: null },
      after: { email: owner.email, role: 'owner', org_id: null },
    });
    const orgAdmin = await createUser(t.app, { role: 'admin', org_id: org.orgId });
    const res = await asUser(t.app, await signInAs(t.app, orgAdmin.email), 'GET', '/api/changes');
    expect(res.statusCode).toBe(403);
  });
});

describe('logs', () => {
  it('never hold a password or its hash, at the most verbose level', async () => {
    const lines: string[] = [];
    const own = await startTestApp(testEnv({ LOG_LEVEL: 'trace' }), { logStream: { write: (line: string) => void lines.push(line) } });
    try {
      const logged = await createOrg(own.app);
      const user = await createUser(own.app, { role: 'analyst', org_id: logged.orgId });
      await signInRequest(own.app, user.email, 'a wrong guess of a passphrase', '198.51.100.40');
      const signed = await signInAs(own.app, user.email);
      await asUser(own.app, signed, 'PUT', '/api/session/password', { current_password: PASSWORD, new_password: 'logged nowhere passphrase' });
      await own.app.inject({ method: 'PATCH', url: `/api/users/${user.user_id}`, headers: admin, payload: { password: 'reset nowhere passphrase' } });
      expect(lines.length).toBeGreaterThan(10);
      const log = lines.join('\n');
      for (const secret of [PASSWORD, 'a wrong guess of a passphrase', 'logged nowhere passphrase', 'reset nowhere passphrase', 'scrypt$', signed.csrf]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await own.close();
    }
  });
});
