import {
  APICallError,
  JSONParseError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  TypeValidationError,
} from 'ai';
import { MalformedIdeaError } from '../providers/provider-clients.js';

/** What went wrong with one provider call, and whether another call may go better. */
export interface CallFailure {
  retry: boolean;
  /** Lower-case words a user can read after "2 ideas failed: ". */
  reason: string;
  /** How long the provider asked us to wait (Retry-After), in milliseconds. */
  retryAfterMs?: number;
}

/** A provider's refusals that no retry can change. */
const PERMANENT: Record<number, string> = {
  400: 'the provider refused the request (HTTP 400)',
  401: 'the provider refused the API key (HTTP 401)',
  403: 'the provider refused access to this model (HTTP 403)',
  404: 'the provider does not know this model (HTTP 404)',
  413: 'the request was too large for the provider (HTTP 413)',
  422: 'the provider refused the request (HTTP 422)',
};

export function classifyFailure(error: unknown, timedOut: boolean, timeoutMs: number): CallFailure {
  if (timedOut) {
    return { retry: true, reason: `the provider did not answer within ${timeoutMs / 1000} s` };
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) return { retry: true, reason: 'the provider could not be reached' };
    const permanent = PERMANENT[status];
    if (permanent) return { retry: false, reason: permanent };
    if (status === 429) {
      return {
        retry: true,
        reason: 'rate limited by the provider',
        retryAfterMs: retryAfterMs(error.responseHeaders),
      };
    }
    return {
      retry: true,
      reason: `the provider failed (HTTP ${status})`,
      retryAfterMs: retryAfterMs(error.responseHeaders),
    };
  }
  if (
    NoObjectGeneratedError.isInstance(error) ||
    NoOutputGeneratedError.isInstance(error) ||
    JSONParseError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    error instanceof MalformedIdeaError
  ) {
    return { retry: true, reason: "the provider's answer was not a valid idea" };
  }
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    return { retry: true, reason: 'the provider could not be reached' };
  }
  return { retry: true, reason: 'an unexpected error occurred while asking the provider' };
}

/** Retry-After as seconds or an HTTP date, or the retry-after-ms some providers send. */
export function retryAfterMs(
  headers: Record<string, string> | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers['retry-after']?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw) * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
