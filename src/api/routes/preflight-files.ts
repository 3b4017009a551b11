// File checks (spec part 5, DESIGN §24-26): POST /api/preflight takes one file as multipart form
// data, and GET /api/preflight/{id}/masked-file serves the masked copy to the check's organization.
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Errors } from '../../errors.js';
import { FILE_MEDIA_TYPES } from '../../files/types.js';
import { runIn } from '../../tracing/spans.js';
import { bodyDeadline } from '../body-deadline.js';
import { download, ErrorBody } from '../schemas/common.js';
import { fileCheckFields, FileCheckResult, PendingCheck, PreflightParams } from '../schemas/preflight.js';
import { pendingReply, viewerOf } from './preflight.js';

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
            'The type is sniffed from the bytes: text-like files, PDF, DOCX, PNG, JPEG, WebP, TIFF; any other type is 415 `unsupported_file_type`, and an empty, corrupt or encrypted file, a file bomb or one past the page or pixel limits is 422 (docs/errors.md), rules no schema of the bytes can state. Answers with the result when the check finishes within the wait bound, else 202 with Location.',
          consumes: ['multipart/form-data'],
          response: { 200: FileCheckResult, 202: PendingCheck, 408: ErrorBody, 410: ErrorBody },
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
          outcome = await runIn(request.traceContext, () => service.intake(principal, request.parts(), fileCheckFields, deadline.signal, request.id));
        } finally {
          deadline.clear();
        }
        if (outcome.status === 'done') return outcome.result;
        return pendingReply(reply, outcome);
      },
    );

    r.get(
      '/api/preflight/:preflight_id/masked-file',
      {
        onRequest: app.authenticate('policy', 'admin'),
        config: { access: 'analyse' },
        schema: {
          tags: ['preflight'],
          security: [{ apiKey: [] }],
          summary: 'Download the masked copy of a checked file, in its own format, while it is kept (24 h by default)',
          params: PreflightParams,
          response: { 200: download('The masked file, in the type of the file checked', FILE_MEDIA_TYPES) },
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
