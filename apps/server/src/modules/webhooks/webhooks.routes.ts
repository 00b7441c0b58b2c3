import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { pageOf, paginate } from '../../lib/pagination.js';
import { actor, refusePersonalToken } from '../../plugins/auth.js';
import {
  deliveryListQuery,
  deliveryParams,
  deliverySchema,
  webhookCreateBody,
  webhookListQuery,
  webhookPatchBody,
  webhookSchema,
  webhookWithSecretSchema,
} from './webhooks.schemas.js';
import * as webhooks from './webhooks.service.js';

/**
 * Outgoing webhooks (decision 034): staff only, everyone else 403. Where events go and their
 * secrets are set from a web session: a leaked personal token cannot send the team's activity
 * elsewhere nor read a secret.
 */
export async function webhookRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const sessionOnly = {
    preHandler: async (request: FastifyRequest) => {
      refusePersonalToken(request);
    },
  };
  const tags = ['webhooks'];
  const ctx: webhooks.WebhookContext = {
    db: app.db,
    outbox: app.webhooks,
    allowPrivateUrls: opts.config.webhooks.allowPrivateUrls,
  };
  const one = { 200: webhookSchema, ...errorResponses(400, 401, 403, 404) };
  const withSecret = { 200: webhookWithSecretSchema, ...errorResponses(400, 401, 403, 404) };
  const queued = { 202: deliverySchema, ...errorResponses(400, 401, 403, 404) };

  r.get(
    '/webhooks/',
    {
      schema: {
        tags,
        summary: 'List the webhooks (staff)',
        querystring: webhookListQuery,
        response: { 200: pageOf(webhookSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        await webhooks.listWebhooks(app.db, actor(request), request.query),
      ),
  );

  r.post(
    '/webhooks/',
    {
      ...sessionOnly,
      schema: {
        tags,
        summary: 'Add a webhook (staff): its signing secret is in this answer only',
        body: webhookCreateBody,
        response: { 201: webhookWithSecretSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await webhooks.createWebhook(ctx, actor(request), request.body)),
  );

  r.get(
    '/webhooks/:id/',
    { schema: { tags, summary: 'One webhook (staff)', params: idParams, response: one } },
    (request) => webhooks.getWebhook(app.db, actor(request), request.params.id),
  );

  r.patch(
    '/webhooks/:id/',
    {
      ...sessionOnly,
      schema: {
        tags,
        summary: 'Change a webhook (staff)',
        params: idParams,
        body: webhookPatchBody,
        response: one,
      },
    },
    (request) => webhooks.updateWebhook(ctx, actor(request), request.params.id, request.body),
  );

  r.delete(
    '/webhooks/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a webhook with its deliveries (staff): pending ones are not sent',
        params: idParams,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await webhooks.deleteWebhook(app.db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/webhooks/:id/rotate-secret/',
    {
      ...sessionOnly,
      schema: {
        tags,
        summary: 'Replace the signing secret (staff): the new one is in this answer only',
        params: idParams,
        response: withSecret,
      },
    },
    (request) => webhooks.rotateSecret(app.db, actor(request), request.params.id),
  );

  r.post(
    '/webhooks/:id/test/',
    {
      schema: {
        tags,
        summary: 'Send a webhook.test event to the webhook (staff)',
        params: idParams,
        response: queued,
      },
    },
    async (request, reply) =>
      reply.code(202).send(await webhooks.sendTest(ctx, actor(request), request.params.id)),
  );

  r.get(
    '/webhooks/:id/deliveries/',
    {
      schema: {
        tags,
        summary: "A webhook's deliveries, newest first, each with its attempts (staff)",
        params: idParams,
        querystring: deliveryListQuery,
        response: { 200: pageOf(deliverySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        await webhooks.listDeliveries(app.db, actor(request), request.params.id, request.query),
      ),
  );

  r.post(
    '/webhooks/:id/deliveries/:deliveryId/retry/',
    {
      schema: {
        tags,
        summary: 'Send a finished delivery again, same message id and body (staff)',
        params: deliveryParams,
        response: { ...queued, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const delivery = await webhooks.retryDelivery(ctx, actor(request), id, deliveryId);
      return reply.code(202).send(delivery);
    },
  );
}
