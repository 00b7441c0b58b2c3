import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { loggerOptions } from '../lib/logging.js';

const onPostgres = process.env.TEST_DB === 'postgres';

/** The app's logger, whose lines are kept as objects. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const write = (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>);
  return { log: pino({ ...loggerOptions('warn') }, { write }), lines };
}

/** What the log's allowlist lets through of an error (lib/logging.ts). */
const ALLOWED_FIELDS = [
  'type',
  'message',
  'stack',
  'code',
  'severity',
  'table',
  'column',
  'constraint',
  'routine',
  'cause',
];

/** Each line warns of a connection error, by allowlist; one is PostgreSQL ending the connection. */
function expectWarnings(lines: Record<string, unknown>[]) {
  for (const line of lines) {
    expect(line).toMatchObject({ level: 40, msg: 'database connection error' });
    const fields = Object.keys(line.err as object);
    expect(fields.filter((field) => !ALLOWED_FIELDS.includes(field))).toEqual([]);
  }
  expect(lines.map((line) => line.err)).toContainEqual(
    expect.objectContaining({ code: '57P01', severity: 'FATAL', type: 'error' }),
  );
}

describe.skipIf(!onPostgres)('the PostgreSQL connection pool', () => {
  it('survives the server ending an idle connection, logs it, and reconnects', async () => {
    const { log, lines } = capturedLog();
    const database = await createTestDatabase({ log });
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
      expectWarnings(lines);
    } finally {
      await database.close();
    }
  });

  it('survives the server ending a connection in the middle of a transaction, and logs it', async () => {
    const { log, lines } = capturedLog();
    const database = await createTestDatabase({ log });
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
      expectWarnings(lines);
    } finally {
      await database.close();
    }
  });
});
