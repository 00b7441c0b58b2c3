import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { prepareDataDir } from './data-dir.js';
import { lockDataDir } from './data-dir-lock.js';
import {
  listenPglite,
  postgresListener,
  type NotificationHandlers,
  type Unlisten,
} from './notifications.js';
import { PgliteThread } from './pglite-thread.js';
import { poolClient, warnOf, type DatabaseLog } from './pool-client.js';
import { sessionOptions } from './session-settings.js';

export type Db = PgDatabase<PgQueryResultHKT>;

/** Runs one SQL text with positional parameters, outside the ORM (the job queue uses it). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  /** Applies pending migrations; processes starting together take turns (see `alone`). */
  migrate(): Promise<void>;
  /**
   * Runs schema set-up (migrations, the job queue's tables) in one process at a time: processes
   * starting together on one PostgreSQL database wait for each other, and the later ones find
   * the work done. Never nested: a second call inside `run` would wait for itself.
   */
  alone<T>(run: () => Promise<T>): Promise<T>;
  /**
   * A connection of its own, outside the pool, not yet connected: for session state that must
   * last as long as the process (PostgreSQL only; the embedded database has no sessions).
   */
  newSession?: () => pg.Client;
  /**
   * Hears what transactions announce on `channel` (`pg_notify`), once committed, in commit
   * order: on PostgreSQL from every process using the database, on the embedded one from this.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<Unlisten>;
  /** The embedded database itself (PGlite only), for the job queue, which speaks to it directly. */
  pglite?: PgliteThread;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface PostgresTarget {
  kind: 'postgres';
  url: string;
  /** The most connections this process opens, its job queue's included (10 when not given). */
  poolSize?: number | undefined;
}

export type DatabaseTarget =
  | PostgresTarget
  | { kind: 'pglite'; dataDir: string }
  /** In memory: empty, or started from a dump of another (`dumpDataDir`), skipping initdb. */
  | { kind: 'pglite-memory'; from?: Blob };

export interface DatabaseOptions {
  /** Sees every SQL statement; tests use it to count them. */
  logger?: Logger;
  /** Hears of connections lost or refused (PostgreSQL only). */
  log?: DatabaseLog | undefined;
}

export async function openDatabase(
  target: DatabaseTarget,
  options: DatabaseOptions = {},
): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target, options);
  if (target.kind === 'pglite-memory') {
    const client = new PgliteThread(target.from ? { loadDataDir: target.from } : {});
    return openPglite(client, async () => undefined, options);
  }
  const dataDir = path.resolve(target.dataDir);
  prepareDataDir(dataDir);
  const release = await lockDataDir(dataDir);
  try {
    const client = new PgliteThread({ dataDir: path.join(dataDir, 'pgdata') });
    return await openPglite(client, release, options);
  } catch (error) {
    await release();
    throw error;
  }
}

async function openPglite(
  client: PgliteThread,
  release: () => Promise<void>,
  { logger }: DatabaseOptions,
): Promise<Database> {
  try {
    await client.waitReady;
  } catch (error) {
    await client.close();
    throw error;
  }
  const db = drizzlePglite({
    // The ORM types its client as PGlite itself; it calls only `query` and `transaction`, which
    // the thread offers with PGlite's signatures.
    client: client as unknown as PGlite,
    casing: 'snake_case',
    ...(logger ? { logger } : {}),
  });
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
    // The embedded database belongs to one process: there is nobody to wait for.
    alone: (run) => run(),
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    pglite: client,
    async close() {
      await client.close();
      await release();
    },
  };
}

function openPostgres(
  { url, poolSize = 10 }: PostgresTarget,
  { logger, log }: DatabaseOptions,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    Client: poolClient(log),
    options: sessionOptions(),
  });
  // An idle connection the server ends (a restart, an administrator, a dropped database) is
  // discarded by the pool and replaced at the next query. Unheard, its error would end the
  // process; the connection itself has logged it (pool-client.ts).
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, casing: 'snake_case', ...(logger ? { logger } : {}) });
  const alone = <T>(run: () => Promise<T>) => withSetUpLock(url, run, log);
  const newSession = () => new pg.Client({ connectionString: url });
  const listen = postgresListener(newSession, log);
  return {
    db,
    kind: 'postgres',
    executeSql: (text, values = []) => pool.query(text, values),
    migrate: () => alone(() => migratePg(db, { migrationsFolder })),
    alone,
    newSession,
    listen,
    close: () => pool.end(),
  };
}

/** Any constant shared by every process of a deployment; it names the set-up lock. */
const SET_UP_LOCK_KEY = 0x1dea_f0e6;

/**
 * Two processes migrating at once would both find the migrations unapplied (the migrator reads,
 * then applies) and the second would fail on the first's tables; the job queue's first start
 * races the same way. A session advisory lock makes them take turns. It is held on a connection
 * of its own, outside the pool, which `run` may need whole; ending that session releases it.
 */
async function withSetUpLock<T>(
  url: string,
  run: () => Promise<T>,
  log: DatabaseLog | undefined,
): Promise<T> {
  const connection = new pg.Client({ connectionString: url });
  // Unheard, an error of the idle lock connection would end the process.
  connection.on('error', warnOf(log));
  await connection.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [SET_UP_LOCK_KEY]);
    return await run();
  } finally {
    await connection.end();
  }
}
