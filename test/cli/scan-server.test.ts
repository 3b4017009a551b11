// `preflight scan --server URL --key KEY` against the real service (real Redis, FerretDB, file
// worker) listening on a real port: the service's policy and audit apply, and any failure to get an
// answer fails closed (exit 2).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFileWorkers, type FileWorkers } from '../../src/workers/file-workers.js';
import { admin, createOrg, drained, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';
import { pngOf, textPdf } from '../helpers/file-fixtures.js';
import { expectNoRawValues, jsonOf, runCli, typesByPath } from './run-cli.js';
import { sarifProblems } from './sarif-shape.js';

const SSN = '123-45-6789';
const EMAIL = 'john.smith@example.com';
const AWS_KEY = 'AKIAZ3MSJV4WWNKWW5FG';
const PNG_EMAIL = 'peter.jones@example.net';
const RAW = [SSN, EMAIL, AWS_KEY, PNG_EMAIL];

let t: TestApp;
let workers: FileWorkers;
let org: OrgFixture;
let baseUrl: string;
let root: string;

beforeAll(async () => {
  t = await startTestApp(testEnv({ OCR_WORKERS: '1' }));
  workers = await startFileWorkers(t.config, t.app.repos, t.app.services.auditJournal, pino({ level: 'silent' }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  org = await createOrg(t.app);

  root = await mkdtemp(join(tmpdir(), 'preflight-cli-server-'));
  const files: Record<string, string | Buffer> = {
    'notes.txt': `Customer SSN: ${SSN}, mail ${EMAIL}\n`,
    'config/app.env': `aws_access_key_id = ${AWS_KEY}\n`,
    'docs/report.pdf': await textPdf([[`SSN ${SSN}`]]),
    'scans/card.png': await pngOf([`Email: ${PNG_EMAIL}`]),
    'clean.md': '# Nothing to see\n',
    'bin/tool.gz': Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4]),
  };
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  }
});
afterAll(async () => {
  await workers?.close();
  await t?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

async function auditCount(orgId: string): Promise<number> {
  await drained(t.app);
  const res = await t.app.inject({ method: 'GET', url: `/api/audit?org_id=${orgId}&limit=100`, headers: admin });
  return res.json().total as number;
}

describe('preflight scan --server', { timeout: 180_000 }, () => {
  it('checks text through the text endpoint and PDF/PNG through the file endpoint, under the key’s policy, with an audit record each', async () => {
    const run = await runCli(['scan', '.', '--server', baseUrl, '--key', org.apiKey, '--format', 'json'], { cwd: root });
    expect(run.code, run.stderr).toBe(1);
    const report = jsonOf(run);
    expect(report.mode).toBe('server');
    expect(typesByPath(report)).toEqual({
      'config/app.env': ['AWS_ACCESS_KEY'],
      'docs/report.pdf': ['SSN'],
      'notes.txt': ['EMAIL', 'SSN'],
      'scans/card.png': ['EMAIL'],
    });
    const decisions = Object.fromEntries(report.files.map((f) => [f.path, f.decision]));
    expect(decisions).toEqual({ 'config/app.env': 'BLOCKED', 'docs/report.pdf': 'ALLOWED_WITH_MASKING', 'notes.txt': 'ALLOWED_WITH_MASKING', 'scans/card.png': 'ALLOWED_WITH_MASKING' });
    expect(report.files.every((f) => typeof f.preflight_id === 'string')).toBe(true);
    expect(report.skipped).toEqual([{ path: 'bin/tool.gz', reason: expect.stringContaining('gzip archive') }]);
    expect(report.stats.files_scanned).toBe(5);
    // Five checks recorded by the service: its audit applies.
    expect(await auditCount(org.orgId)).toBe(5);
    expectNoRawValues(run, RAW);
  });

  it('follows the service’s policy, not a local one: a policy that masks secrets lets the same files through', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/orgs/${org.orgId}/policies`,
      headers: admin,
      payload: { name: 'lenient', rules: [{ name: 'Mask secrets', dataTypes: ['SECRETS'], destinations: ['AI_TOOL'], action: 'MASK' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const run = await runCli(['scan', 'config', 'notes.txt', '--server', baseUrl, '--format', 'sarif'], { cwd: root, env: { PREFLIGHT_API_KEY: created.json().api_key } });
    expect(run.code, run.stderr).toBe(0);
    const sarif = JSON.parse(run.stdout);
    expect(sarifProblems(sarif)).toEqual([]);
    // Only the secret is covered by this policy: masked, so a warning; the service reports no places.
    const results = sarif.runs[0].results.map((r: { ruleId: string; level: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) => [
      r.ruleId,
      r.level,
      r.locations[0]!.physicalLocation.artifactLocation.uri,
    ]);
    expect(results).toContainEqual(['AWS_ACCESS_KEY', 'warning', 'config/app.env']);
    expectNoRawValues(run, RAW);

    // The same policy as the API returns it, used offline with --policy: the same verdict.
    const fetched = await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/policies/${created.json().policy_id}`, headers: admin });
    await writeFile(join(root, 'lenient.json'), fetched.body);
    const offline = await runCli(['scan', 'config', '--policy', 'lenient.json', '--format', 'json'], { cwd: root });
    expect(offline.code, offline.stderr).toBe(0);
    expect(jsonOf(offline).files[0]!.findings.map((f) => [f.type, f.action])).toEqual([['AWS_ACCESS_KEY', 'MASK']]);
  });

  it('sends the staged blobs with --staged --server (a pre-commit hook under the organization’s policy)', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'preflight-cli-server-staged-'));
    try {
      const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
      git('init', '-q');
      await writeFile(join(repo, 'settings.py'), `AWS_ACCESS_KEY_ID = "${AWS_KEY}"\n`);
      git('add', 'settings.py');
      await writeFile(join(repo, 'settings.py'), 'AWS_ACCESS_KEY_ID = None\n');
      const run = await runCli(['scan', '--staged', '--server', baseUrl, '--format', 'json'], { cwd: repo, env: { PREFLIGHT_API_KEY: org.apiKey } });
      expect(run.code, run.stderr).toBe(1);
      expect(typesByPath(jsonOf(run))).toEqual({ 'settings.py': ['AWS_ACCESS_KEY'] });
      expectNoRawValues(run, RAW);
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it('fails closed (exit 2): unknown key, inactive policy, unreachable server', async () => {
    const unknown = await runCli(['scan', 'notes.txt', '--server', baseUrl, '--key', `svc_sk_${'x'.repeat(43)}`], { cwd: root });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/the service answered 401/);

    const other = await createOrg(t.app);
    const off = await t.app.inject({ method: 'PATCH', url: `/api/orgs/${other.orgId}/policies/${other.policyId}`, headers: admin, payload: { is_active: false } });
    expect(off.statusCode, off.body).toBe(200);
    const inactive = await runCli(['scan', 'notes.txt', '--server', baseUrl, '--key', other.apiKey], { cwd: root });
    expect(inactive.code).toBe(2);
    expect(inactive.stderr).toMatch(/the service answered 403/);

    // A port nothing listens on: taken and released.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const down = await runCli(['scan', 'notes.txt', '--server', `http://127.0.0.1:${port}`, '--key', org.apiKey, '--format', 'json'], { cwd: root });
    expect(down.code).toBe(2);
    expect(down.stdout).toBe('');
    expect(down.stderr).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
    expectNoRawValues(down, RAW);
  });
});
