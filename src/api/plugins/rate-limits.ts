// Rate limits on every authenticated request (DESIGN §13): checks count against their plan and
// license (routes marked `config: { rateLimit: 'checks' }`), everything else against the dashboard
// ceiling of the organization it concerns. Counted after authentication and validation, so a refused
// credential or a malformed request costs nothing; every counted response carries X-RateLimit-*.
// A check admitted on a cached key (auth.ts, DeferredAuth) is counted only if its epoch still holds,
// read by the same script; if not, it is authenticated again first.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Errors } from '../../errors.js';
import type { LimitOutcome, RateLimitState } from '../../services/rate-limits.js';
import { inSpan } from '../../tracing/spans.js';
import { orgScopeOf, type Principal } from './auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    rateLimit: RateLimitState | null;
  }
  interface FastifyContextConfig {
    rateLimit?: 'checks';
  }
}

/** The organization a dashboard request concerns; an org named by id and by slug count separately. */
function dashboardScope(request: FastifyRequest): string {
  // A key, or a user of one organization, counts against that organization whatever it names.
  const scope = orgScopeOf(request.principal);
  if (scope !== undefined) return `org:${scope}`;
  const ref = (request.params as { org_id?: string }).org_id ?? (request.query as { org_id?: string }).org_id;
  if (ref === undefined) return 'all';
  return ref.startsWith('org_') ? `org:${ref}` : `slug:${ref}`;
}

export default fp(
  async (app) => {
    const { rateLimits: limits, keys } = app.services;
    app.decorateRequest('rateLimit', null);

    async function outcomeOf(request: FastifyRequest, principal: Principal): Promise<LimitOutcome> {
      const deferred = request.deferredAuth;
      if (deferred) {
        request.deferredAuth = null;
        if (principal.kind === 'policy') {
          const outcome = await keys.confirming(() => limits.check(principal, Date.now(), deferred.guard));
          if (outcome) return outcome;
        }
        // The epoch moved since the key was cached: the key as it is now decides, before anything is counted.
        await deferred.verify(request);
        return outcomeOf(request, request.principal);
      }
      return request.routeOptions.config.rateLimit === 'checks' && principal.kind === 'policy' ? limits.check(principal) : limits.dashboard(dashboardScope(request));
    }

    app.addHook('preHandler', async (request) => {
      const principal = request.principal as FastifyRequest['principal'] | null;
      if (!principal) return; // a public route
      const outcome = await inSpan('rate-limit', () => outcomeOf(request, principal), { parent: request.traceContext });
      request.rateLimit = { limit: outcome.limit, remaining: outcome.remaining, resetAt: outcome.resetAt };
      if (!outcome.allowed) {
        throw outcome.quota ? Errors.quotaExceeded(outcome.detail, outcome.retryAfterS) : Errors.rateLimited(outcome.detail, outcome.retryAfterS);
      }
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const state = request.rateLimit;
      // A narrower limit that refused the request (export/all's throttle) has set its own headers.
      if (state && !reply.hasHeader('x-ratelimit-reset')) {
        reply.headers({
          'x-ratelimit-limit': state.limit,
          'x-ratelimit-remaining': state.remaining,
          'x-ratelimit-reset': Math.ceil(state.resetAt / 1000),
        });
      }
      done(null, payload);
    });
  },
  { name: 'rate-limits', dependencies: ['auth'] },
);
