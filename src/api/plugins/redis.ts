import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { createRedis } from '../../store/redis-client.js';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis;
  }
}

export default fp(
  async (app) => {
    // No offline queue and one retry: when Redis is gone a request fails at once (503), not later.
    const redis = createRedis(app.config.redis.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 2_000,
      // Commands issued in the same tick (auth epochs, journal appends of concurrent checks) share one write.
      enableAutoPipelining: true,
      connectionName: 'preflight-api',
    });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis connection error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
