import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { pageOf, paginate } from '../../lib/pagination.js';
import { actor, refusePersonalToken } from '../../plugins/auth.js';
import {
  createdTokenSchema,
  tokenCreateBody,
  tokenListQuery,
  tokenSchema,
} from './tokens.schemas.js';
import * as tokens from './tokens.service.js';

/** The signed-in user's personal access tokens: managed from a web session only (decision 032). */
export async function tokenRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  r.addHook('onRequest', async (request) => {
    refusePersonalToken(request);
  });
  const tags = ['tokens'];

  r.get(
    '/tokens/',
    {
      schema: {
        tags,
        summary: 'My personal access tokens (not revoked), newest first; never their secrets',
        querystring: tokenListQuery,
        response: { 200: pageOf(tokenSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        await tokens.listTokens(app.db, actor(request), request.query),
      ),
  );

  r.post(
    '/tokens/',
    {
      schema: {
        tags,
        summary: 'Create a personal access token; its secret is in this answer only',
        description:
          `At most ${tokens.MAX_ACTIVE_TOKENS} active tokens (409 past that), each name once ` +
          'among them. Send it as `Authorization: Bearer <token>`; a read token may only read.',
        body: tokenCreateBody,
        response: { 201: createdTokenSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await tokens.createToken(app.db, actor(request), request.body)),
  );

  r.delete(
    '/tokens/:id/',
    {
      schema: {
        tags,
        summary: 'Revoke one of my tokens: it stops working at once',
        params: idParams,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await tokens.revokeToken(app.db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
