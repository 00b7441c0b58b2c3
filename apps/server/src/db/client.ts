import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

export interface DatabaseOptions {
  /** Sees every SQL statement; tests use it to count them. */
  logger?: Logger;
}

export async function openDatabase(
  target: DatabaseTarget,
  options: DatabaseOptions = {},
): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, options);
  if (target.kind === 'pglite-memory') {
    return openPglite(new PGlite(), async () => undefined, options);
  }
  const dataDir = path.resolve(target.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const release = await lockDataDir(dataDir);
  try {
    return await openPglite(new PGlite(path.join(dataDir, 'pgdata')), release, options);
  } catch (error) {
    await release();
    throw error;
  }
}

async function openPglite(
  client: PGlite,
  release: () => Promise<void>,
  { logger }: DatabaseOptions,
): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite({ client, casing: 'snake_case', ...(logger ? { logger } : {}) });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    async close() {
      await client.close();
      await release();
    },
  };
}

function openPostgres(url: string, { logger }: DatabaseOptions): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, an administrator, a dropped database) is
  // discarded by the pool and replaced at the next query. Unheard, its error would end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, casing: 'snake_case', ...(logger ? { logger } : {}) });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
