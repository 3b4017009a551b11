// The dashboard session (DESIGN §3 item 1; docs/users-and-roles.md): the admin token (acting as owner)
// or a user's email and password is exchanged once for a signed, HttpOnly, SameSite=Strict cookie,
// plus the session's CSRF token that writes must send back. Redis holds the session, so signing out
// ends it on every replica.
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors } from '../../errors.js';
import type { Credentials, SignedIn } from '../../services/sign-in.js';
import { actorOf, assertSameOrigin, bearerOf, hasCsrfToken, originOf, roleOf, sessionIdOf } from '../plugins/auth.js';
import { OIDC_CALLBACK_PATH } from '../plugins/services.js';
import { download, ErrorBody, RateLimitedBody } from '../schemas/common.js';
import { CSRF_COOKIE, Session, SESSION_COOKIE, SessionCreate } from '../schemas/session.js';
import { PasswordChange, toUser } from '../schemas/users.js';

function credentialsOf(body: SessionCreate, bearer: string | undefined): Credentials | undefined {
  if (body?.email !== undefined && body.password !== undefined) return { email: body.email, password: body.password };
  const token = body?.admin_token ?? bearer;
  return token === undefined ? undefined : { adminToken: token };
}

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { signIns, sessions, csrfTokenOf } = app.services;
    const { baseUrl, session } = app.config;
    const ownOrigin = originOf(baseUrl);
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: ownOrigin.startsWith('https:'),
    } as const;
    const csrfCookieOptions = { ...cookieOptions, httpOnly: false } as const;
    const tags = ['session'];

    /** Sets both cookies and answers the Session. */
    function started(reply: FastifyReply, signedIn: SignedIn) {
      const maxAge = Math.max(1, Math.floor(session.ttlMs / 1000));
      const csrf = csrfTokenOf(signedIn.id);
      reply
        .setCookie(SESSION_COOKIE, signedIn.id, { ...cookieOptions, signed: true, maxAge })
        .setCookie(CSRF_COOKIE, csrf, { ...csrfCookieOptions, maxAge })
        .header('cache-control', 'no-store');
      return {
        expires_at: signedIn.expiresAt.toISOString(),
        csrf_token: csrf,
        role: signedIn.user?.role ?? ('owner' as const),
        user: signedIn.user && toUser(signedIn.user),
      };
    }

    r.post(
      '/api/session',
      {
        schema: {
          tags,
          security: [{ adminToken: [] }, {}],
          summary: 'Sign in to the dashboard: exchange the admin token (acts as owner) or a user’s email and password for a session cookie',
          description:
            'Failed sign-ins are limited per client address (10 per 15 minutes) and per email (5 per 15 minutes): past either, 429 with Retry-After, even for the right password. A wrong email or password is the same 401 invalid_credentials. admin_token beside email or password, or one of email and password alone, is 422 (a rule JSON Schema cannot state). Answers the CSRF token that writes with the cookie must send as X-CSRF-Token.',
          body: SessionCreate,
          response: { 200: Session, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: RateLimitedBody },
        },
      },
      async (request, reply) => {
        // Sign-in forgery (a foreign page signing the browser in as someone else): refused by Origin.
        assertSameOrigin(request, ownOrigin);
        return started(reply, await signIns.signIn(request.ip, credentialsOf(request.body, bearerOf(request))));
      },
    );

    r.get(
      '/api/session',
      {
        onRequest: app.authenticate('admin'),
        config: { access: 'signedIn' },
        schema: {
          tags,
          security: [{ session: [] }],
          summary: 'The current session: who is signed in, in which role, and its CSRF token. Any role.',
          response: { 200: Session },
        },
      },
      async (request, reply) => {
        const id = sessionIdOf(request);
        const expiresAt = id && (await sessions.expiresAt(id));
        // The admin token without a cookie has no session to describe.
        if (!id || !expiresAt) throw Errors.invalidSession();
        const principal = request.principal;
        reply.header('cache-control', 'no-store');
        return {
          expires_at: expiresAt.toISOString(),
          csrf_token: csrfTokenOf(id),
          role: roleOf(principal) ?? 'owner',
          user: principal.kind === 'user' ? toUser(principal.user) : null,
        };
      },
    );

    r.put(
      '/api/session/password',
      {
        onRequest: app.authenticate('admin'),
        config: { access: 'signedIn' },
        schema: {
          tags,
          security: [{ session: [] }],
          summary: 'Change your own password (any role). Every session of yours ends; this one is replaced by the new session answered.',
          description:
            'current_password must be right (422 otherwise; counted like a failed sign-in for the email, so 429 past the limit). The new password must not contain the email’s name and must use at least 5 different characters (422), rules JSON Schema cannot state. The admin token has no password: 403.',
          body: PasswordChange,
          response: { 200: Session, 422: ErrorBody, 429: RateLimitedBody },
        },
      },
      async (request, reply) => {
        const principal = request.principal;
        if (principal.kind !== 'user') throw Errors.roleForbidden('The admin token has no password to change; sign in as a user.');
        const { current_password, new_password } = request.body;
        const signedIn = await signIns.changePassword(principal.user, current_password, new_password, actorOf(principal));
        const old = sessionIdOf(request);
        if (old) await signIns.signOut(old);
        return started(reply, signedIn);
      },
    );

    // Single sign-on (docs/users-and-roles.md, "OpenID Connect"): only when it is configured.
    const sso = app.services.oidc;
    if (sso) {
      r.get(
        '/api/session/oidc',
        {
          schema: {
            tags,
            summary: 'Sign in through the OpenID Connect provider: redirects the browser to it',
            response: { 302: z.null().describe('Location: the provider’s authorization endpoint') },
          },
        },
        async (_request, reply) => reply.header('cache-control', 'no-store').redirect((await sso.start()).href, 302),
      );

      r.get(
        OIDC_CALLBACK_PATH,
        {
          schema: {
            tags,
            summary: 'Where the provider sends the browser back: starts the session of the dashboard user with the verified email, then opens the dashboard',
            description: 'A state that expired (10 minutes) or was used, a refused exchange, no verified email, or no enabled user with it: 401 sso_failed.',
            querystring: z.object({ state: z.string().max(200).optional(), code: z.string().max(4_096).optional() }).loose(),
            response: { 200: download('A page that opens the dashboard', ['text/html']), 401: ErrorBody },
          },
        },
        async (request, reply) => {
          const user = await sso.finish(new URL(request.url, baseUrl));
          started(reply, await signIns.sessionFor(user));
          // A page of this origin opens the dashboard, so the navigation that follows is same-site and
          // carries the SameSite=Strict cookie (a redirect chain that began at the provider would not).
          return reply.type('text/html; charset=utf-8').send('<!doctype html><meta http-equiv="refresh" content="0;url=/"><title>Signed in</title><a href="/">Continue</a>');
        },
      );
    }

    r.delete(
      '/api/session',
      {
        schema: {
          tags,
          security: [{ session: [] }, {}],
          summary: 'Sign out: ends the session on every replica and clears the cookies (204 also without one)',
          description: 'With a live session cookie, send its X-CSRF-Token like any write.',
          response: { 204: z.null(), 403: ErrorBody },
        },
      },
      async (request, reply) => {
        const id = sessionIdOf(request);
        if (id && (await sessions.find(id))) {
          assertSameOrigin(request, ownOrigin);
          if (!hasCsrfToken(request, csrfTokenOf(id))) throw Errors.csrfTokenInvalid();
          await signIns.signOut(id);
        }
        return reply.clearCookie(SESSION_COOKIE, cookieOptions).clearCookie(CSRF_COOKIE, csrfCookieOptions).code(204).send(null);
      },
    );
  },
  { name: 'routes-session', dependencies: ['auth', '@fastify/cookie'] },
);
