// The one error handler: every error leaves as `{detail, code}` with the catalogue's status.
// Bad input is never a 500; store and Redis outages are 503 with Retry-After (fail closed).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, Errors } from '../../errors.js';
import { FileError } from '../../files/types.js';
import { CursorMismatchError } from '../../services/audit-log.js';
import { isStoreOutage, isUnstorableText, JournalClosedError, JournalFullError, RedisUnavailableError, SealBrokenError } from '../../store/errors.js';

interface Issue {
  instancePath: string;
  message?: string | undefined;
}

function validationDetail(issues: Issue[], context: string | undefined): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const where = path || context || 'request';
    const message = (issue.message ?? 'is invalid').replace(/^Invalid input: expected (\w+), received undefined$/, 'is required');
    return `${where}: ${message}`;
  });
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return `Invalid request. ${parts.join('; ')}${more}.`;
}

/** Maps framework and store errors (body parsing, validation, outages) to the catalogue. */
function toApiError(err: FastifyError, maxFileBytes: number): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof FileError) return new ApiError(err.status, err.code, err.message);
  if (err instanceof RedisUnavailableError) return Errors.cacheUnavailable();
  if (err instanceof JournalFullError) return Errors.auditOverloaded();
  if (err instanceof JournalClosedError) return Errors.shuttingDown();
  if (err instanceof SealBrokenError) return Errors.storedFileUnreadable();
  if (err instanceof CursorMismatchError) return Errors.invalidCursor(err.message);
  if (isUnstorableText(err)) return Errors.validation('A value holds a NUL character (U+0000), which cannot be stored or looked up: remove it.');
  if (hasZodFastifySchemaValidationErrors(err)) return Errors.validation(validationDetail(err.validation, err.validationContext));
  if (isStoreOutage(err)) return Errors.storeUnavailable();
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return Errors.payloadTooLarge('The request body is larger than this endpoint accepts.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return Errors.unsupportedMediaType('Unsupported Content-Type; send application/json.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return Errors.payloadTooLarge(`The file is larger than the limit of ${maxFileBytes} bytes.`);
    case 'FST_FILES_LIMIT':
      return Errors.badRequest('Send one file per check.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return Errors.badRequest('The form has too many fields; send file, destination, org_id and policy_id.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return Errors.unsupportedMediaType('Send the file as multipart/form-data.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return Errors.badRequest('The Content-Length header does not match the body.');
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ApiError(status, 'bad_request', err.message);
  return undefined;
}

const send = (reply: FastifyReply, err: ApiError) =>
  reply.code(err.statusCode).headers(err.headers).send({ ...err.body, detail: err.message, code: err.code });

/** Errors Fastify raises before routing (a Fastify constructor option, so not part of the plugin). */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return send(reply, err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? Errors.uriTooLong() : Errors.badRequest(`The URL is not valid: ${err.message}`));
}

export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      const apiError = toApiError(err, app.config.files.maxBytes);
      if (!apiError) {
        request.log.error({ err }, 'unhandled error');
        return send(reply, Errors.internal());
      }
      // Under `err`, whose serializer (errorForLog) writes the cause's type, message and stack.
      if (apiError.statusCode >= 500) request.log.warn({ code: apiError.code, err: err.cause ?? err }, apiError.message);
      return send(reply, apiError);
    });
    app.setNotFoundHandler((request, reply) => send(reply, Errors.routeNotFound(request.method, request.url.split('?')[0] ?? '')));
  },
  { name: 'error-handler', dependencies: ['config'] },
);
