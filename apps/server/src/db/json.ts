import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamp as the API writes one (`Date.toISOString()`: UTC, to the millisecond), written
 * by the database, for JSON it builds itself.
 */
export const isoText = (column: AnyPgColumn | SQL): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Renders as the app's database clients do (client.ts): columns named in snake case. */
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A fragment without parameters, rendered to its text once. The JSON the database builds for an
 * idea names dozens of columns, and the ORM walked them all again for every statement: a fifth
 * of the review table's time (decision 036).
 */
export function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('A fragment rendered once cannot hold parameters.');
  return sql.raw(text);
}

/** A constant as an SQL literal, for fragments rendered once. */
export const literal = (value: string): SQL => sql.raw(`'${value.replaceAll("'", "''")}'`);
