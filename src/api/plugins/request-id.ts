// Echoes the request's id (api/request-id.ts) on every response, errors included, and refuses an
// X-Request-Id that is not a valid id with 422 invalid_request_id.
import fp from 'fastify-plugin';
import { Errors } from '../../errors.js';
import { hasInvalidRequestId, REQUEST_ID_HEADER } from '../request-id.js';

export default fp(
  async (app) => {
    // Synchronous hooks (here and in the other per-request plugins): no promise and no microtask per request.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done(hasInvalidRequestId(request.raw) ? Errors.invalidRequestId() : undefined);
    });
  },
  { name: 'request-id', dependencies: ['error-handler'] },
);
