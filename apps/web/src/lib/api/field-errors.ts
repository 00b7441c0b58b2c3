import { ApiError } from '@/lib/api/api-error';

export type FieldErrors = Record<string, string[]>;

/** The messages of a 400 answer, by field; null for any other failure. */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body;
  if (!body || typeof body !== 'object') return null;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(body)) {
    if (Array.isArray(messages)) errors[field] = messages.map(String);
    else if (typeof messages === 'string') errors[field] = [messages];
  }
  return errors;
}
