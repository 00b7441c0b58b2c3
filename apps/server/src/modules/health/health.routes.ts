import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});

const readinessSchema = z.object({
  status: z.enum(['ready', 'draining', 'unavailable']),
});

export async function healthRoutes(app: FastifyInstance) {
  /** Whether the database answers a trivial statement; a failure is logged once per check. */
  async function databaseAnswers(request: FastifyRequest): Promise<boolean> {
    try {
      await app.db.execute(sql`select 1`);
      return true;
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return false;
    }
  }

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      if (await databaseAnswers(request)) return { status: 'ok' as const, database: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable', database: 'unavailable' });
    },
  );
  routes.get(
    '/health/ready/',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: whether a load balancer should send this instance requests',
        description:
          '503 `draining` from the moment the process is told to stop (SIGTERM), while it still ' +
          'serves for SHUTDOWN_DRAIN_SECONDS; 503 `unavailable` when the database does not answer.',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (request, reply) => {
      if (app.readiness.draining) return reply.code(503).send({ status: 'draining' });
      if (await databaseAnswers(request)) return { status: 'ready' as const };
      return reply.code(503).send({ status: 'unavailable' });
    },
  );
}
