// Plan rate limits and quotas (spec part 8, DESIGN §13): counted in Redis, shared by every API
// process, all-or-nothing across windows, with X-RateLimit-* headers and 429 + Retry-After.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/local-services.js';
import { admin, check, createOrg, issueLicense, startTestApp, testEnv, type TestApp } from '../helpers/app.js';

const env = testEnv();
let t: TestApp;
let replica: TestApp;
beforeAll(async () => {
  t = await startTestApp(env);
  replica = await startTestApp(env);
});
afterAll(async () => {
  await replica.app.close();
  await t.close();
});
afterEach(() => vi.useRealTimers());

const ok = { text: 'hello', destination: 'AI_TOOL' };
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Fixed windows: start each test at the top of a minute so no window ends half-way through it. */
function atFreshMinute(): number {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  const start = Math.ceil(Date.now() / MINUTE_MS) * MINUTE_MS + 100;
  vi.setSystemTime(start);
  return start;
}

const headersOf = (res: { headers: Record<string, unknown> }) => ({
  limit: Number(res.headers['x-ratelimit-limit']),
  remaining: Number(res.headers['x-ratelimit-remaining']),
  reset: Number(res.headers['x-ratelimit-reset']),
});

async function checks(app: TestApp, apiKey: string, n: number) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await check(app.app, apiKey, ok));
  return out;
}

const enterprise = async (app: TestApp, limits: Record<string, number>) => {
  const org = await createOrg(app.app);
  await issueLicense(app.app, org.orgId, { license_type: 'enterprise', ...limits });
  return org;
};

describe('plan limits on checks', () => {
  it('trial: 60 a minute, with headers on every answer, then 429 with Retry-After and retry_after', async () => {
    const start = atFreshMinute();
    const org = await createOrg(t.app);
    const answers = await checks(t, org.apiKey, 60);
    const nextMinute = (Math.floor(start / MINUTE_MS) + 1) * 60;
    expect(answers.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
    expect(answers.map((r) => headersOf(r).remaining)).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    expect(headersOf(answers[0]!)).toMatchObject({ limit: 60, reset: nextMinute });

    const refused = await check(t.app, org.apiKey, ok);
    expect(refused.statusCode).toBe(429);
    expect(headersOf(refused)).toEqual({ limit: 60, remaining: 0, reset: nextMinute });
    const body = refused.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'retry_after']);
    expect(body.code).toBe('rate_limited');
    expect(body.detail).toContain('60 checks per minute');
    expect(body.retry_after).toBeGreaterThanOrEqual(1);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(body.retry_after));
  });

  it('two API instances on one Redis share one budget', async () => {
    atFreshMinute();
    const org = await enterprise(t, { requests_per_minute: 10 });
    await checks(t, org.apiKey, 5);
    const fromReplica = await checks(replica, org.apiKey, 5);
    expect(fromReplica.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(headersOf(fromReplica[4]!).remaining).toBe(0);
    expect((await check(t.app, org.apiKey, ok)).statusCode).toBe(429);
    expect((await check(replica.app, org.apiKey, ok)).statusCode).toBe(429);
  });

  it('per day: the headers report the window with the fewest checks left, reset at UTC midnight', async () => {
    const start = atFreshMinute();
    const org = await enterprise(t, { requests_per_minute: 100, requests_per_day: 5 });
    const answers = await checks(t, org.apiKey, 5);
    const midnight = (Math.floor(start / DAY_MS) + 1) * DAY_MS / 1000;
    expect(headersOf(answers[0]!)).toEqual({ limit: 5, remaining: 4, reset: midnight });
    const refused = await check(t.app, org.apiKey, ok);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toContain('5 checks per day');
    expect(headersOf(refused)).toEqual({ limit: 5, remaining: 0, reset: midnight });
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil((midnight * 1000 - Date.now()) / 1000));
  });

  it('refused requests use up nothing: a client hammering past its minute keeps its day', async () => {
    const start = atFreshMinute();
    const org = await enterprise(t, { requests_per_minute: 3, requests_per_day: 6 });
    expect((await checks(t, org.apiKey, 3)).every((r) => r.statusCode === 200)).toBe(true);
    expect((await checks(t, org.apiKey, 10)).every((r) => r.statusCode === 429)).toBe(true);
    vi.setSystemTime(start + MINUTE_MS);
    expect((await checks(t, org.apiKey, 3)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const refused = await check(t.app, org.apiKey, ok);
    expect(refused.statusCode).toBe(429);
    expect(headersOf(refused).limit).toBe(6);
  });

  it('max_checks_per_month: 429 quota_exceeded until the month ends; the quota belongs to the license', async () => {
    const start = atFreshMinute();
    const org = await createOrg(t.app);
    await issueLicense(t.app, org.orgId, { license_type: 'standard', max_checks_per_month: 3 });
    const answers = await checks(t, org.apiKey, 3);
    expect(headersOf(answers[2]!)).toMatchObject({ limit: 3, remaining: 0 });
    const refused = await check(t.app, org.apiKey, ok);
    expect(refused.statusCode).toBe(429);
    const now = new Date(start);
    const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000;
    expect(refused.json()).toMatchObject({ code: 'quota_exceeded', detail: expect.stringContaining('monthly quota of 3 checks') });
    expect(headersOf(refused)).toEqual({ limit: 3, remaining: 0, reset: monthEnd });
    // A new license (a renewal or an upgrade) brings its own quota; its plan's limits apply at once.
    await issueLicense(t.app, org.orgId, { license_type: 'standard' });
    const renewed = await check(t.app, org.apiKey, ok);
    expect(renewed.statusCode).toBe(200);
    expect(headersOf(renewed)).toMatchObject({ limit: 300, remaining: 296 });
  });

  it('counts only authenticated, well-formed checks; those carry the headers, refused credentials do not', async () => {
    atFreshMinute();
    const org = await createOrg(t.app);
    const unauthenticated = await check(t.app, `svc_sk_${'A'.repeat(43)}`, ok);
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['x-ratelimit-limit']).toBeUndefined();
    expect((await check(t.app, org.apiKey, { text: 'x' })).statusCode).toBe(422);
    const tooLarge = await check(t.app, org.apiKey, { text: 'x'.repeat(t.config.limits.maxTextBytes + 1), destination: 'AI_TOOL' });
    expect(tooLarge.statusCode).toBe(413);
    expect(headersOf(tooLarge)).toMatchObject({ limit: 60, remaining: 59 });
    expect(headersOf(await check(t.app, org.apiKey, ok)).remaining).toBe(58);
  });

  it('a key cached before a change is counted only as the key now stands: refused, nothing counted', async () => {
    atFreshMinute();
    const org = await createOrg(t.app);
    const url = `/api/orgs/${org.orgId}/policies/${org.policyId}`;
    expect(headersOf(await check(t.app, org.apiKey, ok)).remaining).toBe(59);
    // Deactivated on the other replica: this one still holds the key's principal, cached as active.
    expect((await replica.app.inject({ method: 'PATCH', url, headers: admin, payload: { is_active: false } })).statusCode).toBe(200);
    const refused = await check(t.app, org.apiKey, ok);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
    await replica.app.inject({ method: 'PATCH', url, headers: admin, payload: { is_active: true } });
    expect(headersOf(await check(t.app, org.apiKey, ok)).remaining).toBe(58);
  });
});

describe('dashboard ceiling', () => {
  it('limits management reads per organization; checks and public routes are not counted against it', async () => {
    atFreshMinute();
    const small = await startTestApp(testEnv({ DASHBOARD_RATE_PER_MINUTE: '5' }));
    try {
      const org = await createOrg(small.app);
      const other = await createOrg(small.app);
      const get = (orgId: string) => small.app.inject({ method: 'GET', url: `/api/orgs/${orgId}/policies`, headers: admin });
      await check(small.app, org.apiKey, ok);
      const first = await get(org.orgId);
      // createOrg made one request for the org (its policy list); this is the second.
      expect(headersOf(first)).toMatchObject({ limit: 5, remaining: 3 });
      for (let i = 0; i < 3; i++) expect((await get(org.orgId)).statusCode).toBe(200);
      const refused = await get(org.orgId);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', retry_after: expect.any(Number) });
      expect((await get(other.orgId)).statusCode).toBe(200);
      expect((await check(small.app, org.apiKey, ok)).statusCode).toBe(200);
      const health = await small.app.inject({ method: 'GET', url: '/health' });
      expect(health.headers['x-ratelimit-limit']).toBeUndefined();
    } finally {
      await small.close();
    }
  });
});

describe('two API processes', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

  async function startServer(): Promise<string> {
    const port = await freePort();
    const { BASE_URL: _viteBase, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/api/server.ts'], {
      env: { ...inherited, ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (await fetch(`${base}/ready`).then((r) => r.ok, () => false)) return base;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('a server process and this one count against the same daily budget', async () => {
    const base = await startServer();
    const org = await enterprise(t, { requests_per_minute: 1_000, requests_per_day: 6 });
    const viaProcess = () =>
      fetch(`${base}/api/preflight/text`, {
        method: 'POST',
        headers: { 'x-service-api-key': org.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(ok),
      });
    const remote = [await viaProcess(), await viaProcess(), await viaProcess()];
    expect(remote.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(remote[2]!.headers.get('x-ratelimit-remaining')).toBe('3');
    expect((await checks(t, org.apiKey, 3)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const refused = await viaProcess();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await check(t.app, org.apiKey, ok)).statusCode).toBe(429);
  });
});
