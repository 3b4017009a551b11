// Single sign-on through OpenID Connect (docs/users-and-roles.md), against a real provider:
// oidc-provider runs on this machine with its development login, and the test walks the browser's
// part of the authorization code flow (PKCE, state, nonce) with plain HTTP requests.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/api/schemas/session.js';
import { createOrg, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';
import { createUser, uniqueEmail } from '../helpers/users.js';

const BASE_URL = 'http://127.0.0.1:18080';
const CALLBACK = `${BASE_URL}/api/session/oidc/callback`;

/** The provider's accounts: login name → claims. */
const accounts = new Map<string, { email: string; email_verified: boolean }>();

let server: Server;
let issuer: string;
let t: TestApp;
let org: OrgFixture;

beforeAll(async () => {
  // A port first, so the provider is built with the issuer it answers on.
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: 'preflight', client_secret: 'preflight-test-secret', redirect_uris: [CALLBACK], grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, ...(accounts.get(sub) ?? {}) }) }),
    cookies: { keys: ['oidc-test-cookie-key'] },
  });
  server.on('request', provider.callback());
  t = await startTestApp(testEnv({ BASE_URL, OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'preflight', OIDC_CLIENT_SECRET: 'preflight-test-secret' }));
  org = await createOrg(t.app);
});

afterAll(async () => {
  await t?.close();
  server?.close();
});

/** A browser's cookie jar for the provider's origin. */
class Jar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
}

/** Follows the provider's redirects as a browser would, logging in as `login`, until it sends the browser back to the service. */
async function throughProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(CALLBACK)) return new URL(url);
    const interaction = /\/interaction\/[^/?]+$/.test(new URL(url).pathname);
    // An interaction page: answer it as its form would (the development login, then consent).
    const res = interaction
      ? await fetch(url, {
          method: 'POST',
          headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams((await promptOf(url, jar)) === 'login' ? { prompt: 'login', login, password: 'anything' } : { prompt: 'consent' }),
          redirect: 'manual',
        })
      : await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
    jar.take(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

/** Which form an interaction page shows. */
async function promptOf(url: string, jar: Jar): Promise<string> {
  const page = await fetch(url, { headers: { cookie: jar.header() } });
  return /name="prompt" value="login"/.test(await page.text()) ? 'login' : 'consent';
}

async function signInThroughProvider(login: string) {
  const start = await t.app.inject({ method: 'GET', url: '/api/session/oidc' });
  expect(start.statusCode, start.body).toBe(302);
  const authorization = new URL(String(start.headers.location));
  expect(authorization.origin).toBe(issuer);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  const callback = await throughProvider(authorization.href, login);
  return { callback, res: await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` }) };
}

describe('OpenID Connect sign-in', () => {
  it('a dashboard user whose verified email the provider gives gets a session in its role', async () => {
    const user = await createUser(t.app, { role: 'auditor', org_id: org.orgId });
    accounts.set('ingrid', { email: user.email.toUpperCase(), email_verified: true });
    const { callback, res } = await signInThroughProvider('ingrid');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` } });
    expect(session.json()).toMatchObject({ role: 'auditor', user: { user_id: user.user_id } });
    // The state is spent: the same callback again is refused.
    const replay = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('sso_failed');
  });

  it('refuses an email no user has, an unverified email, and a disabled user: 401 sso_failed, no session', async () => {
    const disabled = await createUser(t.app, { role: 'analyst', org_id: org.orgId });
    await t.app.inject({ method: 'PATCH', url: `/api/users/${disabled.user_id}`, headers: { authorization: `Bearer ${t.config.adminToken}` }, payload: { disabled: true } });
    const unverified = await createUser(t.app, { role: 'analyst', org_id: org.orgId });
    accounts.set('stranger', { email: uniqueEmail('stranger'), email_verified: true });
    accounts.set('unverified', { email: unverified.email, email_verified: false });
    accounts.set('disabled', { email: disabled.email, email_verified: true });
    for (const login of ['stranger', 'unverified', 'disabled']) {
      const { res } = await signInThroughProvider(login);
      expect(res.statusCode, login).toBe(401);
      expect(res.json().code).toBe('sso_failed');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('the OpenAPI document describes both routes as public', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/session/oidc', '/api/session/oidc/callback']));
    expect(doc.paths['/api/session/oidc'].get.security).toBeUndefined();
  });

  it('the dashboard’s sign-in page offers single sign-on', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/login' })).body).toContain('<meta name="preflight-sso" content="/api/session/oidc">');
  });

  it('a callback with a state it never issued is refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session/oidc/callback?code=abc&state=forged' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('sso_failed');
  });
});

describe('without OIDC settings', () => {
  it('the SSO routes do not exist', async () => {
    const plain = await startTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/session/oidc' })).statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: '/login' })).body).not.toContain('preflight-sso');
    } finally {
      await plain.close();
    }
  });
});
