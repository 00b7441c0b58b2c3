import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SECURITY_HEADERS } from '../lib/security-headers.js';

/**
 * CSP, nosniff, frame-ancestors and the rest of `SECURITY_HEADERS` on every response; and on every
 * API answer `Cache-Control: no-store`, since they carry tokens and private data (a user's
 * annotations, bookmarks, exports) that no browser or proxy cache should keep. A route may
 * still set its own. No CORS headers are ever sent: the web app is served from the API's own
 * origin, so a page of any other origin cannot read an answer.
 */
async function securityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
