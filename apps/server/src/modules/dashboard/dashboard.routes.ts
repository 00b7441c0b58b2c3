import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { errorResponses } from '../../lib/http-schemas.js';
import { actor } from '../../plugins/auth.js';
import { getActivity } from './activity.service.js';
import {
  activityQuery,
  activitySchema,
  recentBrainstormsQuery,
  recentBrainstormsSchema,
  reviewQueueSchema,
  spendSchema,
} from './dashboard.schemas.js';
import * as dashboard from './dashboard.service.js';
import { getSpend } from './spend.service.js';

/** The dashboard's parts, one operation each, so a slow part does not hold up the others. */
export async function dashboardRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['dashboard'];

  r.get(
    '/dashboard/review-queue/',
    {
      schema: {
        tags,
        summary: 'The brainstorms holding ideas the caller has not reviewed, most first',
        response: { 200: reviewQueueSchema, ...errorResponses(401) },
      },
    },
    (request) => dashboard.getReviewQueue(app.db, actor(request)),
  );

  r.get(
    '/dashboard/recent-brainstorms/',
    {
      schema: {
        tags,
        summary: 'The brainstorms with the newest activity, the team’s or the caller’s own',
        querystring: recentBrainstormsQuery,
        response: { 200: recentBrainstormsSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => dashboard.getRecentBrainstorms(app.db, actor(request), request.query.scope),
  );

  r.get(
    '/dashboard/activity/',
    {
      schema: {
        tags,
        summary: 'The team’s generations, comments and pins, newest first',
        description:
          'Pins are counts: nobody who pinned is named. Under blind review, comments and pins ' +
          'of ideas the caller has not reviewed are left out.',
        querystring: activityQuery,
        response: { 200: activitySchema, ...errorResponses(400, 401) },
      },
    },
    (request) => getActivity(app.db, actor(request), request.query.limit),
  );

  r.get(
    '/dashboard/spend/',
    {
      schema: {
        tags,
        summary: 'Tokens and cost this UTC month, the caller’s and the team’s, and today’s use',
        response: { 200: spendSchema, ...errorResponses(401) },
      },
    },
    (request) =>
      getSpend(
        {
          db: app.db,
          limits: opts.config.generation.limits,
          prices: opts.config.modelPrices,
          providers: opts.config.providers,
        },
        actor(request),
      ),
  );
}
