import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ mongodb: z.boolean(), redis: z.boolean() }),
});

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

export default fp(
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/health', { schema: { tags: ['ops'], summary: 'The process is up', response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
      status: 'ok' as const,
    }));

    r.get(
      '/ready',
      { schema: { tags: ['ops'], summary: 'MongoDB and Redis are reachable', response: { 200: Readiness, 503: Readiness } } },
      async (_request, reply) => {
        const [mongodb, redis] = await Promise.all([
          withTimeout(app.mongo.db.command({ ping: 1 }), 2_000).then(() => true, () => false),
          withTimeout(app.redis.ping(), 2_000).then(() => true, () => false),
        ]);
        const ready = mongodb && redis;
        return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks: { mongodb, redis } });
      },
    );
  },
  { name: 'routes-health', dependencies: ['mongo', 'redis'] },
);
