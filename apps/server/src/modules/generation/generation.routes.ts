import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { pageOf, paginate } from '../../lib/pagination.js';
import { actor } from '../../plugins/auth.js';
import {
  generationListQuery,
  generationRequestBody,
  generationSchema,
} from './generation.schemas.js';
import * as generation from './generation.service.js';

export async function generationRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['generation'];
  const context = () => ({
    db: app.db,
    engine: app.generation,
    providers: opts.config.providers,
    limits: opts.config.generation.limits,
  });

  r.post(
    '/brainstorms/:id/brainstorm/',
    {
      schema: {
        tags,
        summary: 'Generate ideas: one durable job per worker_params entry, answered at once',
        description:
          'Validates everything and checks the cost limits before queuing anything. Over a ' +
          'limit it answers 429 with Retry-After.',
        params: idParams,
        body: generationRequestBody,
        response: { 202: generationSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await generation.startGeneration(
            context(),
            actor(request),
            request.params.id,
            request.body,
          ),
        ),
  );

  r.get(
    '/brainstorms/:id/generations/',
    {
      schema: {
        tags,
        summary: "A brainstorm's generations, newest first",
        params: idParams,
        querystring: generationListQuery,
        response: { 200: pageOf(generationSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        await generation.listGenerations(app.db, request.params.id, request.query),
      ),
  );

  r.get(
    '/generations/:id/',
    {
      schema: {
        tags,
        summary: 'One generation: its progress, its slots and why any failed',
        params: idParams,
        response: { 200: generationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => generation.getGeneration(app.db, request.params.id),
  );
}
