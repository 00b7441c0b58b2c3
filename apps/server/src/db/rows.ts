/** The rows of `db.execute`: both drivers answer with `{ rows }`, which drizzle types loosely. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
