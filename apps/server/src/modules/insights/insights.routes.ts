import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-schemas.js';
import { SharedReads } from '../../lib/shared-reads.js';
import { actor } from '../../plugins/auth.js';
import { INSIGHTS_CSV_NAME, insightsCsv } from './insights-export.js';
import { insightsQuery, modelInsightsSchema } from './insights.schemas.js';
import * as insights from './insights.service.js';
import type { InsightsConfig } from './insights.service.js';

export async function insightsRoutes(app: FastifyInstance, opts: { config: InsightsConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['insights'];
  const ctx: insights.InsightsContext = {
    db: app.db,
    config: opts.config,
    figures: new SharedReads(),
  };

  r.get(
    '/insights/models/',
    {
      schema: {
        tags,
        summary: 'Which model earns its cost: ideas kept, hidden, failed and their cost per model',
        description:
          'One row per (provider, model, technique) of generated ideas. Bookmarks and hidden ' +
          'flags are private: they are only counted over a group of at least min_group_ideas ' +
          'ideas (decision 031). Under blind review, the ideas the caller has not reviewed are ' +
          'left out of kept, hidden and down_voted (decision 026).',
        querystring: insightsQuery,
        response: { 200: modelInsightsSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => insights.modelInsights(ctx, actor(request), request.query),
  );

  r.get(
    '/insights/models/export/',
    {
      schema: {
        tags,
        summary: 'The model insights rows as a CSV download',
        querystring: insightsQuery,
        response: {
          200: {
            description: 'The rows as CSV, a header first.',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const { rows } = await insights.modelInsights(ctx, actor(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${INSIGHTS_CSV_NAME}"`)
        .send(insightsCsv(rows));
    },
  );
}
