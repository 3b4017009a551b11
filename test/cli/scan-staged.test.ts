// `preflight scan --staged`, the pre-commit mode: what is staged is scanned, not the working tree.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoRawValues, jsonOf, runCli, typesByPath } from './run-cli.js';

const AWS_KEY = 'AKIAZ3MSJV4WWNKWW5FG';
const SSN = '123-45-6789';

let repo: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });

beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), 'preflight-staged-'));
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'dev@example.com');
  git('config', 'user.name', 'Dev');
  await writeFile(join(repo, 'README.md'), 'A project\n');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
});
afterAll(async () => rm(repo, { recursive: true, force: true }));

describe('preflight scan --staged', { timeout: 120_000 }, () => {
  it('scans the staged blob, not the working tree: a secret staged then edited away still blocks', async () => {
    await mkdir(join(repo, 'src'), { recursive: true });
    await writeFile(join(repo, 'src/config.py'), `AWS_ACCESS_KEY_ID = "${AWS_KEY}"\n`);
    git('add', 'src/config.py');
    await writeFile(join(repo, 'src/config.py'), 'AWS_ACCESS_KEY_ID = os.environ["AWS_ACCESS_KEY_ID"]\n');
    // Run from a subfolder, as a hook may: paths are the repository's.
    const run = await runCli(['scan', '--staged', '--format', 'json'], { cwd: join(repo, 'src') });
    expect(run.code, run.stderr).toBe(1);
    const report = jsonOf(run);
    expect(report.mode).toBe('staged');
    expect(typesByPath(report)).toEqual({ 'src/config.py': ['AWS_ACCESS_KEY'] });
    expect(report.files[0]!.findings[0]).toMatchObject({ line: 1, column: 22, action: 'BLOCK' });
    expectNoRawValues(run, [AWS_KEY]);
  });

  it('passes when the staged content is clean though the working tree is not; unstaged and deleted files are not read', async () => {
    git('add', 'src/config.py'); // the clean version
    await writeFile(join(repo, 'src/config.py'), `AWS_ACCESS_KEY_ID = "${AWS_KEY}"\n`);
    await writeFile(join(repo, 'untracked.txt'), `SSN ${SSN}\n`);
    git('rm', '-q', 'README.md');
    const run = await runCli(['scan', '--staged', '--format', 'json'], { cwd: repo });
    expect(run.code, run.stderr).toBe(0);
    const report = jsonOf(run);
    expect(report.files).toEqual([]);
    expect(report.stats.files_scanned).toBe(1);
    expectNoRawValues(run, [AWS_KEY, SSN]);
  });

  it('masks-only staged changes pass (exit 0) with their findings listed', async () => {
    await writeFile(join(repo, 'customers.csv'), `name,ssn\nJohn,${SSN}\n`);
    git('add', 'customers.csv');
    const run = await runCli(['scan', '--staged'], { cwd: repo });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('customers.csv:2:6  SSN  MASK   ***-**-6789');
    expectNoRawValues(run, [SSN]);
  });

  it('as a git pre-commit hook, stops a commit that stages a secret and lets the fixed one through', async () => {
    const hook = join(repo, '.git/hooks/pre-commit');
    await writeFile(hook, `#!/bin/sh\nexec "${process.execPath}" "${resolve('bin/preflight.mjs')}" scan --staged\n`, { mode: 0o755 });
    git('add', '-A');
    git('commit', '-q', '-m', 'clean so far', '--no-verify');
    await writeFile(join(repo, 'deploy.sh'), `export AWS_ACCESS_KEY_ID=${AWS_KEY}\n`);
    git('add', 'deploy.sh');
    const refused = spawnSync('git', ['commit', '-m', 'deploy script'], { cwd: repo, encoding: 'utf8' });
    expect(refused.status).not.toBe(0);
    // git hands a hook's stdout to stderr.
    expect(refused.stderr).toContain('deploy.sh:1:26  AWS_ACCESS_KEY  BLOCK  AKIA****');
    expect(refused.stdout + refused.stderr).not.toContain(AWS_KEY);
    expect(git('log', '--format=%s', '-1').trim()).toBe('clean so far');

    await writeFile(join(repo, 'deploy.sh'), 'export AWS_PROFILE=deploy\n');
    git('add', 'deploy.sh');
    const accepted = spawnSync('git', ['commit', '-m', 'deploy script'], { cwd: repo, encoding: 'utf8' });
    expect(accepted.status, accepted.stdout + accepted.stderr).toBe(0);
    expect(git('log', '--format=%s', '-1').trim()).toBe('deploy script');
  });

  it('exits 2 outside a git repository', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'preflight-norepo-'));
    try {
      const run = await runCli(['scan', '--staged'], { cwd: outside, env: { GIT_CEILING_DIRECTORIES: tmpdir() } });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/git rev-parse failed: .*not a git repository/);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
