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

/** Runs one SQL text with positional parameters, outside the ORM (the job queue uses it). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
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
    async executeSql(text, values = []) {
      // A prepared statement holds one command; the queue's schema set-up sends several at once.
      if (values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
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
    executeSql: (text, values = []) => pool.query(text, values),
    migrate: () => migratePg(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}
