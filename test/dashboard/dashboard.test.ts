// The dashboard end to end in Chromium, against the real API on a real port, Redis and FerretDB. The
// tests run in order and build on each other, as a new install would: the owner signs in with the
// admin token, creates an organization and a policy, reveals and regenerates its key, checks text in
// the playground and finds it in the audit trail; then each role signs in to its own browser context.
// Every screen is photographed into docs/screenshots/ (1280 px; one at phone width).
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, admin, drained } from '../helpers/app.js';
import { createUser, PASSWORD } from '../helpers/users.js';
import { clickButton, fillLabelled, open, shot, startDashboard, waitForText, type Dashboard } from './browser.js';

// Page functions run in the browser; this file is typed for Node, so the browser globals they use are declared here.
declare const document: any;
declare const location: any;

let d: Dashboard;
let owner: Page;
const slug = `acme-${process.pid}`;
let orgId: string;
let policyId: string;
let checkId: string;
let policyKey: string;

beforeAll(async () => {
  d = await startDashboard();
  owner = (await d.newPage()).page;
}, 60_000);
afterAll(async () => d?.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  d.t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

/** Signs a page in with email and password through the sign-in screen. */
async function signIn(page: Page, email: string, next = '') {
  await page.goto(`${d.base}/login${next}`, { waitUntil: 'domcontentloaded' });
  await fillLabelled(page, 'Email', email);
  await fillLabelled(page, 'Password', PASSWORD);
  await clickButton(page, 'Sign in');
  await page.waitForFunction(() => location.pathname !== '/login');
  await page.waitForSelector('header nav');
}

/** The status and body of a request made from the page itself, with its cookie and CSRF token. */
function fromPage(page: Page, method: string, url: string, body?: object) {
  return page.evaluate(
    async (m, u, b) => {
      const csrf = decodeURIComponent(document.cookie.split('; ').find((c: string) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const res = await fetch(u, { method: m, headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: b ? JSON.stringify(b) : undefined });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    method,
    url,
    body,
  );
}

describe('dashboard', () => {
  it('answers /, /dashboard and /login with the page under a strict CSP, and its assets', async () => {
    for (const url of ['/', '/dashboard', '/login', '/dashboard/orgs/x/policies']) {
      const res = await fetch(d.base + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    expect((await fetch(`${d.base}/dashboard/assets/main.js`)).headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${d.base}/dashboard/assets/nope.js`)).status).toBe(404);
    expect((await fetch(`${d.base}/dashboard/assets/..%2F..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  it('signs in with the admin token, and refuses a wrong one with the API’s detail', async () => {
    await open(owner, `${d.base}/dashboard`).catch(() => undefined);
    await owner.waitForFunction(() => location.pathname === '/login');
    await shot(owner, 'sign-in');
    await owner.click('details summary');
    await fillLabelled(owner, 'Admin token', 'not-the-token');
    await clickButton(owner, 'Sign in with the admin token');
    await waitForText(owner, 'not valid');
    await fillLabelled(owner, 'Admin token', ADMIN_TOKEN);
    await clickButton(owner, 'Sign in with the admin token');
    await owner.waitForFunction(() => location.pathname === '/dashboard' && document.querySelector('main h1')?.textContent === 'Organizations');
    await waitForText(owner, 'admin token (owner)', 'header');
  });

  it('refuses bad input in the organization form with the API’s detail, and saves nothing', async () => {
    await fillLabelled(owner, 'Name', 'Acme');
    await fillLabelled(owner, 'Slug', 'Not A Slug');
    await fillLabelled(owner, 'Admin email', 'security@acme.test');
    await clickButton(owner, 'Create organization');
    await waitForText(owner, 'slug: must be 2-64 characters');
    const orgs = (await api('GET', '/api/organizations')).json() as Array<{ name: string }>;
    expect(orgs.some((o) => o.name === 'Acme')).toBe(false);
  });

  it('creates an organization, and shows its license key only on request', async () => {
    await fillLabelled(owner, 'Slug', slug);
    await clickButton(owner, 'Create organization');
    await owner.waitForFunction((s) => location.pathname === `/dashboard/orgs/${s}` && document.querySelector('main h1')?.textContent === 'Acme', {}, slug);
    orgId = ((await api('GET', `/api/organizations/${slug}`)).json() as { org_id: string }).org_id;
    expect(await owner.$eval('main', (m) => m.textContent)).not.toContain('svc_lic_');
    await clickButton(owner, 'Show license key');
    await waitForText(owner, 'svc_lic_');

    // Bad settings: the API's message, nothing saved (the name changed in the same form stays as it was).
    await fillLabelled(owner, 'Name', 'Acme Renamed');
    await fillLabelled(owner, 'Primary color', 'blue');
    await clickButton(owner, 'Save settings');
    await waitForText(owner, 'primary_color: must be a hex color');
    expect(((await api('GET', `/api/organizations/${orgId}`)).json() as { name: string }).name).toBe('Acme');

    // A standard license, then the trial revoked after a confirmation.
    await owner.select('select[name=license_type]', 'standard');
    await clickButton(owner, 'Issue license');
    await owner.waitForFunction(() => document.querySelectorAll('main tbody tr').length === 2);
    await owner.evaluate(() => {
      const row = [...document.querySelectorAll('main tbody tr')].find((tr: any) => tr.textContent.startsWith('trial'));
      [...(row as any).querySelectorAll('button')].find((b: any) => b.textContent === 'Revoke').click();
    });
    await owner.waitForSelector('dialog[open]');
    await clickButton(owner, 'Revoke', 'dialog');
    await owner.waitForFunction(() => document.querySelector('main tbody')?.textContent?.includes('revoked'));
    const licenses = (await api('GET', `/api/orgs/${orgId}/licenses`)).json() as Array<{ license_type: string; status: string }>;
    expect(licenses.map((l) => `${l.license_type}:${l.status}`).sort()).toEqual(['standard:active', 'trial:revoked']);
    await shot(owner, 'organization-settings');
    await open(owner, `${d.base}/dashboard`);
    await waitForText(owner, 'Acme');
    await shot(owner, 'organizations');
  });

  it('creates a policy, reveals its key, regenerates it with a confirmation: the old key is refused at once', async () => {
    await open(owner, `${d.base}/dashboard/orgs/${slug}/policies`);
    await fillLabelled(owner, 'Name', 'Support desk');
    await clickButton(owner, 'Create policy');
    await owner.waitForFunction(() => /\/policies\/pol_/.test(location.pathname) && document.querySelector('main h1')?.textContent === 'Support desk');
    policyId = owner.url().split('/').pop()!;
    expect(await owner.$eval('main', (m) => m.textContent)).not.toContain('svc_sk_');
    await clickButton(owner, 'Show policy key');
    await waitForText(owner, 'svc_sk_');
    const oldKey = await owner.$eval('code.secret', (c) => c.textContent!);
    const check = (key: string) =>
      fetch(`${d.base}/api/preflight/text`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-service-api-key': key }, body: JSON.stringify({ text: 'hello', destination: 'AI_TOOL' }) });
    expect((await check(oldKey)).status).toBe(200);

    await clickButton(owner, 'Regenerate key');
    await owner.waitForSelector('dialog[open]');
    await shot(owner, 'policy-regenerate-confirm');
    await clickButton(owner, 'Regenerate', 'dialog');
    await waitForText(owner, 'the old one is refused');
    await clickButton(owner, 'Show policy key');
    await owner.waitForFunction((old) => {
      const text = document.querySelector('code.secret')?.textContent ?? '';
      return text.startsWith('svc_sk_') && text !== old;
    }, {}, oldKey);
    const newKey = await owner.$eval('code.secret', (c) => c.textContent!);
    policyKey = newKey;
    expect((await check(oldKey)).status).toBe(401);
    expect((await check(newKey)).status).toBe(200);
  });

  it('tests a custom pattern live, and refuses an invalid one with the RE2 error: the save changes nothing', async () => {
    await open(owner, `${d.base}/dashboard/orgs/${slug}/policies/${policyId}`);
    await clickButton(owner, 'Add custom detector');
    await fillLabelled(owner, 'Name', 'PROJECT_CODE', 'fieldset.detector');
    await fillLabelled(owner, 'Pattern or keywords', 'PRJ-\\d{4}', 'fieldset.detector');
    await fillLabelled(owner, 'Test text', 'See PRJ-1234 and PRJ-99.', 'fieldset.detector');
    await clickButton(owner, 'Test pattern');
    await waitForText(owner, '1 match', '.det-result');
    expect(await owner.$eval('.det-result mark', (m) => m.textContent)).toBe('PRJ-1234');

    await fillLabelled(owner, 'Pattern or keywords', '(?=PRJ)\\w+', 'fieldset.detector');
    await clickButton(owner, 'Test pattern');
    await waitForText(owner, 'invalid perl operator: (?=', '.det-result');
    await shot(owner, 'policy-editor');

    // The same pattern in a save, with a renamed policy: refused whole, nothing of it kept.
    await fillLabelled(owner, 'Name', 'Renamed in a refused save', '#main section.card');
    await clickButton(owner, 'Save policy');
    await waitForText(owner, 'invalid perl operator: (?=');
    const stored = (await api('GET', `/api/orgs/${orgId}/policies/${policyId}`)).json() as { name: string; custom_detectors: unknown[] };
    expect(stored.name).toBe('Support desk');
    expect(stored.custom_detectors).toEqual([]);
  });

  it('deletes a policy after a confirmation', async () => {
    const temp = (await api('POST', `/api/orgs/${orgId}/policies`, { name: 'Temporary' })).json() as { policy_id: string };
    await open(owner, `${d.base}/dashboard/orgs/${slug}/policies/${temp.policy_id}`);
    await clickButton(owner, 'Delete policy');
    await owner.waitForSelector('dialog[open]');
    await clickButton(owner, 'Delete', 'dialog');
    await owner.waitForFunction((s) => location.pathname === `/dashboard/orgs/${s}/policies` && document.querySelector('main h1')?.textContent === 'Policies', {}, slug);
    expect((await api('GET', `/api/orgs/${orgId}/policies/${temp.policy_id}`)).statusCode).toBe(404);
    expect(await owner.$eval('main', (m) => m.textContent)).not.toContain('Temporary');
  });

  it('runs a check in the playground and highlights the detections in place', async () => {
    await open(owner, `${d.base}/dashboard/orgs/${slug}/playground`);
    await owner.select('select[name=policy_id]', policyId);
    await owner.select('select[name=destination]', 'CUSTOMER');
    await fillLabelled(owner, 'Text', 'Please call back jane.doe@example.com about the invoice.');
    await clickButton(owner, 'Run check');
    await waitForText(owner, 'ALLOWED WITH MASKING');
    expect(await owner.$eval('pre.highlighted mark', (m) => m.firstChild?.textContent)).toBe('jane.doe@example.com');
    checkId = await owner.$eval('.result a[href*="/audit/"]', (a) => a.textContent!);
    expect(checkId).toMatch(/^pf_/);
    await shot(owner, 'playground');
  });

  it('marks each detection in place whatever the masking style, blocked checks included', async () => {
    const everywhere = ['AI_TOOL', 'VENDOR', 'CUSTOMER'];
    const rules = [
      { name: 'Block secrets', dataTypes: ['SECRETS'], destinations: everywhere, action: 'BLOCK' },
      { name: 'Mask personal data', dataTypes: ['PII'], destinations: everywhere, action: 'MASK' },
    ];
    const hashed = (await api('POST', `/api/orgs/${orgId}/policies`, { name: 'Hashed', masking: 'hash', rules })).json() as { policy_id: string };
    const marks = () => owner.$$eval('pre.highlighted mark', (ms) => ms.map((m: any) => [m.dataset.type, m.className, m.firstChild?.textContent]));
    await open(owner, `${d.base}/dashboard/orgs/${slug}/playground`);
    await owner.select('select[name=policy_id]', hashed.policy_id);
    await owner.select('select[name=destination]', 'CUSTOMER');
    await fillLabelled(owner, 'Text', 'Mail jane.doe@example.com or call about SSN 123-45-6789.');
    await clickButton(owner, 'Run check');
    await waitForText(owner, 'ALLOWED WITH MASKING');
    expect(await owner.$eval('pre.masked', (p) => p.textContent)).toMatch(/^Mail \[EMAIL:[0-9a-f]+\] or call about SSN \[SSN:[0-9a-f]+\]\.$/);
    expect(await marks()).toEqual([['EMAIL', 'mask', 'jane.doe@example.com'], ['SSN', 'mask', '123-45-6789']]);

    // Blocked: no masked copy, and still each finding in place, with what the policy does with it.
    await fillLabelled(owner, 'Text', 'Deploy with ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tV9wX1yZ3bC5 and tell jane.doe@example.com');
    await clickButton(owner, 'Run check');
    await waitForText(owner, 'Decision: BLOCKED');
    expect(await owner.$('pre.masked')).toBeNull();
    expect(await marks()).toEqual([['GITHUB_TOKEN', 'block', 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tV9wX1yZ3bC5'], ['EMAIL', 'mask', 'jane.doe@example.com']]);
    // The page built the marks from the text as nodes: the text that was typed is there as it was typed.
    expect(await owner.$eval('pre.highlighted', (p) => [...p.childNodes].map((n: any) => n.nodeType === 1 ? n.firstChild.textContent : n.textContent).join(''))).toBe(
      'Deploy with ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tV9wX1yZ3bC5 and tell jane.doe@example.com',
    );
  });

  it('checks a chosen file in the playground and links its masked copy', async () => {
    const file = join(d.downloads, 'notes.txt');
    await writeFile(file, 'Ticket from jane.doe@example.com\n');
    await open(owner, `${d.base}/dashboard/orgs/${slug}/playground`);
    await owner.select('select[name=policy_id]', policyId);
    await owner.select('select[name=destination]', 'CUSTOMER');
    const input = await owner.$('input[type=file]');
    await input!.uploadFile(file);
    await clickButton(owner, 'Run check');
    await waitForText(owner, 'ALLOWED WITH MASKING', 'main', 30_000);
    const href = await owner.$eval('a[href$="/masked-file"]', (a) => a.getAttribute('href'));
    const masked = await owner.evaluate(async (u) => (await fetch(u)).text(), href);
    expect(masked).toContain('[EMAIL]');
    expect(masked).not.toContain('jane.doe');
    await rm(file);
  });

  it('finds that check in the audit view by search, and opens its detail', async () => {
    await drained(d.t.app);
    await open(owner, `${d.base}/dashboard/orgs/${slug}/audit`);
    await fillLabelled(owner, 'Search', checkId);
    await clickButton(owner, 'Apply');
    await owner.waitForFunction((id) => location.search.includes(id) && document.querySelectorAll('main tbody tr').length === 1, {}, checkId);
    await shot(owner, 'audit');
    await owner.click('main tbody tr a');
    await owner.waitForFunction((id) => document.querySelector('main h1')?.textContent === `Check ${id}`, {}, checkId);
    await waitForText(owner, 'EMAIL');
    await shot(owner, 'audit-detail');
  });

  it('pages the audit trail with the API’s cursor', async () => {
    for (let i = 0; i < 26; i++) {
      const res = await fetch(`${d.base}/api/preflight/text`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-api-key': policyKey },
        body: JSON.stringify({ text: `note ${i}`, destination: 'VENDOR' }),
      });
      expect(res.status).toBe(200);
    }
    await drained(d.t.app);
    await open(owner, `${d.base}/dashboard/orgs/${slug}/audit?destination=VENDOR`);
    await waitForText(owner, '26 checks match.');
    const first = await owner.$$eval('main tbody tr a', (as) => as.map((a) => a.getAttribute('href')));
    expect(first).toHaveLength(25);
    await owner.click('nav.pager a');
    await owner.waitForFunction(() => location.search.includes('cursor=') && document.querySelectorAll('main tbody tr').length === 1);
    const second = await owner.$$eval('main tbody tr a', (as) => as.map((a) => a.getAttribute('href')));
    expect(first).not.toContain(second[0]);
  });

  it('draws the analytics charts as SVG from this origin', async () => {
    await open(owner, `${d.base}/dashboard/orgs/${slug}/analytics`);
    await owner.waitForSelector('svg.chart rect.bar');
    // The keyboard's first stop is the skip link, which moves focus to the screen.
    await owner.keyboard.press('Tab');
    expect(await owner.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await owner.keyboard.press('Enter');
    await owner.waitForFunction(() => document.activeElement?.id === 'main');
    await waitForText(owner, 'Detection mix');
    await shot(owner, 'analytics');
  });

  it('creates users from the users screen, with a clear refusal of a weak password', async () => {
    await open(owner, `${d.base}/dashboard/users`);
    await fillLabelled(owner, 'Email', 'weak@acme.test');
    await fillLabelled(owner, 'Password', 'short');
    await owner.select('select[name=org_id]', orgId);
    await clickButton(owner, 'Create user');
    await waitForText(owner, 'password: must be at least 12 characters');
    expect(((await api('GET', '/api/users')).json() as Array<{ email: string }>).some((u) => u.email === 'weak@acme.test')).toBe(false);
    await fillLabelled(owner, 'Email', `analyst-${slug}@acme.test`);
    await fillLabelled(owner, 'Password', PASSWORD);
    await clickButton(owner, 'Create user');
    await waitForText(owner, `analyst-${slug}@acme.test`, 'main table');
    await shot(owner, 'users');
  });

  it('changes a user’s role from the users screen; a refused change shows the API’s detail and keeps the role', async () => {
    const user = await createUser(d.t.app, { role: 'analyst', org_id: orgId });
    const roleOf = `select[aria-label="Role of ${user.email}"]`;
    await open(owner, `${d.base}/dashboard/users`);
    await owner.waitForSelector(roleOf);
    // The old select is marked, so the wait below sees the screen drawn again from the API.
    await owner.$eval(roleOf, (el: any) => (el.dataset.old = '1'));
    await owner.select(roleOf, 'auditor');
    await owner.click(`button[aria-label="Change role of ${user.email}"]`);
    await expect.poll(async () => ((await api('GET', `/api/users/${user.user_id}`)).json() as { role: string }).role).toBe('auditor');
    await owner.waitForFunction((sel) => {
      const el = document.querySelector(sel);
      return el && !el.dataset.old && el.value === 'auditor';
    }, {}, roleOf);

    // Deleted meanwhile: the API's 404 detail, and the select back at the role the user had.
    await d.t.app.inject({ method: 'DELETE', url: `/api/users/${user.user_id}`, headers: admin });
    await owner.select(roleOf, 'admin');
    await owner.click(`button[aria-label="Change role of ${user.email}"]`);
    await waitForText(owner, 'User not found.', 'main [role=alert]');
    expect(await owner.$eval(roleOf, (el: any) => el.value)).toBe('auditor');
  });

  it('renames a team from the compliance screen, with the API’s detail on a taken name', async () => {
    const teamsUrl = `/api/orgs/${orgId}/teams`;
    const night = (await api('POST', teamsUrl, { name: 'Night shift' })).json() as { team_id: string };
    const day = (await api('POST', teamsUrl, { name: 'Day shift' })).json() as { team_id: string };
    const nameOf = async (id: string) => ((await api('GET', `${teamsUrl}/${id}`)).json() as { name: string }).name;
    await open(owner, `${d.base}/dashboard/orgs/${slug}/compliance`);
    await owner.waitForSelector('form[aria-label="Rename a team"]');
    await owner.select('form[aria-label="Rename a team"] select', night.team_id);
    await fillLabelled(owner, 'New team name', 'day shift');
    await clickButton(owner, 'Rename team');
    await waitForText(owner, 'A team named \'day shift\' already exists in this organization', 'main [role=alert]');
    expect(await nameOf(night.team_id)).toBe('Night shift');

    await fillLabelled(owner, 'New team name', 'Overnight');
    await clickButton(owner, 'Rename team');
    await expect.poll(() => nameOf(night.team_id)).toBe('Overnight');
    await owner.waitForSelector('button[aria-label="Delete team Overnight"]');
    for (const id of [night.team_id, day.team_id]) await d.t.app.inject({ method: 'DELETE', url: `${teamsUrl}/${id}`, headers: admin });
  });

  it('deletes a user, a team and an organization, each after a confirmation', async () => {
    const user = await createUser(d.t.app, { role: 'auditor', org_id: orgId });
    await open(owner, `${d.base}/dashboard/users`);
    await waitForText(owner, user.email, 'main table');
    await owner.click(`button[aria-label="Delete ${user.email}"]`);
    await owner.waitForSelector('dialog[open]');
    await clickButton(owner, 'Delete', 'dialog');
    await owner.waitForFunction((email) => !document.querySelector('main table')?.textContent?.includes(email), {}, user.email);
    expect(((await api('GET', '/api/users')).json() as Array<{ email: string }>).some((u) => u.email === user.email)).toBe(false);

    const team = (await api('POST', `/api/orgs/${orgId}/teams`, { name: 'Short-lived' })).json() as { team_id: string };
    await open(owner, `${d.base}/dashboard/orgs/${slug}/compliance`);
    await owner.waitForSelector('button[aria-label="Delete team Short-lived"]');
    await owner.click('button[aria-label="Delete team Short-lived"]');
    await owner.waitForSelector('dialog[open]');
    await clickButton(owner, 'Delete team', 'dialog');
    await owner.waitForFunction(() => !document.querySelector('button[aria-label="Delete team Short-lived"]') && document.querySelector('main h1'));
    expect(((await api('GET', `/api/orgs/${orgId}/teams`)).json() as Array<{ team_id: string }>).some((t) => t.team_id === team.team_id)).toBe(false);

    const doomed = (await api('POST', '/api/organizations', { name: 'Doomed', slug: `doomed-${slug}`, settings: { admin_email: 'a@b.co' } })).json() as { org_id: string };
    await open(owner, `${d.base}/dashboard/orgs/doomed-${slug}`);
    await clickButton(owner, 'Delete organization');
    await owner.waitForSelector('dialog[open]');
    await clickButton(owner, 'Delete organization', 'dialog');
    await owner.waitForFunction(() => location.pathname === '/dashboard' && document.querySelector('main h1')?.textContent === 'Organizations');
    expect((await api('GET', `/api/organizations/${doomed.org_id}`)).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('an analyst sees no management screens, and is refused by the screen and the API alike', async () => {
    const { page } = await d.newPage();
    await signIn(page, `analyst-${slug}@acme.test`);
    await page.waitForFunction((id) => location.pathname === `/dashboard/orgs/${id}`, {}, orgId);
    const nav = await page.$eval('header nav', (n) => n.textContent);
    expect(nav).toContain('Playground');
    expect(nav).not.toContain('Policies');
    expect(nav).not.toContain('Compliance');
    expect(await page.$$eval('main button', (b) => b.map((x) => x.textContent))).not.toContain('Save settings');
    await open(page, `${d.base}/dashboard/orgs/${slug}/policies`);
    await waitForText(page, 'The role analyst may not use this endpoint');
    expect((await fromPage(page, 'POST', `/api/orgs/${orgId}/policies/${policyId}/regenerate-key`)).status).toBe(403);
    expect((await fromPage(page, 'GET', `/api/audit?org_id=${orgId}`)).status).toBe(200);

    await open(page, `${d.base}/dashboard/account`);
    await fillLabelled(page, 'Current password', 'not my password');
    await fillLabelled(page, 'New password', 'a brand new passphrase');
    await clickButton(page, 'Change password');
    await page.waitForSelector('main [role=alert]');
    await fillLabelled(page, 'Current password', PASSWORD);
    await clickButton(page, 'Change password');
    await waitForText(page, 'Password changed.');
    // The session answered with the change goes on working, writes included (its new CSRF token).
    expect((await fromPage(page, 'GET', '/api/session')).status).toBe(200);
    await page.browserContext().close();
  });

  it('an admin manages its organization but cannot create one; its policy change is in the change log', async () => {
    const user = await createUser(d.t.app, { role: 'admin', org_id: orgId, email: `admin-${slug}@acme.test` });
    const { page } = await d.newPage();
    await signIn(page, user.email);
    const nav = await page.$eval('header nav', (n) => n.textContent);
    expect(nav).toContain('Policies');
    expect(nav).not.toContain('Organizations');
    expect(nav).not.toContain('Operations');
    expect((await fromPage(page, 'POST', '/api/organizations', { name: 'X', slug: `x-${slug}`, settings: { admin_email: 'x@x.test' } })).status).toBe(403);
    await open(page, `${d.base}/dashboard/operations`);
    await waitForText(page, 'The role admin may not use this endpoint');
    await open(page, `${d.base}/dashboard/orgs/${slug}/policies/${policyId}`);
    await fillLabelled(page, 'Description', 'Tickets and chats', '#main section.card');
    await clickButton(page, 'Save policy');
    await expect
      .poll(async () => ((await api('GET', `/api/orgs/${orgId}/policies/${policyId}`)).json() as { description: string }).description)
      .toBe('Tickets and chats');

    // A team answers for a SOC 2 control with one of the policy's rules: the control is then covered.
    await open(page, `${d.base}/dashboard/orgs/${slug}/compliance?framework=SOC2&days=30`);
    await page.click('input[aria-label="Opt in to SOC 2"]');
    await expect
      .poll(async () => ((await api('GET', `/api/orgs/${orgId}/compliance/frameworks`)).json() as { frameworks: Array<{ framework: string; enabled: boolean }> }).frameworks.find((f) => f.framework === 'SOC2')?.enabled)
      .toBe(true);
    expect(await page.$eval('input[aria-label="Opt in to SOC 2"]', (c: any) => c.checked)).toBe(true);
    await fillLabelled(page, 'Team name', 'Support');
    await clickButton(page, 'Create team');
    await page.waitForSelector('form[aria-label="New control tag"]');
    await page.select('form[aria-label="New control tag"] select[name=control]', 'CC6.7');
    await clickButton(page, 'Tag rule to control');
    await page.waitForFunction(() => [...document.querySelectorAll('main tbody tr')].some((tr: any) => tr.textContent.includes('CC6.7') && tr.textContent.includes('covered') && !tr.textContent.includes('uncovered')));
    await shot(page, 'compliance-admin');

    // A schedule that is no cron expression: the API's message, and no schedule saved.
    await fillLabelled(page, 'Cron', 'every monday');
    await clickButton(page, 'Save schedule');
    await waitForText(page, 'cron: must have 5 fields');
    expect((await api('GET', `/api/orgs/${orgId}/compliance/schedule`)).statusCode).toBe(404);
    await fillLabelled(page, 'Cron', '0 6 * * 1');
    await clickButton(page, 'Save schedule');
    await waitForText(page, 'Bundles are made on “0 6 * * 1” (UTC)');

    // A partner key is shown once, when it is made; it reads this organization's evidence.
    await fillLabelled(page, 'Held by', 'External auditor');
    await clickButton(page, 'Create partner key');
    await waitForText(page, 'svc_cpk_');
    const partnerKey = await page.$eval('main code', (c: any) => c.textContent);
    const read = await fetch(`${d.base}/api/orgs/${orgId}/compliance/frameworks`, { headers: { 'x-service-api-key': partnerKey } });
    expect(read.status).toBe(200);
    await page.browserContext().close();
  });

  it('stops the evidence schedule from the compliance screen', async () => {
    const scheduleUrl = `/api/orgs/${orgId}/compliance/schedule`;
    expect((await api('GET', scheduleUrl)).statusCode).toBe(200);
    await open(owner, `${d.base}/dashboard/orgs/${slug}/compliance`);
    await waitForText(owner, 'Bundles are made on “0 6 * * 1”');
    await clickButton(owner, 'Stop schedule');
    await waitForText(owner, 'No schedule: bundles are made only on request.');
    expect((await api('GET', scheduleUrl)).statusCode).toBe(404);
    expect(await owner.$$eval('main button', (bs) => bs.map((b) => b.textContent))).not.toContain('Stop schedule');
  });

  it('an auditor reads compliance, downloads the ZIP bundle, and sees who changed what; no playground', async () => {
    const user = await createUser(d.t.app, { role: 'auditor', org_id: orgId, email: `auditor-${slug}@acme.test` });
    const { page } = await d.newPage();
    await signIn(page, user.email);
    const nav = await page.$eval('header nav', (n) => n.textContent);
    expect(nav).toContain('Compliance');
    expect(nav).not.toContain('Playground');
    await open(page, `${d.base}/dashboard/orgs/${slug}/playground`);
    await waitForText(page, 'The role auditor may not use this endpoint');
    expect((await fromPage(page, 'POST', `/api/orgs/${orgId}/playground/text`, { text: 'x', destination: 'AI_TOOL', policy_id: policyId })).status).toBe(403);
    expect((await fromPage(page, 'PUT', `/api/orgs/${orgId}/compliance/frameworks/SOC2`, { enabled: true })).status).toBe(403);

    await open(page, `${d.base}/dashboard/orgs/${slug}/compliance`);
    await waitForText(page, 'controls covered');
    expect(await page.$$eval('main input[type=checkbox]', (c) => c.every((x) => (x as any).disabled))).toBe(true);
    expect(await page.$('main form[aria-label="New partner key"]')).toBeNull();
    await shot(page, 'compliance');
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: d.downloads, browserContextId: page.browserContext().id });
    await clickButton(page, 'Download the evidence bundle (ZIP)');
    await waitForText(page, 'Downloaded evidence-', 'main', 60_000);
    const zipIn = async () => (await readdir(d.downloads)).find((f) => f.endsWith('.zip'));
    await expect.poll(zipIn, { timeout: 15_000 }).toBeDefined();
    const zip = await zipIn();
    expect(zip).toMatch(new RegExp(`^evidence-${slug}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    const bytes = await readFile(join(d.downloads, zip!));
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');

    await open(page, `${d.base}/dashboard/orgs/${slug}/changes`);
    await waitForText(page, `admin-${slug}@acme.test (admin)`);
    const rows = await page.$$eval('main tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(rows.some((r) => r.includes(`admin-${slug}@acme.test (admin)`) && r.includes('policy.update') && r.includes('description'))).toBe(true);
    expect(rows.some((r) => r.includes('admin token') && r.includes('policy.regenerate_key'))).toBe(true);
    await shot(page, 'change-log');
    await page.setViewport({ width: 390, height: 844, isMobile: true });
    await open(page, `${d.base}/dashboard/orgs/${slug}/compliance`);
    await shot(page, 'phone-compliance');
    await page.browserContext().close();
  });

  it('a user disabled while signed in is sent to sign in at the next screen, and back there after', async () => {
    const user = await createUser(d.t.app, { role: 'analyst', org_id: orgId });
    const { page } = await d.newPage();
    await signIn(page, user.email);
    expect((await api('PATCH', `/api/users/${user.user_id}`, { disabled: true })).statusCode).toBe(200);
    await page.click('header nav a[href$="/audit"]');
    await page.waitForFunction(() => location.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/dashboard/orgs/${orgId}/audit`);
    await page.browserContext().close();
  });

  it('sends an unauthenticated browser from /admin/queues to sign in and back; the owner reaches it from Operations', async () => {
    const { page } = await d.newPage();
    await page.goto(`${d.base}/admin/queues`, { waitUntil: 'domcontentloaded' });
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/queues');
    const api401 = await fetch(`${d.base}/admin/queues`, { headers: { accept: 'application/json' } });
    expect(api401.status).toBe(401);
    await page.waitForSelector('details summary');
    await page.click('details summary');
    await fillLabelled(page, 'Admin token', ADMIN_TOKEN);
    await clickButton(page, 'Sign in with the admin token');
    await page.waitForFunction(() => location.pathname === '/admin/queues' && document.querySelector('#root'));
    await page.browserContext().close();

    await open(owner, `${d.base}/dashboard/operations`);
    await waitForText(owner, 'evidence-export');
    await shot(owner, 'operations');
    await owner.click('a[href="/admin/queues"]');
    await owner.waitForFunction(() => location.pathname.startsWith('/admin/queues') && document.querySelector('#root'));
  });
});
