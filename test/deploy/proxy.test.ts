// The compose proxy, run: Caddy with deploy/compose/Caddyfile in front of two real API replicas. Docker's
// DNS name `api` is the one thing this machine lacks, so the replicas are named by their loopback
// addresses instead of found by `dynamic a`; every other line of the file is as shipped.
// Runs where Caddy is installed (scripts/check-deploy.sh says how).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testEnv } from '../helpers/app.js';
import { killAllSpawned, ready, spawnTsx } from '../helpers/processes.js';

const caddy = [join(homedir(), '.cache/preflight/bin/caddy')].find(existsSync);
if (!caddy) console.warn('test/deploy/proxy.test.ts: caddy is not installed, the compose proxy is NOT run');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

let proxy: ChildProcess | undefined;
afterAll(() => {
  if (proxy?.pid) process.kill(proxy.pid, 'SIGKILL');
  killAllSpawned();
});

/** Requests this replica answered on GET /health, from its own /metrics. */
async function healthCount(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('preflight_http_request_duration_seconds_count{') && l.includes('route="/health"'));
  return Number(line?.split(' ').pop() ?? 0);
}

describe.skipIf(!caddy)('the compose proxy in front of two API replicas', { timeout: 180_000 }, () => {
  it('spreads requests over the replicas, and a replica killed outright costs no request', async () => {
    const [port, proxyPort] = [await freePort(), await freePort()];
    const hosts = ['127.0.0.1', '127.0.0.2'];
    const env = testEnv({ PORT: String(port), METRICS_PUBLIC: 'true', LOG_LEVEL: 'warn' });
    const replicas = hosts.map((host) => spawnTsx('src/api/server.ts', [], { ...env, HOST: host }));
    const bases = hosts.map((host) => `http://${host}:${port}`);
    await Promise.all(replicas.map((r, i) => ready(bases[i]!, r.child)));

    const shipped = readFileSync('deploy/compose/Caddyfile', 'utf8');
    const caddyfile = shipped.replace(/dynamic a api 8080 \{[^}]*\}/, `to ${bases.map((b) => b.replace('http://', '')).join(' ')}`).replace(':8080 {', `:${proxyPort} {`);
    expect(caddyfile).not.toContain('dynamic');
    const file = join(mkdtempSync(join(tmpdir(), 'pf-caddy-')), 'Caddyfile');
    writeFileSync(file, caddyfile);
    proxy = spawn(caddy!, ['run', '--config', file, '--adapter', 'caddyfile'], { stdio: 'ignore' });
    const front = `http://127.0.0.1:${proxyPort}`;
    while (!(await fetch(`${front}/health`).then((r) => r.ok, () => false))) await new Promise((r) => setTimeout(r, 100));

    const before = await Promise.all(bases.map(healthCount));
    for (let i = 0; i < 40; i++) expect((await fetch(`${front}/health`)).status).toBe(200);
    const after = await Promise.all(bases.map(healthCount));
    const served = after.map((n, i) => n - before[i]!);
    expect(served[0]! + served[1]!).toBe(40);
    expect(served[0]).toBeGreaterThan(0);
    expect(served[1]).toBeGreaterThan(0);

    // kill -9: connections to it are refused; the proxy tries the other replica (lb_try_duration).
    process.kill(-replicas[0]!.child.pid!, 'SIGKILL');
    await replicas[0]!.exited;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await fetch(`${front}/ready`).then((r) => r.status, () => 0));
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});
