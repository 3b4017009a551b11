// The queue dashboard (bull-board) at /admin/queues: every queue in app.queues.all, with its jobs,
// retries and cleaning. One admin hook guards everything under the path, the UI's static assets and
// JSON API included. A browser cannot add the bearer token to those loads; it signs in once with
// POST /api/session and the session cookie, which the admin hook admits, carries every load.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, Errors } from '../../errors.js';
import { SESSION_COOKIE } from '../schemas/session.js';

const QUEUES_DASHBOARD_PATH = '/admin/queues';

/**
 * bull-board would answer a thrown error itself, as a 500 with its message; thrown on instead, it
 * reaches the app's handler and leaves as {detail, code}. Refusals (auth, rate limit, body parsing)
 * carry their status; anything else came from BullMQ's Redis calls.
 */
function passOn(err: Error & { statusCode?: number }): never {
  if (err instanceof ApiError || (err.statusCode !== undefined && err.statusCode < 500)) throw err;
  throw Object.assign(Errors.cacheUnavailable(), { cause: err });
}

/**
 * A browser opening the page with no credential at all: it is sent to sign in and back, not shown JSON.
 * API clients (no text/html in Accept) and anyone who sent a credential get the usual 401/403 JSON.
 */
function isAnonymousBrowser(request: FastifyRequest): boolean {
  const { headers } = request;
  const credential = headers.authorization !== undefined || headers['x-service-api-key'] !== undefined || Boolean(request.cookies[SESSION_COOKIE]);
  return request.method === 'GET' && !credential && (headers.accept ?? '').includes('text/html');
}

export default fp(
  async (app) => {
    const board = new FastifyAdapter();
    createBullBoard({
      queues: app.queues.all.map((queue) => new BullMQAdapter(queue)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Preflight queues' } },
    });
    board.setBasePath(QUEUES_DASHBOARD_PATH).setErrorHandler(passOn);
    const adminOnly = app.authenticate('admin');
    // Its own context, so the admin hook and bull-board's error handler stay under the path.
    await app.register(async (dashboard) => {
      dashboard.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        if (isAnonymousBrowser(request)) return reply.redirect(`/login?next=${encodeURIComponent(request.url)}`, 302);
        return adminOnly(request, reply);
      });
      await dashboard.register(board.registerPlugin(), { prefix: QUEUES_DASHBOARD_PATH });
    });
  },
  { name: 'routes-admin-queues', dependencies: ['auth', 'queues', '@fastify/cookie'] },
);
