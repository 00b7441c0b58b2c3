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

  it('survives the server ending a connection in the middle of a transaction', async () => {
    const database = await createTestDatabase();
    const { db } = database;
    try {
      const failed = db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // The server ends this transaction's connection between two of its statements, as a
        // restart or an administrator would.
        await db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and state = 'idle in transaction'`,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(failed).rejects.toThrow();
      await expect(db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await database.close();
    }
  });
});
