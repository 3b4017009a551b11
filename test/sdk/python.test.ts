// The Python SDK (clients/python) against the real service: its pytest suite runs in a venv made once
// per machine (test/sdk/python-venv.ts), on the package as `pip install` builds it, with the
// service's URL and admin token in the environment. The README's quick start is run as written.
import { execFile } from 'node:child_process';
import { access, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../helpers/app.js';
import { textPdf } from '../helpers/file-fixtures.js';
import { pythonVenv } from './python-venv.js';
import { liveServiceForFile, type LiveService } from './service.js';

const run = promisify(execFile);

let s: LiveService;
liveServiceForFile((ready) => (s = ready));

let python: string;
let work: string;
let site: string;
beforeAll(async () => {
  python = await pythonVenv();
  work = await mkdtemp(join(tmpdir(), 'preflight-python-sdk-'));
  site = join(work, 'site');
  // The package as pip builds it (py.typed and all), from a copy (the build writes beside the
  // sources) into a folder of this run's own.
  await cp('clients/python', join(work, 'src'), { recursive: true, filter: (from) => !/(__pycache__|\.egg-info|\/build)$/.test(from) });
  await run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '--no-build-isolation', '--target', site, join(work, 'src')], { timeout: 120_000 });
}, 600_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Runs a command with the venv first on PATH and the built package importable; never throws. */
async function inVenv(command: string, args: string[], env: Record<string, string> = {}) {
  const result = await run(command, args, {
    env: { ...process.env, PATH: `${dirname(python)}${delimiter}${process.env.PATH}`, PYTHONPATH: site, PYTHONDONTWRITEBYTECODE: '1', ...env },
    timeout: 300_000,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
  );
  return result;
}

describe('the Python SDK', () => {
  it('passes its pytest suite against the running service', { timeout: 300_000 }, async () => {
    const pdf = join(work, 'ssn.pdf');
    await writeFile(pdf, await textPdf([['SSN 123-45-6789']]));
    const result = await inVenv(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'clients/python/tests'], {
      PREFLIGHT_URL: s.baseUrl,
      PREFLIGHT_TEST_ADMIN_TOKEN: ADMIN_TOKEN,
      PREFLIGHT_TEST_PDF: pdf,
    });
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/\b\d+ passed\b/);
    expect(result.stdout).not.toMatch(/\b(failed|error)\b/);
    console.info(`pytest: ${result.stdout.trim().split('\n').pop()}`);
  });

  it('is typed: py.typed ships, and mypy --strict passes on the package as built', { timeout: 120_000 }, async () => {
    await access(join(site, 'preflight_sdk', 'py.typed'));
    // The cache beside the venv keeps what never changes (typeshed, httpx, cryptography) across runs.
    const cache = join(dirname(dirname(python)), 'mypy-cache');
    const result = await inVenv(python, ['-m', 'mypy', '--strict', '--cache-dir', cache, '-p', 'preflight_sdk'], { MYPYPATH: site });
    expect(result.code, result.stdout).toBe(0);
    const tests = await inVenv(python, ['-m', 'mypy', '--cache-dir', cache, 'clients/python/tests'], { MYPYPATH: `${site}${delimiter}clients/python/tests` });
    expect(tests.code, tests.stdout).toBe(0);
  });

  it('runs the README quick start as written: a masked check from Python', { timeout: 60_000 }, async () => {
    const readme = await readFile('README.md', 'utf8');
    const block = /<!-- python-quickstart -->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block, 'README has no python-quickstart block').toBeDefined();
    const lines = block!.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim());
    expect(lines).toContain('pip install ./clients/python');
    const oneLiner = lines.find((l) => l.startsWith('python -c '));
    expect(oneLiner).toBeDefined();
    // npm start prints the same line, with its URL and key exported just before it.
    expect(await readFile('scripts/start-banner.ts', 'utf8')).toContain(oneLiner);
    const result = await inVenv('bash', ['-c', oneLiner!], { PREFLIGHT_URL: s.baseUrl, PREFLIGHT_API_KEY: s.org.apiKey });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('Email [EMAIL], SSN [SSN]');
  });
});
