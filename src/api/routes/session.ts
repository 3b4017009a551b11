// The dashboard session (DESIGN §3 item 1): the admin token is exchanged once for a signed, HttpOnly,
// SameSite=Strict cookie that admits the browser wherever the token would (the queue dashboard's
// page loads included). Redis holds the session, so signing out ends it on every replica.
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertSameOrigin, bearerOf, originOf, sessionIdOf } from '../plugins/auth.js';
import { ErrorBody, RateLimitedBody } from '../schemas/common.js';
import { Session, SESSION_COOKIE, SessionCreate } from '../schemas/session.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { signIns } = app.services;
    const { baseUrl, session } = app.config;
    const ownOrigin = originOf(baseUrl);
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: ownOrigin.startsWith('https:'),
    } as const;
    const tags = ['session'];

    r.post(
      '/api/session',
      {
        schema: {
          tags,
          security: [{ adminToken: [] }, {}],
          summary: 'Sign in to the dashboard: exchange the admin token for a session cookie',
          body: SessionCreate,
          response: { 200: Session, 401: ErrorBody, 422: ErrorBody, 429: RateLimitedBody },
        },
      },
      async (request, reply) => {
        const { id, expiresAt } = await signIns.signIn(request.ip, request.body?.admin_token ?? bearerOf(request));
        reply
          .setCookie(SESSION_COOKIE, id, { ...cookieOptions, signed: true, maxAge: Math.max(1, Math.floor(session.ttlMs / 1000)) })
          .header('cache-control', 'no-store');
        return { expires_at: expiresAt.toISOString() };
      },
    );

    r.delete(
      '/api/session',
      {
        schema: {
          tags,
          security: [{ session: [] }, {}],
          summary: 'Sign out: ends the session on every replica and clears the cookie (204 also without one)',
          response: { 204: z.null(), 403: ErrorBody },
        },
      },
      async (request, reply) => {
        const id = sessionIdOf(request);
        if (id) {
          assertSameOrigin(request, ownOrigin);
          await signIns.signOut(id);
        }
        return reply.clearCookie(SESSION_COOKIE, cookieOptions).code(204).send(null);
      },
    );
  },
  { name: 'routes-session', dependencies: ['auth', '@fastify/cookie'] },
);
