import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('the PostgreSQL connection pool', () => {
  it('survives the server ending an idle connection, and reconnects', async () => {
    const database = await createTestDatabase();
    const { db } = database;
    try {
      // Two connections in the pool, then one of them ends the other while it sits idle.
      await Promise.all([db.execute(sql`select pg_sleep(0.05)`), db.execute(sql`select 1`)]);
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
      );
      // Give the pool time to hear of it; an unheard 'error' event would fail this run.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await Promise.all([db.execute(sql`select 1`), db.execute(sql`select 1`)]);
      await expect(db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await database.close();
    }
  });
});
