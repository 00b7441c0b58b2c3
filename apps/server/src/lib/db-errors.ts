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

/** Socket errors of a database connection that could not be made or was lost. */
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

/** Errors the database's own connections reported (see `markDatabaseError`). */
const databaseErrors = new WeakSet();

/**
 * Records that a database connection reported this error; the connections of the pool call it.
 * Only then does a socket error mean the database: a client hanging up in the middle of its
 * request raises the same ECONNRESET, and must not pass for an outage (a 503 and a warning).
 */
export function markDatabaseError(error: unknown) {
  if (isObject(error)) databaseErrors.add(error);
}

/**
 * The database could not be reached or went away (a restart, a failover, a network cut): the
 * request may well succeed in a moment, unlike a failure of the statement itself.
 */
export function isDatabaseUnavailable(error: unknown) {
  // A database error and whatever it wraps came from the database; the errors wrapping it
  // (the ORM's) did not raise socket errors of their own.
  let fromDatabase = false;
  for (const e of causes(error)) {
    fromDatabase ||= databaseErrors.has(e);
    const { code, message } = e;
    if (typeof code === 'string') {
      if (fromDatabase && CONNECTION_CODES.has(code)) return true;
      if (UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return true;
    }
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}

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
