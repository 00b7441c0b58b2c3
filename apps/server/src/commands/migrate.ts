import type { Config } from '../config.js';
import { withDatabase } from './command-line.js';

export function migrate(config: Config) {
  return withDatabase(config, async () => {
    console.log('Migrations applied.');
  });
}
