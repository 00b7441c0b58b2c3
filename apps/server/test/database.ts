import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from '../src/db/client.js';

/**
 * A migrated, throw-away database: in-memory PGlite, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL (project 'postgres'), dropped again on close.
 */
export async function createTestDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    const database = await openDatabase({ kind: 'pglite-memory' }, options);
    await database.migrate();
    return database;
  }
  const name = `ideaforge_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: target.toString() }, options);
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
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
