import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorResponses } from '../lib/http-schemas.js';

const BODYLESS = new Set(['GET', 'HEAD']);
const SIGN_IN_PATH = '/api/auth/token/';

/**
 * Declares, on every API route, the errors any request can meet before the route runs: a
 * malformed address (400), a path parameter too long (414), headers too large (431) and, where a body is read, one too large
 * (413) or of a type the API does not read (415); and the database being out of reach (503).
 * Where a route authenticates (it answers 401), a personal access token can also meet the
 * throttle on guessed tokens (429) and, on a route that writes, a read-only scope (403).
 * The OpenAPI document then says what the server really answers. Register before the routes and the API docs.
 */
async function commonResponses(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    const readsBody = [route.method].flat().some((method) => !BODYLESS.has(method));
    const common = readsBody
      ? errorResponses(400, 413, 414, 415, 431, 503)
      : errorResponses(400, 414, 431, 503);
    // Signing in and refreshing answer 401 about a password or a cookie, never a bearer token.
    const authenticated = '401' in response && !route.url.startsWith(SIGN_IN_PATH);
    const personal = !authenticated
      ? {}
      : readsBody
        ? errorResponses(403, 429)
        : errorResponses(429);
    for (const [status, schema] of Object.entries({ ...common, ...personal })) {
      response[status] ??= schema;
    }
  });
}

export default fp(commonResponses, { name: 'common-responses' });
