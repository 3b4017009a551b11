// The compiled build, laid out as the image lays it out (Dockerfile: package.json, dist/, the dashboard's
// assets copied into dist/, no src/): the API and the worker start from it, answer /ready, serve the
// dashboard, check text and a file end to end, and exit 0 on SIGTERM. Every other test runs the
// TypeScript sources through tsx, so a file the build leaves out (as the dashboard's assets once
// were) is found here, not in production.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local-services.js';
import { admin, testEnv } from '../helpers/app.js';

const run = promisify(execFile);
// Inside the checkout, so the build resolves its packages from the checkout's node_modules as the
// image resolves them from its own.
const root = mkdtempSync(join(resolve('.'), '.test-image-'));
const env = testEnv({ LOG_LEVEL: 'warn' });
const children: ChildProcess[] = [];

beforeAll(async () => {
  await run(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', join(root, 'dist')]);
  cpSync('package.json', join(root, 'package.json'));
  cpSync('src/dashboard/assets', join(root, 'dist/dashboard/assets'), { recursive: true });
}, 180_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

function start(entry: string, extra: Record<string, string>): { child: ChildProcess; exited: Promise<number | null> } {
  // Vitest exports Vite's BASE_URL ("/"); the process must not take it for its own.
  const { BASE_URL: _viteBase, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(root, 'dist', entry)], { cwd: root, env: { ...inherited, ...env, ...extra }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  return { child, exited: new Promise((done) => child.once('exit', (code) => done(code))) };
}

async function ready(base: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${base}: the process exited with ${child.exitCode}`);
    if (await fetch(`${base}/ready`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the compiled build, laid out as in the image', () => {
  it('runs the API and the worker: ready, dashboard, a text and a file check, and a clean exit', async () => {
    const [apiPort, workerPort] = [await freePort(), await freePort()];
    const api = start('api/server.js', { PORT: String(apiPort) });
    const worker = start('workers/main.js', { WORKER_HEALTH_PORT: String(workerPort) });
    const base = `http://127.0.0.1:${apiPort}`;
    await ready(base, api.child);
    await ready(`http://127.0.0.1:${workerPort}`, worker.child);

    // The dashboard's page and its assets, read from dist/dashboard/assets.
    const login = await fetch(`${base}/login`, { headers: { accept: 'text/html' } });
    expect(login.status).toBe(200);
    const script = /<script[^>]+src="([^"]+)"/.exec(await login.text())?.[1];
    expect(script).toBeDefined();
    expect((await fetch(new URL(script ?? '', base))).status).toBe(200);

    const org = (await fetch(`${base}/api/organizations`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Built', slug: `built-${Date.now()}`, settings: { admin_email: 'a@b.co' } }),
    }).then((r) => r.json())) as { org_id: string };
    const [policy] = (await fetch(`${base}/api/orgs/${org.org_id}/policies`, { headers: admin }).then((r) => r.json())) as Array<{ api_key: string }>;
    const key = { 'x-service-api-key': policy?.api_key ?? '' };

    // A text check runs on the compiled detection thread (detect/thread.js).
    const text = await fetch(`${base}/api/preflight/text`, {
      method: 'POST',
      headers: { ...key, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Member SSN 123-45-6789', destination: 'AI_TOOL' }),
    });
    expect(text.status).toBe(200);
    expect(await text.json()).toMatchObject({ decision: 'ALLOWED_WITH_MASKING', masked_content: 'Member SSN [SSN]' });

    // A file check goes through the queue to the compiled worker and back.
    const form = new FormData();
    form.append('destination', 'AI_TOOL');
    form.append('file', new Blob([Buffer.from('Member SSN 123-45-6789')]), 'note.txt');
    const file = await fetch(`${base}/api/preflight`, { method: 'POST', headers: key, body: form });
    expect(file.status).toBe(200);
    expect(await file.json()).toMatchObject({ decision: 'ALLOWED_WITH_MASKING' });

    api.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    expect(await worker.exited).toBe(0);
  }, 120_000);
});
