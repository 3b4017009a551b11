// GET /metrics: the Prometheus exposition of app.metrics (request latency, process, and the gauges
// read at scrape time: src/api/plugins/gauges.ts).
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { download } from '../schemas/common.js';

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const adminOnly = app.config.metricsPublic ? undefined : app.authenticate('admin');
    r.get(
      '/metrics',
      {
        onRequest: adminOnly,
        config: { access: 'owner' },
        schema: {
          tags: ['ops'],
          summary: 'Prometheus metrics: request latency, queue depths, audit backlog, process',
          description: 'Text exposition format. Needs the admin token unless METRICS_PUBLIC=true.',
          security: adminOnly && [{ adminToken: [] }],
          response: { 200: download('Prometheus text exposition (version 0.0.4)', ['text/plain']) },
        },
      },
      async (_request, reply) => reply.type(app.metrics.contentType).send(await app.metrics.metrics()),
    );
  },
  { name: 'routes-metrics', dependencies: ['metrics', 'gauges', 'auth'] },
);
