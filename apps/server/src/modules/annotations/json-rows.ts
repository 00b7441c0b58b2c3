import { getTableColumns, sql } from 'drizzle-orm';
import type { ideaAnnotations, ideaComments, ideaReactions } from '../../db/schema/annotations.js';

/** A table's row as a JSON object keyed like the ORM's rows, for a statement written in SQL. */
export const rowJson = (
  table: typeof ideaAnnotations | typeof ideaReactions | typeof ideaComments,
) =>
  sql`json_build_object(${sql.join(
    Object.entries(getTableColumns(table)).map(
      ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`,
    ),
    sql`, `,
  )})`;

/** JSON rows built by the database, whose timestamps arrive as text. */
export type JsonRow<T> = Omit<T, 'created' | 'modified'> & { created: string; modified: string };

export const withDates = <T>(row: JsonRow<T>) => ({
  ...row,
  created: new Date(row.created),
  modified: new Date(row.modified),
});
