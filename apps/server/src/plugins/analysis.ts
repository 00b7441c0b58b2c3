import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { startAnalysisWorkers } from '../modules/analysis/analysis-engine.js';

/**
 * The sense-making workers, on the generation's job queue: they stop with it (the generation
 * plugin's close), running jobs going back to the queue.
 */
async function analysisPlugin(app: FastifyInstance, opts: { database: Database; config: Config }) {
  await startAnalysisWorkers({
    boss: app.generation.boss,
    database: opts.database,
    providers: opts.config.providers,
    generation: opts.config.generation,
    duplicates: opts.config.duplicates,
    log: app.log,
  });
}

export default fp(analysisPlugin, { name: 'analysis', dependencies: ['generation'] });
