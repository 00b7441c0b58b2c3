import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/**
 * Whether this instance should be sent requests. From the moment it is told to stop, readiness
 * answers 503 while the server still serves, so a load balancer moves traffic elsewhere before
 * the server stops accepting connections.
 */
export interface Readiness {
  readonly draining: boolean;
  /** Turns readiness off for good: this process is on its way out. */
  drain(): void;
}

function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

async function readinessPlugin(app: FastifyInstance) {
  app.decorate('readiness', createReadiness());
}

export default fp(readinessPlugin, { name: 'readiness' });
