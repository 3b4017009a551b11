// docker-compose.yml, read as Docker would (Docker does not run here): every variable is one the
// service reads, probes hit paths that answer, only the proxy publishes a port, secrets are files.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { KNOWN_ENV_NAMES } from '../../src/config/index.js';
import { WORKER_HEALTH_PATHS } from '../../src/workers/health.js';
import { startTestApp, testEnv, type TestApp } from '../helpers/app.js';

interface Service {
  image?: string;
  build?: unknown;
  ports?: unknown[];
  expose?: string[];
  environment?: Record<string, string>;
  secrets?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as { services: Record<string, Service>; secrets: Record<string, { file: string }> };
const { api, worker, proxy, mongo } = compose.services as Record<'api' | 'worker' | 'proxy' | 'mongo', Service>;
const probe = (s: Service) => {
  const m = /http:\/\/127\.0\.0\.1:(\d+)(\/[a-z]*)/.exec(s.healthcheck?.test?.join(' ') ?? '');
  return { port: m?.[1], path: m?.[2] };
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(testEnv());
});
afterAll(async () => t.close());

/** scripts/compose-check: compose-go, the loader of `docker compose config`; built by scripts/check-deploy.sh, else run by Go. */
function composeCheck() {
  const built = join(homedir(), '.cache/preflight/bin/compose-check');
  if (existsSync(built)) return spawnSync(built, ['docker-compose.yml'], { encoding: 'utf8' });
  if (spawnSync('go', ['version']).status !== 0) return null;
  return spawnSync('go', ['run', '.', resolve('docker-compose.yml')], { cwd: 'scripts/compose-check', encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod' } });
}

describe('docker-compose.yml', { timeout: 180_000 }, () => {
  it('loads as docker compose loads it: schema, interpolation, merge keys', (ctx) => {
    const out = composeCheck();
    if (!out) return ctx.skip('Go is not installed: compose-go cannot load the file here');
    expect(out.stderr).toBe('');
    expect(out.stdout).toMatch(/^valid: .*docker-compose\.yml$/m);
    expect(out.stdout).toContain('service api: image=preflight:local build=true ports=[] secrets=[admin_token master_key]');
    expect(out.stdout).toContain('service worker: image=preflight:local build=false ports=[] secrets=[admin_token master_key]');
    expect(out.stdout).toContain('service proxy: image=caddy:2 build=false ports=[8080->8080]');
  });

  it('sets only variables that src/config reads', () => {
    for (const [name, service] of Object.entries({ api, worker })) {
      const unknown = Object.keys(service.environment ?? {}).filter((v) => !KNOWN_ENV_NAMES.includes(v));
      expect(unknown, `${name} sets variables src/config does not read`).toEqual([]);
    }
  });

  it('builds one image, which the API and the worker both run', () => {
    expect(api.image).toBeTruthy();
    expect(worker.image).toBe(api.image);
    expect(api.build).toBe('.');
    expect(worker.build).toBeUndefined();
  });

  it('publishes no API port: only the proxy does, and it proxies to the API port', () => {
    expect(api.ports).toBeUndefined();
    expect(worker.ports).toBeUndefined();
    expect(proxy.ports).toEqual(['${PREFLIGHT_PORT:-8080}:8080']);
    expect(api.expose).toEqual(['8080']);
    const caddyfile = readFileSync('deploy/compose/Caddyfile', 'utf8');
    expect(caddyfile).toMatch(/dynamic a api 8080/);
    expect(proxy.depends_on?.api).toEqual({ condition: 'service_healthy' });
  });

  it('has a Caddyfile that Caddy accepts, where Caddy is installed', (ctx) => {
    const caddy = [join(homedir(), '.cache/preflight/bin/caddy')].find(existsSync);
    if (!caddy) return ctx.skip('caddy is not installed: deploy/compose/Caddyfile is not validated');
    const out = spawnSync(caddy, ['validate', '--config', 'deploy/compose/Caddyfile', '--adapter', 'caddyfile'], { encoding: 'utf8' });
    expect(out.stdout + out.stderr).toContain('Valid configuration');
    expect(out.status).toBe(0);
  });

  it('probes the API on /ready, a route that answers 200 when the stores do', async () => {
    expect(probe(api)).toEqual({ port: '8080', path: '/ready' });
    expect(t.app.hasRoute({ method: 'GET', url: '/ready' })).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    expect(probe(proxy).path).toBe('/health');
    expect(t.app.hasRoute({ method: 'GET', url: '/health' })).toBe(true);
  });

  it("has the image's own healthcheck ask /ready too, on the worker's health port when it has one", () => {
    const healthcheck = /^HEALTHCHECK .*$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[0] ?? '';
    expect(healthcheck).toContain("(process.env.WORKER_HEALTH_PORT||process.env.PORT)+'/ready'");
  });

  it('probes the worker on its health port, at a path it serves', () => {
    const { port, path } = probe(worker);
    expect(port).toBe(worker.environment?.WORKER_HEALTH_PORT);
    expect(WORKER_HEALTH_PATHS).toContain(path);
    expect(path).toBe('/ready');
  });

  it('calls Mongo healthy only when the replica set has a writable primary', () => {
    const test = mongo.healthcheck?.test?.join(' ') ?? '';
    expect(test).toContain('rs.initiate');
    expect(test).toMatch(/if \(!db\.hello\(\)\.isWritablePrimary\) throw/);
    for (const s of [api, worker]) expect(s.depends_on?.mongo).toEqual({ condition: 'service_healthy' });
  });

  it('reads every secret from a compose secret file mounted in the service', () => {
    for (const service of [api, worker]) {
      const env = service.environment ?? {};
      expect(env.SERVICE_ADMIN_TOKEN).toBeUndefined();
      expect(env.SERVICE_MASTER_KEY).toBeUndefined();
      for (const [name, value] of Object.entries(env).filter(([n]) => n.endsWith('_FILE'))) {
        const secret = /^\/run\/secrets\/([a-z_]+)$/.exec(value)?.[1];
        expect(secret, name).toBeTruthy();
        expect(service.secrets).toContain(secret);
        expect(compose.secrets[secret!]?.file).toMatch(/^\.\/secrets\//);
      }
    }
  });

  it('limits CPU and memory, and sizes the API detection pool to its CPUs', () => {
    for (const s of [api, worker, proxy]) expect(s.deploy?.resources?.limits).toMatchObject({ cpus: expect.any(String), memory: expect.any(String) });
    const cpus = Number(api.deploy?.resources?.limits?.cpus);
    const threads = Number(api.environment?.DETECT_THREADS);
    expect(threads).toBeGreaterThanOrEqual(1);
    expect(threads).toBeLessThanOrEqual(Math.max(1, cpus - 1));
  });

  it('sends the Dockerfile what it copies, and nothing else', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/));
    const ignore = readFileSync('.dockerignore', 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    expect(ignore[0]).toBe('*');
    expect(copied.length).toBeGreaterThan(0);
    for (const path of copied) expect(ignore.filter((l) => l === `!${path}` || l === `!${path}/`), path).toHaveLength(1);
  });
});
