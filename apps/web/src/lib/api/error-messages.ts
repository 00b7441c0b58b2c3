import { fieldErrorsOf } from '@/lib/api/field-errors';

/**
 * What the server said about a failure, as sentences: a 400's messages prefixed with their
 * field (except `detail`), else the error's own text.
 */
export function errorMessages(error: unknown, exceptFields: string[] = []): string[] {
  const fields = fieldErrorsOf(error);
  if (!fields) return error instanceof Error ? [error.message] : [];
  return Object.entries(fields)
    .filter(([field]) => !exceptFields.includes(field))
    .flatMap(([field, messages]) =>
      messages.map((message) => (field === 'detail' ? message : `${field}: ${message}`)),
    );
}
