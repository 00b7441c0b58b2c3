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
export const renderedOnce = (fragment: SQL): SQL => sql.raw(renderedText(fragment));

function renderedText(fragment: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('A fragment rendered once cannot hold parameters.');
  return text;
}

const HOLE_TEXT = '/* hole */';

/** Where a fragment rendered by `renderedAround` takes each statement's own SQL. */
export const HOLE = sql.raw(HOLE_TEXT);

/**
 * A fragment rendered once as `renderedOnce` does, but for its `HOLE`s: each statement fills
 * them all with one piece of its own SQL, which may hold parameters (the caller's id).
 */
export function renderedAround(fragment: SQL): (fill: SQL) => SQL {
  const pieces = renderedText(fragment)
    .split(HOLE_TEXT)
    .map((piece) => sql.raw(piece));
  return (fill) => sql.join(pieces, fill);
}

/** A constant as an SQL literal, for fragments rendered once. */
export const literal = (value: string): SQL => sql.raw(`'${value.replaceAll("'", "''")}'`);
