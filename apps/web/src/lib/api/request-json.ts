import { ApiError } from './api-error';
import { authFetch } from './client';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A JSON call to an endpoint the generated schema does not describe yet, with the typed
 * client's session handling: the answer's body as `Body`, undefined for a 204, or an ApiError.
 * Calls move to the typed client as their endpoints reach the OpenAPI document.
 */
export async function requestJson<Body>(method: Method, path: string, body?: unknown) {
  const response = await authFetch(path, {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as Body;
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed as Body;
}
