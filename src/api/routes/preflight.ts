import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors } from '../../errors.js';
import { checkTarget } from '../../services/check-target.js';
import { retryAfterOf, type Pending, type Viewer } from '../../services/file-check.js';
import { orgScopeOf, type Principal } from '../plugins/auth.js';
import { runIn, type Context } from '../../tracing/spans.js';
import { ErrorBody } from '../schemas/common.js';
import { FileCheckResult, PendingCheck, PreflightParams, TextCheckBody, TextCheckResult } from '../schemas/preflight.js';

/** A key or a user of one organization sees that organization's checks; an owner sees all. */
export const viewerOf = (principal: Principal): Viewer => {
  const orgId = orgScopeOf(principal);
  return orgId === undefined ? 'admin' : { orgId };
};

/** 202 for a file check still running: where to poll, and when (Retry-After, from its progress). */
export const pendingReply = (reply: FastifyReply, pending: Pending) =>
  reply
    .code(202)
    .header('location', `/api/preflight/${pending.preflight_id}`)
    .header('retry-after', String(retryAfterOf(pending.progress)))
    .send(pending);

/** JSON may escape each byte of text as \uXXXX: the body limit leaves room for that, the text limit is exact. */
const bodyLimitFor = (maxTextBytes: number) => maxTextBytes * 6 + 64 * 1024;

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const maxTextBytes = app.config.limits.maxTextBytes;
    const tags = ['preflight'];
    const security = [{ apiKey: [] }];

    const textCheck = {
      onRequest: app.authenticate('policy'),
      config: { rateLimit: 'checks' as const },
      bodyLimit: bodyLimitFor(maxTextBytes),
      schema: {
        tags,
        security,
        summary: 'Check text before it is sent to a destination',
        body: TextCheckBody,
        response: { 200: TextCheckResult },
      },
    };
    const handler = async (request: { id: string; principal: Principal; body: TextCheckBody; traceContext: Context }) => {
      const { body } = request;
      const bytes = Buffer.byteLength(body.text, 'utf8');
      if (bytes > maxTextBytes) throw Errors.payloadTooLarge(`text is ${bytes} bytes; the limit is ${maxTextBytes} bytes of UTF-8.`);
      if (request.principal.kind !== 'policy') throw Errors.missingApiKey();
      const target = await checkTarget(app.services.keys, request.principal, body);
      return runIn(request.traceContext, () => app.services.textChecks.run(target, body.text, body.destination, { request_id: request.id, metadata: body.metadata }));
    };
    r.post('/api/preflight/text', textCheck, handler);
    // The alias clients of the spec's examples call: documented, so generators produce it too.
    r.post('/v1/preflight/text', { ...textCheck, schema: { ...textCheck.schema, summary: 'Check text (alias of POST /api/preflight/text)', operationId: 'checkTextV1' } }, handler);

    r.get(
      '/api/preflight/:preflight_id',
      {
        onRequest: app.authenticate('policy', 'admin'),
        config: { access: 'analyse' },
        schema: {
          tags,
          security,
          summary: 'A check by id. Content and samples are not kept, so masked_content and samples are null; a file check still running answers 202',
          params: PreflightParams,
          response: { 200: z.union([TextCheckResult, FileCheckResult]), 202: PendingCheck, 410: ErrorBody, 413: ErrorBody, 415: ErrorBody },
        },
      },
      async (request, reply) => {
        const id = request.params.preflight_id;
        const found = await app.services.fileChecks.find(id, viewerOf(request.principal));
        if (!found) throw Errors.notFound('Check');
        if (found.status === 'done') return found.result;
        return pendingReply(reply, found);
      },
    );
  },
  { name: 'routes-preflight', dependencies: ['auth', 'services'] },
);
