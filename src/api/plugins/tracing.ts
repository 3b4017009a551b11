// A server span per request (docs/operations.md, "Tracing"): named by method and route pattern, a
// child of the caller's `traceparent` when it sends one, with the request id and status. Auth, rate
// limit and the handler's work are its children (`request.traceContext`). No-op unless the process
// started the SDK (tracing/sdk.ts).
import fp from 'fastify-plugin';
import { contextOf, failed, SpanKind, startSpan, tracingActive, withSpan, type Context, type Span } from '../../tracing/spans.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's span as the active one: parent of the spans of its work. */
    traceContext: Context;
    traceSpan: Span | undefined;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('traceContext', null as unknown as Context);
    app.decorateRequest('traceSpan', undefined);
    app.addHook('onRequest', (request, _reply, done) => {
      const parent = contextOf(request.headers);
      if (!tracingActive()) {
        request.traceContext = parent;
        done();
        return;
      }
      const route = request.routeOptions.url ?? 'unmatched';
      const span = startSpan(`${request.method} ${route}`, parent, SpanKind.SERVER, {
        'http.request.method': request.method,
        'http.route': route,
        'preflight.request_id': request.id,
      });
      request.traceSpan = span;
      request.traceContext = withSpan(parent, span);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const span = request.traceSpan;
      if (span) {
        span.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) failed(span, `answered ${reply.statusCode}`);
        span.end();
      }
      done();
    });
  },
  { name: 'tracing' },
);
