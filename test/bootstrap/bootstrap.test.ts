// `npm run bootstrap` against the real store: a first organization whose printed key checks text,
// made once however many times (and however many at once) it runs.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenSource } from '../../src/bootstrap/admin-token.js';
import { ADMIN_TOKEN, admin, check, startTestApp, testEnv, type TestApp } from '../helpers/app.js';

const run = promisify(execFile);
const { SERVICE_ADMIN_TOKEN: _token, ...env } = testEnv();
const tokenFile = join(mkdtempSync(join(tmpdir(), 'pf-bootstrap-')), 'admin_token');
writeFileSync(tokenFile, `${ADMIN_TOKEN}\n`);
const bootstrap = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/bootstrap/main.ts', '--slug', 'first', ...args], {
    env: { PATH: process.env.PATH, ...env, SERVICE_ADMIN_TOKEN_FILE: tokenFile },
  });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ...env, SERVICE_ADMIN_TOKEN: ADMIN_TOKEN });
});
afterAll(async () => t.close());

const line = (out: string, label: string) => out.split('\n').find((l) => l.startsWith(label)) ?? '';

describe('bootstrap', { timeout: 60_000 }, () => {
  it('makes one organization when two run at once, and prints its key once', async () => {
    const outs = (await Promise.all([bootstrap(), bootstrap()])).map((r) => r.stdout);
    const created = outs.filter((o) => o.includes(' created'));
    expect(created).toHaveLength(1);
    const orgs = await t.app.repos.organizations.list();
    expect(orgs.map((o) => o.slug)).toEqual(['first']);
    for (const out of outs) {
      expect(line(out, 'Organization:')).toContain(orgs[0]!._id);
      expect(out).toContain(`from the file ${tokenFile} (SERVICE_ADMIN_TOKEN_FILE)`);
      expect(out).not.toContain(ADMIN_TOKEN);
    }
    const key = line(created[0]!, 'Default policy key').split(': ')[1] ?? '';
    expect(key).toMatch(/^svc_sk_/);
    const res = await check(t.app, key, { text: 'mail ada@example.com', destination: 'AI_TOOL' });
    expect(res.statusCode).toBe(200);

    // Again: the same organization, its policy named, its key not printed.
    const again = (await bootstrap()).stdout;
    expect(line(again, 'Organization:')).toBe(`Organization: ${orgs[0]!._id} (slug first) already exists`);
    expect(again).not.toContain(key);
    expect(again).toContain(`GET /api/orgs/${orgs[0]!._id}/policies`);
    // It is a real organization, seen through the API like one made there.
    const listed = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: admin });
    expect(listed.json()).toEqual([expect.objectContaining({ org_id: orgs[0]!._id, slug: 'first', name: 'Demo organization' })]);
  });

  it('says where the admin token comes from, and prints it only when asked', () => {
    expect(adminTokenSource({}, 'abcdefghijklmnopq', false)).toContain('abcd… (17 characters; --show-token prints it)\n  from the SERVICE_ADMIN_TOKEN variable');
    expect(adminTokenSource({}, 'abcdefghijklmnopq', true)).toContain('Admin token: abcdefghijklmnopq\n');
  });

  it('stops with the configuration error, in one line', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', 'src/bootstrap/main.ts'], { env: { PATH: process.env.PATH, ...env } }).catch((e: { stderr: string; code: number }) => e);
    expect(failed).toMatchObject({ code: 1, stderr: 'Invalid configuration: SERVICE_ADMIN_TOKEN is required\n' });
  });
});
