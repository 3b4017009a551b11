// The dashboard session (DESIGN §3 item 1): the admin token is exchanged for a signed, HttpOnly,
// SameSite=Strict cookie that admits the browser wherever the token would, on every replica, until
// it expires or the user signs out; writes with it refuse a foreign Origin.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { startRedis } from '../../scripts/local-services.js';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../src/api/schemas/session.js';
import { admin, ADMIN_TOKEN, appWithReplicaForFile, startTestApp, testEnv, type TestApp } from '../helpers/app.js';
import { kill, ownServices } from '../helpers/services.js';

const { tempDir, spawned } = ownServices('pf-session-');

let t: TestApp;
let replica: TestApp;
appWithReplicaForFile((a, b) => {
  t = a;
  replica = b;
});

type Response = LightMyRequestResponse;

function signIn(app: FastifyInstance, payload: unknown = { admin_token: ADMIN_TOKEN }, extra: { headers?: Record<string, string>; remoteAddress?: string } = {}) {
  return app.inject({ method: 'POST', url: '/api/session', payload: payload as string, ...extra });
}

function sessionCookieOf(res: Response) {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookie;
}

/** Each signed-in cookie's CSRF token, as the dashboard keeps it from the sign-in answer. */
const csrfOf = new Map<string, string>();
const csrf = (cookie: string) => ({ 'x-csrf-token': csrfOf.get(cookie) ?? '' });

/** The Cookie header a browser would send back after this sign-in. */
async function signedInCookie(app: FastifyInstance = t.app): Promise<string> {
  const res = await signIn(app);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = `${SESSION_COOKIE}=${sessionCookieOf(res).value}`;
  csrfOf.set(cookie, res.json().csrf_token);
  return cookie;
}

/** The Redis key of the session a cookie carries. */
function sessionKey(app: FastifyInstance, cookieHeader: string): string {
  const raw = decodeURIComponent(cookieHeader.slice(SESSION_COOKIE.length + 1));
  const unsigned = app.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) throw new Error('cookie does not verify');
  return `${app.config.redis.prefix}session:${createHash('sha256').update(unsigned.value).digest('hex')}`;
}

const get = (app: FastifyInstance, url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

const newOrg = (cookie: string, slug: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/organizations',
    headers: { cookie, ...csrf(cookie), ...headers },
    payload: { name: slug, slug, settings: { admin_email: 'a@example.com' } },
  });

describe('POST /api/session', () => {
  it('exchanges the admin token for a signed, HttpOnly, SameSite=Strict cookie kept in Redis for the TTL', async () => {
    const before = Date.now();
    const res = await signIn(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const ttlS = 12 * 3600;
    const expiresAt = Date.parse(res.json().expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + ttlS * 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + ttlS * 1000);

    const cookie = sessionCookieOf(res);
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict', maxAge: ttlS });
    expect(cookie.secure).toBeUndefined();
    expect(cookie.value).not.toContain(ADMIN_TOKEN);

    const key = sessionKey(t.app, `${SESSION_COOKIE}=${cookie.value}`);
    const ttlMs = await t.app.redis.pttl(key);
    expect(ttlMs).toBeGreaterThan(0);
    expect(ttlMs).toBeLessThanOrEqual(ttlS * 1000);
  });

  it('accepts the token as Authorization: Bearer with no body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res).httpOnly).toBe(true);
  });

  it('a wrong token is 401 and sets no cookie; no token is 401', async () => {
    for (const res of [await signIn(t.app, { admin_token: 'not-the-admin-token' }), await t.app.inject({ method: 'POST', url: '/api/session', headers: { authorization: 'Bearer nope' } })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_credentials');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const none = await t.app.inject({ method: 'POST', url: '/api/session' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('missing_credentials');
  });

  it('an ill-formed body is 422 naming the field', async () => {
    for (const payload of [{ admin_token: 5 }, { admin_token: '' }, { admin_token: ADMIN_TOKEN, remember: true }]) {
      const res = await signIn(t.app, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().code).toBe('validation_error');
    }
    expect((await signIn(t.app, { admin_token: 5 })).json().detail).toContain('admin_token');
  });

  it('after 10 failed sign-ins an address gets 429 with retry_after, even with the right token; others are unaffected', async () => {
    const remoteAddress = '203.0.113.7';
    for (let i = 0; i < 10; i++) expect((await signIn(t.app, { admin_token: `wrong-${i}` }, { remoteAddress })).statusCode).toBe(401);
    // Counted in Redis: the other replica refuses too.
    for (const res of [await signIn(replica.app, { admin_token: 'wrong-again' }, { remoteAddress }), await signIn(t.app, undefined, { remoteAddress })]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited', retry_after: expect.any(Number) });
      expect(res.json().retry_after).toBeGreaterThan(0);
      expect(res.json().retry_after).toBeLessThanOrEqual(15 * 60);
      expect(res.headers['retry-after']).toBe(String(res.json().retry_after));
    }
    expect((await signIn(t.app, undefined, { remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
  });
});

describe('the session cookie as a credential', () => {
  it('alone admits management endpoints on both replicas, rate limited like the token', async () => {
    const cookie = await signedInCookie();
    for (const app of [t.app, replica.app]) {
      const res = await get(app, '/api/organizations', cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
    }
    const created = await newOrg(cookie, `session-org-${process.pid}`);
    expect(created.statusCode, created.body).toBe(201);
    expect((await get(t.app, `/api/orgs/${created.json().org_id}/policies`, cookie)).statusCode).toBe(200);
  });

  it('opens /admin/queues: the page, every asset it loads, and its API', async () => {
    const cookie = await signedInCookie();
    const page = await get(t.app, '/admin/queues', cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const assets = [...page.body.matchAll(/(?:src|href)="(static\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) expect((await get(t.app, `/admin/queues/${asset}`, cookie)).statusCode, asset).toBe(200);
    const api = await get(t.app, '/admin/queues/api/queues', cookie);
    expect(api.statusCode).toBe(200);
    expect(api.json().queues.map((q: { name: string }) => q.name)).toContain('file-scan');
    // bull-board's UI (axios) copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on its writes.
    const xsrf = { 'x-xsrf-token': csrfOf.get(cookie) ?? '' };
    const unprotected = await t.app.inject({ method: 'PUT', url: '/admin/queues/api/queues/file-scan/pause', headers: { cookie, origin: t.config.baseUrl } });
    expect(unprotected.statusCode).toBe(403);
    expect(unprotected.json().code).toBe('csrf_token_invalid');
    const pause = await t.app.inject({ method: 'PUT', url: '/admin/queues/api/queues/file-scan/pause', headers: { cookie, origin: t.config.baseUrl, ...xsrf } });
    expect(pause.statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: '/admin/queues/api/queues/file-scan/resume', headers: { cookie, origin: t.config.baseUrl, ...xsrf } });
    expect(await t.app.queues.fileScan.isPaused()).toBe(false);
  });

  it('is not a check credential: a check still needs a policy key', async () => {
    const cookie = await signedInCookie();
    const res = await t.app.inject({ method: 'POST', url: '/api/preflight/text', headers: { cookie }, payload: { text: 'hi', destination: 'AI_TOOL' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('missing_api_key');
  });

  it('a tampered, unsigned or unknown cookie is 401 invalid_session', async () => {
    const cookie = await signedInCookie();
    const value = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1));
    const [id, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const forged = [
      `${flip(id)}.${signature}`,
      `${id}.${flip(signature)}`,
      id,
      // Signed with the real secret, but no such session was ever started.
      t.app.signCookie('made-up-session-id'),
    ];
    for (const bad of forged) {
      const res = await get(t.app, '/api/organizations', `${SESSION_COOKIE}=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_session', detail: expect.any(String) });
    }
  });

  it('beside the bearer token the cookie must be valid too: both valid is admitted, either one bad is 401', async () => {
    const cookie = await signedInCookie();
    const both = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { ...admin, cookie } });
    expect(both.statusCode).toBe(200);
    const badCookie = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { ...admin, cookie: `${SESSION_COOKIE}=garbage` } });
    expect(badCookie.statusCode).toBe(401);
    expect(badCookie.json()).toMatchObject({ code: 'invalid_session', detail: expect.any(String) });
    const res = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { authorization: 'Bearer wrong', cookie } });
    expect(res.json().code).toBe('invalid_credentials');
  });

  it('writes refuse a foreign Origin (403) and accept BASE_URL’s or none; reads ignore Origin', async () => {
    const cookie = await signedInCookie();
    const foreign = await newOrg(cookie, `csrf-${process.pid}`, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('insufficient_permission');
    expect((await get(t.app, '/api/organizations', cookie)).json().map((o: { slug: string }) => o.slug)).not.toContain(`csrf-${process.pid}`);
    expect((await newOrg(cookie, `csrf-same-${process.pid}`, { origin: t.config.baseUrl })).statusCode).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie, origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
    // The bearer token is not ambient, so Origin does not concern it.
    expect((await t.app.inject({ method: 'POST', url: '/api/organizations', headers: { ...admin, origin: 'https://evil.example' }, payload: { name: 'x', slug: `csrf-token-${process.pid}`, settings: { admin_email: 'a@example.com' } } })).statusCode).toBe(201);
  });
});

describe('CSRF token (docs/users-and-roles.md)', () => {
  it('sign-in answers it, sets it as the readable XSRF-TOKEN cookie, and GET /api/session repeats it', async () => {
    const res = await signIn(t.app);
    const token = res.json().csrf_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json()).toMatchObject({ role: 'owner', user: null });
    const xsrf = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(xsrf).toMatchObject({ value: token, path: '/', sameSite: 'Strict' });
    expect(xsrf?.httpOnly).toBeUndefined();
    const cookie = `${SESSION_COOKIE}=${sessionCookieOf(res).value}`;
    for (const app of [t.app, replica.app]) {
      const current = await get(app, '/api/session', cookie);
      expect(current.statusCode, current.body).toBe(200);
      expect(current.json()).toMatchObject({ csrf_token: token, role: 'owner', user: null });
    }
    // Another session has another token.
    expect((await signIn(t.app)).json().csrf_token).not.toBe(token);
  });

  it('a cookie write without the token, with a wrong one or another session’s is 403 csrf_token_invalid and changes nothing; with it, done', async () => {
    const cookie = await signedInCookie();
    const other = await signedInCookie();
    const slug = `csrf-guarded-${process.pid}`;
    for (const headers of [{}, { 'x-csrf-token': 'wrong' }, csrf(other), { 'x-csrf-token': `${csrfOf.get(cookie)}x` }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie, ...headers }, payload: { name: slug, slug, settings: { admin_email: 'a@example.com' } } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'csrf_token_invalid', detail: expect.stringContaining('X-CSRF-Token') });
    }
    expect((await get(t.app, '/api/organizations', cookie)).json().map((o: { slug: string }) => o.slug)).not.toContain(slug);
    expect((await newOrg(cookie, slug)).statusCode).toBe(201);
    // Reads need no token; neither does the bearer token, which a foreign page cannot send.
    expect((await get(t.app, '/api/organizations', cookie)).statusCode).toBe(200);
  });

  it('GET /api/session without a session is 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/session' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: admin })).json().code).toBe('invalid_session');
  });

  it('sign-in from a foreign Origin is refused (sign-in forgery)', async () => {
    const res = await signIn(t.app, undefined, { headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('DELETE /api/session', () => {
  it('a live session’s sign-out needs its CSRF token (403 without, the session stays)', async () => {
    const cookie = await signedInCookie();
    const res = await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf_token_invalid');
    expect((await get(t.app, '/api/organizations', cookie)).statusCode).toBe(200);
  });

  it('ends the session on every replica and clears the cookie', async () => {
    const cookie = await signedInCookie();
    const key = sessionKey(t.app, cookie);
    expect((await get(replica.app, '/api/organizations', cookie)).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie, ...csrf(cookie) } });
    expect(out.statusCode).toBe(204);
    const cleared = sessionCookieOf(out);
    expect(cleared).toMatchObject({ value: '', path: '/', maxAge: 0 });
    expect(await t.app.redis.exists(key)).toBe(0);
    for (const app of [t.app, replica.app]) {
      const res = await get(app, '/api/organizations', cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('invalid_session');
    }
    expect((await replica.app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie } })).statusCode).toBe(204);
  });

  it('is 204 without a session, and refuses a foreign Origin while the session lives', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/session' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie: `${SESSION_COOKIE}=garbage` } })).statusCode).toBe(204);
    const cookie = await signedInCookie();
    const foreign = await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie, ...csrf(cookie), origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect((await get(t.app, '/api/organizations', cookie)).statusCode).toBe(200);
  });
});

describe('deployment settings', () => {
  it('an https BASE_URL makes the cookie Secure and is the Origin writes must come from', async () => {
    const own = await startTestApp(testEnv({ BASE_URL: 'https://preflight.example.com' }));
    try {
      const res = await signIn(own.app);
      expect(sessionCookieOf(res).secure).toBe(true);
      const cookie = `${SESSION_COOKIE}=${sessionCookieOf(res).value}`;
      const write = (origin: string) =>
        own.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie, origin, 'x-csrf-token': res.json().csrf_token }, payload: { name: 'x', slug: `tls-${origin.length}`, settings: { admin_email: 'a@example.com' } } });
      expect((await write('http://preflight.example.com')).statusCode).toBe(403);
      expect((await write('https://preflight.example.com')).statusCode).toBe(201);
    } finally {
      await own.close();
    }
  });

  it('a session expires with SESSION_TTL_HOURS: the cookie’s Max-Age and Redis agree, and then it is 401', async () => {
    const own = await startTestApp(testEnv({ SESSION_TTL_HOURS: '0.0003' }));
    try {
      const res = await signIn(own.app);
      expect(sessionCookieOf(res).maxAge).toBe(1);
      const cookie = `${SESSION_COOKIE}=${sessionCookieOf(res).value}`;
      const key = sessionKey(own.app, cookie);
      // Waits as long as Redis says the session has left, until Redis reports it gone.
      for (let ttl = await own.app.redis.pttl(key); ttl !== -2; ttl = await own.app.redis.pttl(key)) await sleep(Math.max(ttl, 1));
      const after = await get(own.app, '/api/organizations', cookie);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('invalid_session');
    } finally {
      await own.close();
    }
  });

  it('without Redis a session cannot be checked: 503, never admitted', async () => {
    const redis = spawned(await startRedis(join(tempDir(), 'redis'), false));
    const own = await startTestApp(testEnv({ REDIS_URL: redis.url }));
    try {
      const cookie = `${SESSION_COOKIE}=${sessionCookieOf(await signIn(own.app)).value}`;
      await kill(redis.child);
      const res = await get(own.app, '/api/organizations', cookie);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('redis_unavailable');
      expect((await signIn(own.app)).statusCode).toBe(503);
    } finally {
      await own.close();
    }
  });
});
