import type { IncomingMessage, ServerResponse } from 'node:http';
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
