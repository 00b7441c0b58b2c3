import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SECURITY_HEADERS } from '../lib/security-headers.js';

/** CSP, nosniff, frame-ancestors and the other helmet defaults on every response. */
async function securityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
