import { pino } from 'pino';
import type { Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { databaseTarget } from '../db/target.js';
import { loggerOptions } from '../lib/logging.js';
import { startGenerationEngine } from '../modules/generation/generation-engine.js';
import { startDeliveryWorkers } from '../modules/webhooks/delivery-worker.js';
import { CommandError, reportProviderProblems } from './command-line.js';

/**
 * Generation and webhook workers without the API: for deployments that run them on other
 * machines.
 */
export async function worker(config: Config) {
  if (!config.databaseUrl) {
    throw new CommandError(
      'A separate worker needs DATABASE_URL: the embedded database belongs to one process, ' +
        'whose own workers run with `npm start`.',
    );
  }
  reportProviderProblems(config);
  const log = pino(loggerOptions(config.logLevel));
  const database = await openDatabase(databaseTarget(config), { log });
  await database.migrate();
  const engine = await startGenerationEngine({
    database,
    providers: config.providers,
    generation: { ...config.generation, workers: true },
    duplicates: config.duplicates,
    webhooks: { settings: config.webhooks, publicUrl: config.publicUrl },
    checkRepeats: config.repeatsJudge !== null,
    log,
  });
  await startDeliveryWorkers(
    engine.boss,
    { db: database.db, settings: config.webhooks },
    config.generation.pollingSeconds,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void engine
        .stop()
        .then(() => database.close())
        .then(() => process.exit(0));
    });
  }
  console.log(`Ideaforge worker is running for ${config.providers.map((p) => p.name).join(', ')}.`);
}
