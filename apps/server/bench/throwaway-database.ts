import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../test/database.js';
import type { ProcessEnv } from './processes.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface ThrowawayDatabase {
  kind: DatabaseKind;
  label: string;
  /** What points the server and its commands at it: DATA_DIR or DATABASE_URL. */
  env: ProcessEnv;
  drop: () => Promise<void>;
}

/**
 * A database that lives for one benchmark: a fresh PGlite data directory, or, given a
 * PostgreSQL server's URL, a new database on it, dropped at the end.
 */
export async function createThrowawayDatabase(postgresUrl?: string): Promise<ThrowawayDatabase> {
  if (postgresUrl) {
    const { database, url } = await createPostgresDatabase(postgresUrl);
    return {
      kind: 'postgres',
      label: 'PostgreSQL',
      env: { DATABASE_URL: url },
      drop: () => database.close(),
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ideaforge-bench-'));
  return {
    kind: 'pglite',
    label: 'PGlite',
    env: { DATA_DIR: dataDir },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}
