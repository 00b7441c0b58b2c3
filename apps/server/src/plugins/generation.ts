import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import {
  startGenerationEngine,
  type GenerationEngine,
} from '../modules/generation/generation-engine.js';

declare module 'fastify' {
  interface FastifyInstance {
    generation: GenerationEngine;
  }
}

/**
 * The generation job queue, and its workers unless this process leaves them to others. Closing
 * the app stops the workers first (running jobs go back to the queue), then the database.
 */
async function generationPlugin(
  app: FastifyInstance,
  opts: { database: Database; config: Config },
) {
  const engine = await startGenerationEngine({
    database: opts.database,
    providers: opts.config.providers,
    generation: opts.config.generation,
    duplicates: opts.config.duplicates,
    webhooks: { settings: opts.config.webhooks, publicUrl: opts.config.publicUrl },
    checkRepeats: opts.config.repeatsJudge !== null,
    log: app.log,
  });
  app.decorate('generation', engine);
  app.addHook('onClose', () => engine.stop());
}

export default fp(generationPlugin, { name: 'generation', dependencies: ['db'] });
