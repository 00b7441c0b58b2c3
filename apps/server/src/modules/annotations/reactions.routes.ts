import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { pageOf, paginate } from '../../lib/pagination.js';
import { actor } from '../../plugins/auth.js';
import {
  ownReactionSchema,
  reactionCreateBody,
  reactionListQuery,
  reactionPatchBody,
  reactionPutBody,
} from './reactions.schemas.js';
import * as reactions from './reactions.service.js';

/** The caller's own reactions; the team sees their counts on the idea. */
export async function reactionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['idea-annotations'];
  const base = '/idea-annotations/reactions/';
  const one = { 200: ownReactionSchema, ...errorResponses(400, 401, 404) };

  r.get(
    base,
    {
      schema: {
        tags,
        summary: 'List my reactions',
        querystring: reactionListQuery,
        response: { 200: pageOf(ownReactionSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        await reactions.listReactions(app.db, actor(request), request.query),
      ),
  );

  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'React to an idea: 201 when new, 200 with the one of that type I already have',
        body: reactionCreateBody,
        response: {
          201: ownReactionSchema,
          200: ownReactionSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const added = await reactions.addReaction(app.db, actor(request), request.body);
      return reply.code(added.inserted ? 201 : 200).send(added.reaction);
    },
  );

  r.get(
    `${base}:id/`,
    { schema: { tags, summary: 'One of my reactions', params: idParams, response: one } },
    (request) => reactions.getReaction(app.db, actor(request), request.params.id),
  );

  for (const [method, body, summary] of [
    ['PUT', reactionPutBody, 'Change the type of my reaction'],
    ['PATCH', reactionPatchBody, 'Change my reaction'],
  ] as const) {
    r.route({
      method,
      url: `${base}:id/`,
      schema: { tags, summary, params: idParams, body, response: one },
      handler: (request) =>
        reactions.updateReaction(app.db, actor(request), request.params.id, request.body),
    });
  }

  r.delete(
    `${base}:id/`,
    {
      schema: {
        tags,
        summary: 'Delete my reaction',
        params: idParams,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await reactions.deleteReaction(app.db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
