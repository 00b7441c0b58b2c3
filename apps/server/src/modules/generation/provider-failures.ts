import {
  APICallError,
  JSONParseError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  TypeValidationError,
} from 'ai';
import { MalformedIdeaError } from '../providers/provider-clients.js';
import type { FailedCallCost } from './generation.repository.js';

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

/**
 * `asked` names what the call asked for, in the reason a malformed answer gives: 'a valid idea'
 * for a generation, 'what was asked for' for a sense-making step.
 */
export function classifyFailure(
  error: unknown,
  timedOut: boolean,
  timeoutMs: number,
  asked = 'a valid idea',
): CallFailure {
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
    return { retry: true, reason: `the provider's answer was not ${asked}` };
  }
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    return { retry: true, reason: 'the provider could not be reached' };
  }
  return { retry: true, reason: 'an unexpected error occurred while asking the provider' };
}

/** Codes of a connection that was never made: the request cannot have reached the provider. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

function neverConnected(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NEVER_CONNECTED.has(code)) return true;
  }
  return false;
}

/**
 * What a failed call costs against the budgets. An answer, even a malformed one, says what it
 * used; an error status was refused before any work (no cost); a call that timed out or whose
 * connection broke on the way may have been charged without saying, so it costs all it reserved.
 */
export function failedCallCost(error: unknown, timedOut: boolean): FailedCallCost {
  if (timedOut) return { kind: 'unknown' };
  if (NoObjectGeneratedError.isInstance(error) || NoOutputGeneratedError.isInstance(error)) {
    const usage = 'usage' in error ? error.usage : undefined;
    return {
      kind: 'reported',
      inputTokens: usage?.inputTokens ?? 0,
      outputTokens: usage?.outputTokens ?? 0,
    };
  }
  if (error instanceof MalformedIdeaError && error.usage)
    return { kind: 'reported', ...error.usage };
  if (APICallError.isInstance(error) && error.statusCode !== undefined) return { kind: 'none' };
  if (neverConnected(error)) return { kind: 'none' };
  return { kind: 'unknown' };
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
