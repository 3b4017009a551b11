import fp from 'fastify-plugin';
import { connectMongo, type MongoHandle } from '../../store/mongo.js';

declare module 'fastify' {
  interface FastifyInstance {
    mongo: MongoHandle;
  }
}

export default fp(
  async (app) => {
    const mongo = await connectMongo(app.config.mongodb);
    app.decorate('mongo', mongo);
    app.addHook('onClose', async () => {
      await mongo.client.close();
    });
  },
  { name: 'mongo', dependencies: ['config'] },
);
