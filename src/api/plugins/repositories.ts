// The store's repositories over the Mongo handle (src/store/repositories.ts), as the worker process
// builds them too.
import fp from 'fastify-plugin';
import { createRepositories, type Repositories } from '../../store/repositories.js';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

export default fp(
  async (app) => {
    app.decorate('repos', createRepositories(app.mongo, { fileRetentionMs: app.config.files.retentionMs, masterKey: app.config.masterKey }));
  },
  { name: 'repositories', dependencies: ['config', 'mongo'] },
);
