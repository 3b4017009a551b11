import fp from 'fastify-plugin';
import { DetectPool } from '../../detect/pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    detectPool: DetectPool;
  }
}

export default fp(
  async (app) => {
    const pool = new DetectPool(app.config.detect);
    await pool.warmUp();
    app.decorate('detectPool', pool);
    app.addHook('onClose', async () => {
      await pool.close();
    });
  },
  { name: 'detect-pool', dependencies: ['config'] },
);
