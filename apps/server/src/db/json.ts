import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamp as the API writes one (`Date.toISOString()`: UTC, to the millisecond), written
 * by the database, for JSON it builds itself.
 */
export const isoText = (column: AnyPgColumn | SQL): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
