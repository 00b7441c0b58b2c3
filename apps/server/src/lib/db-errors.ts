/** The error and each error it wraps (`cause`), outermost first. */
function* causes(error: unknown) {
  for (
    let e: unknown = error;
    e instanceof Error || isObject(e);
    e = (e as { cause?: unknown }).cause
  ) {
    yield e as { code?: unknown; message?: unknown; detail?: unknown };
  }
}

/** True when PostgreSQL answered with this SQLSTATE, whether or not the driver wrapped it. */
const hasSqlState = (error: unknown, code: string) =>
  [...causes(error)].some((e) => e.code === code);

/** Socket errors of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
/** SQLSTATEs of a server that is going away or not taking connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres says when the server closes a connection under it. */
const LOST_CONNECTION = /^Connection terminated|connection error and is not queryable/;

/**
 * The database could not be reached or went away (a restart, a failover, a network cut): the
 * request may well succeed in a moment, unlike a failure of the statement itself.
 */
export const isDatabaseUnavailable = (error: unknown) =>
  [...causes(error)].some(
    (e) =>
      (typeof e.code === 'string' &&
        (CONNECTION_CODES.has(e.code) ||
          UNAVAILABLE_STATES.has(e.code) ||
          e.code.startsWith('08'))) ||
      (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)),
  );

/** A unique constraint refused the row. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** A foreign key refused the row: what it points at does not exist (or no longer does). */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503');

/**
 * What a foreign key refused, read from PostgreSQL's detail: a row naming one that is not there
 * (`Key (project_id)=(12) is not present in table "projects".`), with the column when the detail
 * names one; or the removal of a row others still name (`... is still referenced from ...`).
 */
export type ForeignKeyViolation =
  { kind: 'missing'; column: string | null } | { kind: 'referenced' };

export function foreignKeyViolation(error: unknown): ForeignKeyViolation | null {
  const violation = [...causes(error)].find((e) => e.code === '23503');
  if (!violation) return null;
  const detail = typeof violation.detail === 'string' ? violation.detail : '';
  if (detail.includes(' is still referenced from table ')) return { kind: 'referenced' };
  return { kind: 'missing', column: /^Key \((\w+)\)=/.exec(detail)?.[1] ?? null };
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
