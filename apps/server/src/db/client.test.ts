import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('the PostgreSQL connection pool', () => {
  it('survives the server ending an idle connection, and reconnects', async () => {
    const database = await createTestDatabase();
    try {
      const backend = await database.db.execute<{ pid: number }>(
        sql`select pg_backend_pid() as pid`,
      );
      const pid = backend.rows[0]?.pid;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      // Give the pool time to hear of it; an unheard 'error' event would fail this run.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = await database.db.execute<{ one: number }>(sql`select 1 as one`);
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
