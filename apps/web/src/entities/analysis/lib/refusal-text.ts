import { ApiError } from '@/lib/api/api-error';
import { fieldErrorsOf, type FieldErrors } from '@/lib/api/field-errors';

/** Every message of a 400 answer, in the order the server gave its fields. */
export function fieldMessages(errors: FieldErrors) {
  return Object.values(errors).flat();
}

/**
 * Why the server refused a request, as it worded it: a limit's or budget's `detail` (429, 409),
 * or a 400's field messages; `fallback` for anything else.
 */
export function refusalText(
  error: unknown,
  fallback = 'The run could not be started. Please try again.',
) {
  const fields = fieldErrorsOf(error);
  if (fields && fieldMessages(fields).length > 0) return fieldMessages(fields).join(' ');
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const { detail } = error.body as { detail?: unknown };
    if (typeof detail === 'string') return detail;
  }
  return fallback;
}
