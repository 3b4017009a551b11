// Prometheus metrics: the registry behind GET /metrics (routes/metrics.ts) and the request latency
// histogram. Each app has its own registry, so apps built side by side in one process (the tests)
// never share series; registered early so its hook times every route registered after it.
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics, the process's included; gauges read at scrape time are added to it. */
    metrics: Registry;
  }
}

let processRegistry: Registry | undefined;

/** Memory, CPU, GC and event-loop metrics describe the process, so they are collected once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Up to 30 s: a file check may wait FILE_WAIT_MS (20 s by default) for its result. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export default fp(
  async (app) => {
    const registry = new Registry();
    const duration = new Histogram({
      name: 'preflight_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its response, by route pattern.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern, never the URL: ids and query strings would make a series per request.
      const route = request.routeOptions.url ?? 'unmatched';
      duration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
      done();
    });
    app.decorate('metrics', Registry.merge([processMetrics(), registry]));
  },
  { name: 'metrics' },
);
