import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import {
  repeatsChecks,
  startAnalysisWorkers,
  type RepeatsCheckJob,
} from '../modules/analysis/analysis-engine.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Asks for ideas just stored by hand or by an import to be checked for repeats in other
     * words, where a model judges them; nothing otherwise.
     */
    checkRepeats(job: RepeatsCheckJob): Promise<void>;
  }
}

/**
 * The sense-making workers, on the generation's job queue: they stop with it (the generation
 * plugin's close), running jobs going back to the queue.
 */
async function analysisPlugin(app: FastifyInstance, opts: { database: Database; config: Config }) {
  const { repeatsJudge } = opts.config;
  await startAnalysisWorkers({
    boss: app.generation.boss,
    database: opts.database,
    providers: opts.config.providers,
    generation: opts.config.generation,
    duplicates: opts.config.duplicates,
    repeatsJudge,
    webhooks: { boss: app.generation.boss, publicUrl: opts.config.publicUrl },
    log: app.log,
  });
  app.decorate('checkRepeats', repeatsChecks(app.generation.boss, opts.database.db, repeatsJudge));
}

export default fp(analysisPlugin, { name: 'analysis', dependencies: ['generation'] });
