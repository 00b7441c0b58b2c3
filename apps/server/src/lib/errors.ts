/** Field errors in the DRF shape: each field maps to its list of messages. */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: FieldErrors) {
    super('Invalid input.');
    this.name = 'ValidationError';
  }
}

export const notAuthenticated = (detail = 'Authentication credentials were not provided.') =>
  new HttpError(401, detail, { 'www-authenticate': 'Bearer realm="api"' });
export const permissionDenied = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
/** A 429 that says, in `Retry-After`, how many whole seconds to wait (at least one). */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const fieldError = (field: string, message: string) =>
  new ValidationError({ [field]: [message] });
