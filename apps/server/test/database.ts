import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '../src/db/client.js';

let template: Blob | undefined;

/**
 * A migrated, throw-away database: in-memory PGlite, started from the migrated dump the global
 * set-up made, or a new database on the PostgreSQL server of TEST_DATABASE_URL (project
 * 'postgres'), dropped again on close.
 */
export async function createTestDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openDatabase({ kind: 'pglite-memory', from: template }, options);
  }
  const { database } = await createPostgresDatabase(url, options);
  return database;
}

/**
 * A new, migrated database on the PostgreSQL server of `adminUrl`, and its URL (for processes
 * a test starts); closing it drops it.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  options: DatabaseOptions = {},
): Promise<{ database: Database; url: string }> {
  const name = `ideaforge_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() }, options);
  await database.migrate();
  return {
    url: target.toString(),
    database: {
      ...database,
      async close() {
        await database.close();
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
    },
  };
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
