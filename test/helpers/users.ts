// Dashboard users for API tests: created through the API with the admin token, signed in with email
// and password as the dashboard does, and requests made with their session cookie and CSRF token.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SESSION_COOKIE } from '../../src/api/schemas/session.js';
import { admin } from './app.js';

export const PASSWORD = 'correct horse battery staple';

let userCounter = 0;
/** An email no other test (file or run) has used. */
export const uniqueEmail = (tag: string) => `${tag}-${process.pid}-${++userCounter}-${Date.now().toString(36)}@example.com`;

export async function createUser(app: FastifyInstance, body: { role: string; org_id?: string; email?: string; password?: string }, headers: Record<string, string> = admin) {
  const payload = { email: body.email ?? uniqueEmail(body.role), password: body.password ?? PASSWORD, role: body.role, ...(body.org_id ? { org_id: body.org_id } : {}) };
  const res = await app.inject({ method: 'POST', url: '/api/users', headers, payload });
  if (res.statusCode !== 201) throw new Error(`create user answered ${res.statusCode}: ${res.body}`);
  return res.json() as { user_id: string; email: string; role: string; org_id: string | null };
}

export interface Signed {
  cookie: string;
  csrf: string;
  /** Headers a dashboard page sends: the cookie, and on writes the CSRF token. */
  headers(method?: string): Record<string, string>;
}

export function signInRequest(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: '/api/session', payload: { email, password }, ...(remoteAddress ? { remoteAddress } : {}) });
}

export async function signInAs(app: FastifyInstance, email: string, password = PASSWORD): Promise<Signed> {
  const res = await signInRequest(app, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
  const value = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  const cookie = `${SESSION_COOKIE}=${value}`;
  const csrf: string = res.json().csrf_token;
  return { cookie, csrf, headers: (method = 'GET'): Record<string, string> => (method === 'GET' ? { cookie } : { cookie, 'x-csrf-token': csrf }) };
}

/** A request with a signed-in user's session, as the dashboard would make it. */
export function asUser(app: FastifyInstance, user: Signed, method: InjectOptions['method'], url: string, payload?: unknown) {
  return app.inject({ method, url, headers: user.headers(String(method)), ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
}
