import type { FastifyInstance, FastifyRequest } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | undefined;

/** A REST answer of 4xx, as the text a person (or a model) can act on. */
export class RestError extends Error {
  override name = 'RestError';
}

export type Rest = <T>(method: Method, url: string, payload?: object) => Promise<T>;

/**
 * Calls the REST API as the caller of an MCP request, with their own Authorization header:
 * the operation's validation, authorization, blind review, limits and a read-only token's
 * refusal all apply as they do to any client (decision 033). A 4xx becomes a RestError.
 */
export function restAs(app: FastifyInstance, request: FastifyRequest): Rest {
  return async <T>(method: Method, url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: request.headers.authorization ?? '' },
      remoteAddress: request.ip,
      ...(payload ? { payload } : {}),
    });
    const body: unknown = response.body ? JSON.parse(response.body) : null;
    if (response.statusCode >= 400) {
      const retry = response.headers['retry-after'];
      throw new RestError(errorText(body, retry));
    }
    return body as T;
  };
}

/** A REST error body, `{detail}` or field errors, as one line. */
function errorText(body: unknown, retryAfter: string | undefined): string {
  const wait = retryAfter ? ` Try again in ${retryAfter} s.` : '';
  if (typeof body !== 'object' || body === null) return `The request failed.${wait}`;
  if ('detail' in body && typeof body.detail === 'string') return `${body.detail}${wait}`;
  const fields = Object.entries(body as Record<string, unknown>).map(
    ([field, messages]) =>
      `${field}: ${Array.isArray(messages) ? messages.join(' ') : String(messages)}`,
  );
  return `Invalid input. ${fields.join('; ')}`;
}

/** A query string of the values given; left-out ones are not sent. */
export function query(values: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A parsed `ordering` back as the text the REST API reads ('-created,title'). */
export const orderingText = (terms: { field: string; descending: boolean }[]) =>
  terms.map(({ field, descending }) => `${descending ? '-' : ''}${field}`).join(',');
