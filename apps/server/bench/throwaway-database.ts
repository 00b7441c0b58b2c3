import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../test/database.js';
import type { ProcessEnv } from './processes.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** How results name each kind of database. */
export const DATABASE_LABELS: Readonly<Record<DatabaseKind, string>> = {
  pglite: 'PGlite',
  postgres: 'PostgreSQL',
};

export interface ThrowawayDatabase {
  kind: DatabaseKind;
  label: string;
  /** What points the server and its commands at it: DATA_DIR or DATABASE_URL. */
  env: ProcessEnv;
  drop: () => Promise<void>;
}

/** The databases not dropped yet, so that Ctrl-C (SIGINT) leaves none behind either. */
const live = new Set<ThrowawayDatabase>();

/**
 * A database that lives for one benchmark: a fresh PGlite data directory, or, given a
 * PostgreSQL server's URL, a new database on it, dropped at the end (or on Ctrl-C).
 */
export async function createThrowawayDatabase(postgresUrl?: string): Promise<ThrowawayDatabase> {
  if (!process.listeners('SIGINT').includes(dropAllAndExit)) process.once('SIGINT', dropAllAndExit);
  const database = await create(postgresUrl);
  live.add(database);
  const { drop } = database;
  database.drop = async () => {
    live.delete(database);
    await drop();
  };
  return database;
}

function dropAllAndExit() {
  console.error('\nInterrupted: dropping the benchmark databases...');
  void Promise.allSettled([...live].map((database) => database.drop())).then(() =>
    process.exit(130),
  );
}

async function create(postgresUrl: string | undefined): Promise<ThrowawayDatabase> {
  if (postgresUrl) {
    const { database, url } = await createPostgresDatabase(postgresUrl);
    return {
      kind: 'postgres',
      label: DATABASE_LABELS.postgres,
      env: { DATABASE_URL: url },
      drop: () => database.close(),
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ideaforge-bench-'));
  return {
    kind: 'pglite',
    label: DATABASE_LABELS.pglite,
    env: { DATA_DIR: dataDir },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}
