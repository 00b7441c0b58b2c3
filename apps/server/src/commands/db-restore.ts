import type { Config } from '../config.js';
import { restoreDatabase } from '../db/backup.js';
import { jobExpirySeconds } from '../modules/generation/generation-engine.js';
import { fromHere, required, secondsSince, withDatabase, type Options } from './command-line.js';

export async function dbRestore(config: Config, options: Options) {
  const file = fromHere(required(options, 'file'));
  const { replace } = options;
  const queue = {
    expireInSeconds: jobExpirySeconds(config.generation),
    maintenanceSeconds: config.generation.maintenanceSeconds,
    pollingSeconds: config.generation.pollingSeconds,
  };
  await withDatabase(config, async (database) => {
    const started = performance.now();
    const { rows, tables } = await restoreDatabase(database, file, { replace, queue });
    console.log(
      `Restored ${rows} rows of ${tables} tables from ${file} in ${secondsSince(started)} s.`,
    );
  });
}
