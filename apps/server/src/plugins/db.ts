import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Shares the database with every module; the app closes it only when it opened it. */
async function dbPlugin(app: FastifyInstance, opts: { database: Database; owned: boolean }) {
  app.decorate('db', opts.database.db);
  if (opts.owned) app.addHook('onClose', () => opts.database.close());
}

export default fp(dbPlugin, { name: 'db' });
