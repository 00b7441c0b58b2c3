/** True when PostgreSQL answered with this SQLSTATE, whether or not the driver wrapped it. */
function hasSqlState(error: unknown, code: string): boolean {
  for (
    let e: unknown = error;
    e instanceof Error || isObject(e);
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** A unique constraint refused the row. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** A foreign key refused the row: what it points at does not exist (or no longer does). */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503');

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
