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
  steeringSchema,
} from './generation.schemas.js';
import * as generation from './generation.service.js';

/** What every operation that starts a generation answers: it, queued, or why not. */
const started = { 202: generationSchema, ...errorResponses(400, 401, 404, 429) };

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
        response: started,
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
    '/brainstorms/:id/steering/',
    {
      schema: {
        tags,
        summary: "What would steer a new generation: the team's liked and rejected ideas",
        description:
          'The ideas a generation started now would carry in its prompts, most telling first: ' +
          'liked ones (up-voted, pinned, or bookmarked by at least two people) and rejected ' +
          "ones (down-voted, or hidden by at least two people). One person's bookmark or " +
          'hidden flag never shows here. Under blind review, only the ideas the caller has ' +
          'reviewed are listed.',
        params: idParams,
        response: { 200: steeringSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => generation.brainstormSteering(app.db, actor(request), request.params.id),
  );

  for (const [path, direction, summary, description] of [
    [
      '/ideas/:id/more-like-this/',
      'develop',
      "More like this: generate ideas that develop an idea's direction",
      "Starts a generation in the idea's brainstorm whose prompts develop that idea. Takes " +
        'the generation payload and answers as POST /api/brainstorms/{id}/brainstorm/ does.',
    ],
    [
      '/ideas/:id/flip-it/',
      'flip',
      'Flip it: generate workable ideas that turn a bad idea round',
      "For ideas of a Bad Idea Contest only: starts a generation in the idea's brainstorm " +
        'whose prompts reverse the bad idea into a workable one. Takes the generation payload ' +
        'and answers as POST /api/brainstorms/{id}/brainstorm/ does.',
    ],
  ] as const) {
    r.post(
      path,
      {
        schema: {
          tags,
          summary,
          description,
          params: idParams,
          body: generationRequestBody,
          response: started,
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(
            await generation.developIdea(
              context(),
              actor(request),
              request.params.id,
              request.body,
              direction,
            ),
          ),
    );
  }

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
        await generation.listGenerations(app.db, actor(request), request.params.id, request.query),
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
    (request) => generation.getGeneration(app.db, actor(request), request.params.id),
  );
}
