import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { pageLinks, pageOf } from '../../lib/pagination.js';
import { objectWithRawJson, sendJsonText } from '../../lib/raw-json.js';
import { actor } from '../../plugins/auth.js';
import { BRAINSTORM_TYPES } from './brainstorm-types.js';
import {
  brainstormCreateBody,
  brainstormListQuery,
  brainstormPatchBody,
  brainstormPutBody,
  brainstormSchema,
  brainstormTypeSchema,
} from './brainstorms.schemas.js';
import * as brainstorms from './brainstorms.service.js';

export async function brainstormRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['brainstorms'];
  const one = { 200: brainstormSchema, ...errorResponses(400, 401, 403, 404) };

  r.get(
    '/brainstorms/',
    {
      schema: {
        tags,
        summary: 'List brainstorms',
        querystring: brainstormListQuery,
        response: { 200: pageOf(brainstormSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { count, results } = await brainstorms.listBrainstorms(app.db, request.query);
      const fields = { count, ...pageLinks(request, request.query, count) };
      return sendJsonText(reply, objectWithRawJson(fields, { results }));
    },
  );

  r.post(
    '/brainstorms/',
    {
      schema: {
        tags,
        summary: 'Create a brainstorm',
        body: brainstormCreateBody,
        response: { 201: brainstormSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await brainstorms.createBrainstorm(app.db, actor(request), request.body)),
  );

  r.get(
    '/brainstorms/types/',
    {
      schema: {
        tags,
        summary: 'The brainstorming techniques, the default first',
        response: { 200: z.array(brainstormTypeSchema), ...errorResponses(401) },
      },
    },
    () => [...BRAINSTORM_TYPES],
  );

  r.get(
    '/brainstorms/:id/',
    { schema: { tags, summary: 'One brainstorm', params: idParams, response: one } },
    (request) => brainstorms.getBrainstorm(app.db, request.params.id),
  );

  r.put(
    '/brainstorms/:id/',
    {
      schema: {
        tags,
        summary: 'Replace a brainstorm (creator or staff)',
        params: idParams,
        body: brainstormPutBody,
        response: one,
      },
    },
    (request) =>
      brainstorms.updateBrainstorm(app.db, actor(request), request.params.id, request.body),
  );

  r.patch(
    '/brainstorms/:id/',
    {
      schema: {
        tags,
        summary: 'Change part of a brainstorm (creator or staff)',
        params: idParams,
        body: brainstormPatchBody,
        response: one,
      },
    },
    (request) =>
      brainstorms.updateBrainstorm(app.db, actor(request), request.params.id, request.body),
  );

  r.delete(
    '/brainstorms/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a brainstorm with its ideas (creator or staff)',
        params: idParams,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await brainstorms.deleteBrainstorm(app.db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
