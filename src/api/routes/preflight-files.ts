// File checks (spec part 5, DESIGN §24-26): POST /api/preflight takes one file as multipart form
// data, and GET /api/preflight/{id}/masked-file serves the masked copy to the check's organization.
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors } from '../../errors.js';
import { bodyDeadline } from '../body-deadline.js';
import { authErrors, ErrorBody, unavailable } from '../schemas/common.js';
import { fileCheckFields, FileCheckResult, PendingCheck, PreflightParams } from '../schemas/preflight.js';
import { viewerOf } from './preflight.js';

/** Form fields besides the file: destination, org_id, policy_id, and room for a client's extras. */
const MAX_FIELDS = 16;
const MAX_FIELD_BYTES = 1024;

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { maxBytes, bodyTimeoutMs, idleTimeoutMs } = app.config.files;
    const service = app.services.fileChecks;
    await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FIELDS + 1 } });

    r.post(
      '/api/preflight',
      {
        onRequest: app.authenticate('policy'),
        config: { rateLimit: 'checks' as const },
        schema: {
          tags: ['preflight'],
          security: [{ apiKey: [] }],
          summary: 'Check a file (multipart/form-data: file, destination, org_id, policy_id) before it is sent to a destination',
          description:
            'The type is sniffed from the bytes: text-like files, PDF, DOCX, PNG, JPEG, WebP, TIFF. Answers with the result when the check finishes within the wait bound, else 202 with Location.',
          consumes: ['multipart/form-data'],
          response: { 200: FileCheckResult, 202: PendingCheck, 400: ErrorBody, 408: ErrorBody, 410: ErrorBody, 413: ErrorBody, 415: ErrorBody, ...authErrors, ...unavailable },
        },
      },
      async (request, reply) => {
        const principal = request.principal;
        if (principal.kind !== 'policy') throw Errors.missingApiKey();
        if (!request.isMultipart()) {
          throw Errors.unsupportedMediaType('Send the file as multipart/form-data with the fields file, destination and optionally org_id, policy_id.');
        }
        const deadline = bodyDeadline(request.raw, { bodyMs: bodyTimeoutMs, idleMs: idleTimeoutMs });
        let outcome: Awaited<ReturnType<typeof service.intake>>;
        try {
          outcome = await service.intake(principal, request.parts(), fileCheckFields, deadline.signal);
        } finally {
          deadline.clear();
        }
        if (outcome.status === 'done') return outcome.result;
        return reply.code(202).header('location', `/api/preflight/${outcome.preflight_id}`).send(outcome);
      },
    );

    r.get(
      '/api/preflight/:preflight_id/masked-file',
      {
        onRequest: app.authenticate('policy', 'admin'),
        schema: {
          tags: ['preflight'],
          security: [{ apiKey: [] }],
          summary: 'Download the masked copy of a checked file, in its own format, while it is kept (24 h by default)',
          params: PreflightParams,
          produces: ['application/octet-stream'],
          response: { 200: z.any().describe('The masked file; Content-Type is its own type'), ...authErrors, ...unavailable },
        },
      },
      async (request, reply) => {
        const id = request.params.preflight_id;
        const file = await service.maskedFile(id, viewerOf(request.principal));
        if (!file) throw Errors.notFound('Masked file (it may have expired, or the check was blocked)');
        return reply
          .header('content-type', file.meta.mime)
          .header('content-length', String(file.length))
          .header('content-disposition', `attachment; filename="${id}-masked.${file.meta.ext}"`)
          .header('cache-control', 'no-store')
          .send(file.stream);
      },
    );
  },
  { name: 'routes-preflight-files', dependencies: ['auth', 'services', 'queues'] },
);
