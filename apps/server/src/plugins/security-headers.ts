import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

const policy = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and the API explorer inject <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  strictTransportSecurity: false,
});

/**
 * helmet's headers, worked out once: they depend on nothing in the request, so the same set
 * goes on every response, including the ones Fastify or Node answer before any route runs.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  policy({} as unknown as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.fromEntries(headers);
})();

/** CSP, nosniff, frame-ancestors and the other helmet defaults on every response. */
async function securityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
