// Closing without dropping anyone (docs/operations.md, "Shutdown"): from the moment the app begins to
// close, a new request is answered 503 `shutting_down` with Retry-After (Fastify's own 503 would carry
// neither our body nor Retry-After), and requests waiting on a job stop waiting (`app.closing`) and get
// the same answer, so the server closes before the process's shutdown limit. Their jobs go on in the worker.
// Every answer sent while closing says `Connection: close`: a keep-alive connection whose request was
// in flight when the server began to close is not idle then, so the server would otherwise wait for
// the client to drop it (Fastify's keep-alive timeout, 72 s, is longer than the shutdown limit).
import fp from 'fastify-plugin';
import { Errors } from '../../errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Aborted when the app begins to close (before the server stops). */
    closing: AbortSignal;
  }
}

export default fp(
  async (app) => {
    const controller = new AbortController();
    app.decorate('closing', controller.signal);
    app.addHook('onRequest', (_request, _reply, done) => {
      done(controller.signal.aborted ? Errors.shuttingDown() : undefined);
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (controller.signal.aborted) reply.header('connection', 'close');
      done(null, payload);
    });
    app.addHook('preClose', async () => controller.abort());
  },
  { name: 'shutdown', dependencies: ['error-handler'] },
);
