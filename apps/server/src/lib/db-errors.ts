/** True for PostgreSQL's unique_violation, whether or not the driver wrapped the error. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let e: unknown = error;
    e instanceof Error || isObject(e);
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
