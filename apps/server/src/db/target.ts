import type { Config } from '../config.js';
import type { DatabaseTarget } from './client.js';

export const databaseTarget = (config: Config): DatabaseTarget =>
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { kind: 'pglite', dataDir: config.dataDir };
