import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LiveConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { startLiveHub, type LiveHub } from '../modules/live/live-hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/**
 * The live streams of this process (decision 026). They end before the server stops taking
 * connections, which would otherwise wait for them, and while the database is still open.
 */
async function livePlugin(app: FastifyInstance, opts: { database: Database; config: LiveConfig }) {
  const hub = await startLiveHub({ database: opts.database, config: opts.config, log: app.log });
  app.decorate('live', hub);
  app.addHook('preClose', () => hub.stop());
}

export default fp(livePlugin, { name: 'live', dependencies: ['db'] });
