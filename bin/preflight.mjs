#!/usr/bin/env node
// The `preflight` command (package.json "bin"). In a checkout (src/ present) it runs the TypeScript
// sources through tsx, so it is never stale; an install without tsx runs the build (dist/). A fresh
// clone has neither yet: like `npm start`, it installs the locked dependencies first (npm ci, with
// the stamp scripts/run.sh checks, so that does not install them again), then runs itself anew.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('..', import.meta.url);
const source = new URL('src/cli/main.ts', root);
const built = new URL('dist/cli/main.js', root);
const lock = new URL('package-lock.json', root);

async function tsxLoaded() {
  try {
    const { register } = await import('tsx/esm/api');
    register();
    return true;
  } catch {
    return false;
  }
}

function installDependencies() {
  const cwd = fileURLToPath(root);
  process.stderr.write(`preflight: installing npm dependencies in ${cwd} (npm ci, once)\n`);
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
  });
  if (npm.status !== 0) {
    process.stderr.write('preflight: npm ci failed; run it in the checkout and try again\n');
    process.exit(2);
  }
  const sha = createHash('sha256').update(readFileSync(lock)).digest('hex');
  writeFileSync(new URL('node_modules/.preflight-lock.sha256', root), `${sha}\n`);
  const again = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(again.status ?? 2);
}

if (existsSync(source) && (await tsxLoaded())) await import(source.href);
else if (existsSync(built)) await import(built.href);
else if (existsSync(source) && existsSync(lock) && !existsSync(new URL('node_modules', root))) installDependencies();
else {
  process.stderr.write('preflight: neither tsx nor a build (dist/) is available: run `npm ci` (or `npm run build`) first\n');
  process.exit(2);
}
