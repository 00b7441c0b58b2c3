import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { pageOf, paginate } from '../../lib/pagination.js';
import { actor } from '../../plugins/auth.js';
import {
  commentCreateBody,
  commentListQuery,
  commentPatchBody,
  commentPutBody,
  commentSchema,
} from './comments.schemas.js';
import * as comments from './comments.service.js';

/** The caller's own comments; the team reads everyone's through the idea. */
export async function commentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['idea-annotations'];
  const base = '/idea-annotations/comments/';
  const one = { 200: commentSchema, ...errorResponses(400, 401, 404) };

  r.get(
    base,
    {
      schema: {
        tags,
        summary: 'List my comments',
        querystring: commentListQuery,
        response: { 200: pageOf(commentSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        await comments.listComments(app.db, actor(request), request.query),
      ),
  );

  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Comment on an idea',
        body: commentCreateBody,
        response: { 201: commentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await comments.createComment(app.db, actor(request), request.body)),
  );

  r.get(
    `${base}:id/`,
    { schema: { tags, summary: 'One of my comments', params: idParams, response: one } },
    (request) => comments.getComment(app.db, actor(request), request.params.id),
  );

  for (const [method, body, summary] of [
    ['PUT', commentPutBody, 'Replace the text of my comment'],
    ['PATCH', commentPatchBody, 'Change my comment'],
  ] as const) {
    r.route({
      method,
      url: `${base}:id/`,
      schema: { tags, summary, params: idParams, body, response: one },
      handler: (request) =>
        comments.updateComment(app.db, actor(request), request.params.id, request.body),
    });
  }

  r.delete(
    `${base}:id/`,
    {
      schema: {
        tags,
        summary: 'Delete my comment',
        params: idParams,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await comments.deleteComment(app.db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
