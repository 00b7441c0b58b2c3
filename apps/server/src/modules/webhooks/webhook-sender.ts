import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AttemptOutcome } from './webhooks.repository.js';
import { checkedAddress, UnsafeUrl, type CheckedAddress } from './url-guard.js';

export interface SendOptions {
  allowPrivateUrls: boolean;
  timeoutMs: number;
}

export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Posts one attempt and says how it went. The host is resolved and checked first (url-guard),
 * and the connection goes to the address that was checked, so a name that resolves elsewhere
 * a moment later (DNS rebinding) changes nothing. Redirects are not followed, the whole
 * attempt has `timeoutMs`, and the answer's body is never read: its status is all that counts.
 */
export async function send(
  request: OutgoingRequest,
  options: SendOptions,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  const outcome = (statusCode: number | null, error: string | null): AttemptOutcome => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const url = new URL(request.url);
    const address = await abortable(checkedAddress(url, options.allowPrivateUrls), signal);
    const status = await post(url, address, request, signal);
    const redirect = status >= 300 && status < 400 ? 'Redirects are not followed.' : null;
    return outcome(status, redirect);
  } catch (error) {
    if (error instanceof UnsafeUrl) return outcome(null, error.message);
    if (signal.aborted) {
      return outcome(null, `No answer within ${options.timeoutMs / 1000} s.`);
    }
    return outcome(null, describeError(error));
  }
}

/** Whether an attempt's answer counts as received. */
export const succeeded = (outcome: AttemptOutcome) =>
  outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;

function post(
  url: URL,
  address: CheckedAddress,
  { headers, body }: OutgoingRequest,
  signal: AbortSignal,
): Promise<number> {
  // Every lookup of the host answers the address that was checked.
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        signal,
        agent: false,
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Settles with the promise, or rejects as soon as the signal aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', abort);
    });
  });
}

/** A network error as a short line: its code tells more than its message. */
function describeError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const text = code ? `${code}: ${message ?? ''}` : (message ?? String(error));
  return text.slice(0, 500);
}
