// The Python SDK's test venv: made once per machine under ~/.cache/preflight (as scripts/run.sh makes
// schemathesis's), with pinned packages from PyPI. Its name carries a hash of the pins, so changing a
// pin makes a new one; it is built under a temporary name and renamed into place, so two runs that
// start at once on a fresh machine never see half a venv (the loser of the rename drops its copy).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What the SDK needs (httpx, cryptography), its tests (pytest, mypy), and a build backend for `pip install ./clients/python`. */
export const PYTHON_PINS = ['httpx==0.28.1', 'cryptography==44.0.0', 'pytest==8.3.4', 'mypy==1.13.0', 'setuptools==75.8.0'];

export async function pythonVenv(): Promise<string> {
  const cache = process.env.PREFLIGHT_CACHE_DIR ?? join(homedir(), '.cache', 'preflight');
  const venv = join(cache, `python-sdk-${createHash('sha256').update(PYTHON_PINS.join('\n')).digest('hex').slice(0, 12)}`);
  const python = join(venv, 'bin', 'python');
  // The stamp is written last, so a venv cut short is made again.
  if (existsSync(join(venv, '.preflight-installed'))) return python;
  const building = `${venv}.tmp-${process.pid}`;
  await rm(building, { recursive: true, force: true });
  try {
    await run('python3', ['-m', 'venv', building]);
    await run(join(building, 'bin', 'python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', ...PYTHON_PINS], { timeout: 600_000 });
    await writeFile(join(building, '.preflight-installed'), `${PYTHON_PINS.join('\n')}\n`);
    await rename(building, venv).catch(async (err: NodeJS.ErrnoException) => {
      if (!existsSync(join(venv, '.preflight-installed'))) throw err;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return python;
}
