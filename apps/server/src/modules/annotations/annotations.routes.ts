import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { pageOf, paginate } from '../../lib/pagination.js';
import { actor } from '../../plugins/auth.js';
import { commentRoutes } from './comments.routes.js';
import {
  annotationCreateBody,
  annotationListQuery,
  annotationPatchBody,
  annotationPutBody,
  annotationWithIdeaSchema,
  voteBody,
} from './own-annotations.schemas.js';
import * as annotations from './own-annotations.service.js';
import { reactionRoutes } from './reactions.routes.js';

/** The caller's own annotations, reactions and comments: anyone else's id answers 404. */
export async function annotationRoutes(app: FastifyInstance) {
  await app.register(ownAnnotationRoutes);
  await app.register(commentRoutes);
  await app.register(reactionRoutes);
}

async function ownAnnotationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['idea-annotations'];
  const base = '/idea-annotations/annotations/';
  const one = { 200: annotationWithIdeaSchema, ...errorResponses(400, 401, 404) };

  r.get(
    base,
    {
      schema: {
        tags,
        summary: 'List my annotations',
        querystring: annotationListQuery,
        response: { 200: pageOf(annotationWithIdeaSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        await annotations.listAnnotations(app.db, actor(request), request.query),
      ),
  );

  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Annotate an idea: 201 when new, 200 when my annotation of it was updated',
        body: annotationCreateBody,
        response: {
          201: annotationWithIdeaSchema,
          200: annotationWithIdeaSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const saved = await annotations.createAnnotation(app.db, actor(request), request.body);
      return reply.code(saved.inserted ? 201 : 200).send(saved.annotation);
    },
  );

  r.get(
    `${base}:id/`,
    { schema: { tags, summary: 'One of my annotations', params: idParams, response: one } },
    (request) => annotations.getAnnotation(app.db, actor(request), request.params.id),
  );

  for (const [method, body, summary] of [
    ['PUT', annotationPutBody, 'Replace my annotation (left-out fields go back to defaults)'],
    ['PATCH', annotationPatchBody, 'Change part of my annotation'],
  ] as const) {
    r.route({
      method,
      url: `${base}:id/`,
      schema: { tags, summary, params: idParams, body, response: one },
      handler: (request) =>
        annotations.updateAnnotation(app.db, actor(request), request.params.id, request.body),
    });
  }

  r.delete(
    `${base}:id/`,
    {
      schema: {
        tags,
        summary: 'Delete my annotation with its reactions and comments',
        params: idParams,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await annotations.deleteAnnotation(app.db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  for (const [action, flag, summary] of [
    ['toggle_bookmark', 'isBookmarked', 'Flip my bookmark'],
    ['toggle_hidden', 'isHidden', 'Flip my hidden flag'],
  ] as const) {
    r.post(
      `${base}:id/${action}/`,
      { schema: { tags, summary, params: idParams, response: one } },
      (request) => annotations.toggleAnnotation(app.db, actor(request), request.params.id, flag),
    );
  }

  r.post(
    `${base}:id/vote/`,
    {
      schema: {
        tags,
        summary: 'Set my vote: 1, -1 or 0 to clear it',
        params: idParams,
        body: voteBody,
        response: one,
      },
    },
    (request) =>
      annotations.updateAnnotation(app.db, actor(request), request.params.id, {
        vote: request.body.value,
      }),
  );
}
