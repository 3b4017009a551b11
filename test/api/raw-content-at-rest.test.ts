// Raw content is never readable at rest (docs/files.md, "At rest"): a real file check through the
// real API and worker processes, against a Redis (AOF on) and a PostgreSQL cluster + FerretDB whose
// data directories this test owns (durable, as `npm start` runs them), with both processes logging
// at trace level to a file there. Afterwards no file under that directory holds the submitted value:
// not in plain text, not in base64 at any alignment, not in hex; nor does it hold the words of the
// masked copy. Dead tuples and pages (PostgreSQL's WAL and heap, the AOF) keep whatever was written;
// encrypted uploads and masked files make that ciphertext.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort, psql, startFerretDb, startPostgres, startRedis } from '../../scripts/local-services.js';
import { admin, testEnv } from '../helpers/app.js';

const dir = mkdtempSync(join(tmpdir(), 'pf-at-rest-'));
const children: ChildProcess[] = [];
let stopPostgres = async () => {};
afterAll(async () => {
  await Promise.all(children.map(stop));
  await stopPostgres();
  rmSync(dir, { recursive: true, force: true });
});

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Starts `src/<entry>` as its own process, its output appended to the log file under `dir`. */
function service(entry: string, env: Record<string, string>): ChildProcess {
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const log = openSync(join(dir, 'logs', 'preflight.log'), 'a');
  // Vitest exports Vite's BASE_URL ("/"); the service must not take it for its own.
  const { BASE_URL: _viteBase, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { env: { ...inherited, ...env }, stdio: ['ignore', log, log] });
  children.push(child);
  return child;
}

async function ready(base: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}; see its log`);
    if (await fetch(`${base}/ready`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every regular file under a directory, recursively. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * How a value can sit in a file: as it is, in hex, and in base64 at each of the three offsets it
 * can have in a longer encoded stream (only the characters that depend on the value alone).
 */
function encodings(value: Buffer): Buffer[] {
  const base64 = [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), value]).toString('base64').replace(/=+$/, '');
    const partialEnd = (offset + value.length) % 3 === 0 ? 0 : 1;
    return encoded.slice([0, 2, 3][offset], encoded.length - partialEnd);
  });
  return [value, Buffer.from(value.toString('hex')), ...base64.map((text) => Buffer.from(text))];
}

it('leaves the submitted content nowhere under DATA_DIR once the check is done: store, WAL, AOF or logs', async () => {
  const redis = await startRedis(join(dir, 'redis'), true);
  children.push(redis.child);
  const postgres = await startPostgres(join(dir, 'postgres'), { persist: true });
  stopPostgres = postgres.stop;
  const ferret = await startFerretDb(join(dir, 'ferretdb'), 'pf_at_rest', undefined, { postgresUrl: postgres.url });
  children.push(ferret.child);
  const port = await freePort();
  const env = {
    ...testEnv({ LOG_LEVEL: 'trace', OCR_WORKERS: '1', FILE_WAIT_MS: '60000' }),
    REDIS_URL: redis.url,
    MONGODB_URL: ferret.url,
    DATA_DIR: dir,
    PORT: String(port),
  };
  const api = service('src/api/server.ts', env);
  const worker = service('src/workers/main.ts', env);
  const base = `http://127.0.0.1:${port}`;
  await ready(base, api);

  const org = await fetch(`${base}/api/organizations`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'At rest', slug: 'at-rest', settings: { admin_email: 'a@b.co' } }),
  }).then((r) => r.json() as Promise<{ org_id: string }>);
  const [policy] = await fetch(`${base}/api/orgs/${org.org_id}/policies`, { headers: admin }).then((r) => r.json() as Promise<Array<{ api_key: string }>>);

  // The canary is a value the policy masks; the marker is plain words it keeps, so the masked copy
  // (kept, as the product) holds the marker: neither is readable at rest.
  const canary = `canary-${randomBytes(12).toString('hex')}@example.com`;
  const marker = `marker ${Array.from(randomBytes(16), (b) => String.fromCharCode(97 + (b % 26))).join('')}`;
  const form = new FormData();
  form.append('destination', 'AI_TOOL');
  form.append('file', new Blob([`Send the ${marker} report to ${canary} by Friday.\n`.repeat(50)]), 'notes.txt');
  const res = await fetch(`${base}/api/preflight`, { method: 'POST', headers: { 'x-service-api-key': policy!.api_key }, body: form });
  const body = (await res.json()) as { decision: string; masked_file_url: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.decision).toBe('ALLOWED_WITH_MASKING');
  const masked = await fetch(body.masked_file_url, { headers: { 'x-service-api-key': policy!.api_key } }).then((r) => r.text());
  expect(masked).toContain(`Send the ${marker} report to [EMAIL] by Friday.`);

  // The processes end, so every log line is written; Redis, FerretDB and PostgreSQL keep running with their files as they are.
  await Promise.all([stop(api), stop(worker)]);
  // Written out to the tables' files too, not only to the WAL.
  await psql(postgres.url, { sql: 'CHECKPOINT' });
  const files = filesUnder(dir);
  expect(files.some((file) => file.includes('appendonly'))).toBe(true);
  // The store's files are among those read: PostgreSQL's WAL segments and its tables' heap files.
  expect(files.some((file) => /\/postgres\/pg_wal\/[0-9A-F]{24}$/.test(file))).toBe(true);
  expect(files.filter((file) => /\/postgres\/base\/\d+\/\d+$/.test(file)).length).toBeGreaterThan(10);
  const needles = [canary, marker].flatMap((value) => encodings(Buffer.from(value)));
  const found = files.flatMap((file) => {
    const bytes = readFileSync(file);
    return needles.filter((needle) => bytes.includes(needle)).map((needle) => `${file}: ${needle.toString()}`);
  });
  expect(found).toEqual([]);
}, 120_000);
