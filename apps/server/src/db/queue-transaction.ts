import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import type { Db } from './client.js';

/** pg-boss's statements run in an open transaction of the ORM's. */
export const inTransaction = (tx: Db) => ({
  db: fromDrizzle({ execute: async (query) => rowsResult(await tx.execute(query as SQL)) }, sql),
});

/** The driver's result, whose type the ORM leaves open, as the rows the queue reads. */
const rowsResult = (result: unknown) => ({ rows: (result as { rows: unknown[] }).rows });
