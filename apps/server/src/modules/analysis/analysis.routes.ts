import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { pageOf, paginate, paginationQuery } from '../../lib/pagination.js';
import { actor } from '../../plugins/auth.js';
import {
  analysisListQuery,
  analysisPlanSchema,
  analysisRequestBody,
  analysisSchema,
  comparisonSchema,
} from './analysis.schemas.js';
import * as analysis from './analysis.service.js';
import {
  possibleRepeats,
  possibleRepeatsQuery,
  possibleRepeatsSchema,
} from './possible-repeats.js';
import {
  shortlist,
  shortlistCsv,
  shortlistMarkdown,
  shortlistQuery,
  shortlistSchema,
} from './shortlist.js';

export async function analysisRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['sense-making'];
  const context = () => ({
    db: app.db,
    boss: app.generation.boss,
    providers: opts.config.providers,
    limits: opts.config.generation.limits,
    duplicates: opts.config.duplicates,
  });

  r.post(
    '/brainstorms/:id/analyses/',
    {
      schema: {
        tags,
        summary:
          'Start a sense-making step: themes, assessments, a ranking, a combined idea or repeats',
        description:
          'Checks the provider (it must be able to do the step), chooses the ideas and plans ' +
          'its calls, and reserves what they may cost against the daily token budgets, all ' +
          'before anything is queued; over a limit it answers 429 with Retry-After. The step ' +
          'runs as a durable job; follow it at GET /api/analyses/{id}/. A themes proposal waits ' +
          'to be applied, assessments are kept apart from votes, a combined idea is a new idea ' +
          "whose sources stay as they were. 'repeats' is the one step that changes ideas: each " +
          'idea the model judges a repeat of an earlier one is stacked under it, with the model ' +
          "and its reason, as a person's 'Mark as duplicate' would; 'Not a duplicate' undoes it.",
        params: idParams,
        body: analysisRequestBody,
        response: { 202: analysisSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await analysis.startAnalysis(context(), actor(request), request.params.id, request.body),
        ),
  );

  r.post(
    '/brainstorms/:id/analyses/plan/',
    {
      schema: {
        tags,
        summary: 'What a sense-making step would do and cost at most, before it starts',
        description:
          'Takes the same payload as POST /api/brainstorms/{id}/analyses/ and answers its ' +
          'plan (ideas, calls, rounds, the most tokens), queuing nothing.',
        params: idParams,
        body: analysisRequestBody,
        response: { 200: analysisPlanSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => analysis.planAnalysis(context(), request.params.id, request.body),
  );

  r.get(
    '/brainstorms/:id/analyses/',
    {
      schema: {
        tags,
        summary: "A brainstorm's sense-making steps, newest first",
        params: idParams,
        querystring: analysisListQuery,
        response: { 200: pageOf(analysisSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        await analysis.listAnalyses(app.db, actor(request), request.params.id, request.query),
      ),
  );

  r.get(
    '/brainstorms/:id/possible-repeats/',
    {
      schema: {
        tags,
        summary: 'Ideas a ranking of the top ideas would compare that may say the same thing',
        description:
          'Among the ideas a ranking of `top` would choose (the most up-voted that stand alone), ' +
          'each pair whose words or meaning are alike enough to be one idea, the later named as ' +
          'the one that may repeat the earlier; pairs a person or a model said are different are ' +
          'left out. Stack one with POST /api/ideas/{id}/mark-duplicate/ before ranking.',
        params: idParams,
        querystring: possibleRepeatsQuery,
        response: { 200: possibleRepeatsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => possibleRepeats(app.db, request.params.id, request.query.top),
  );

  r.get(
    '/analyses/:id/',
    {
      schema: {
        tags,
        summary: 'One sense-making step: its progress, cost and result',
        params: idParams,
        response: { 200: analysisSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => analysis.getAnalysis(app.db, actor(request), request.params.id),
  );

  r.get(
    '/analyses/:id/shortlist/',
    {
      schema: {
        tags,
        summary: "A finished ranking's shortlist, to hand on: JSON, CSV or a Markdown table",
        description:
          'Rank, title, summary, rating, votes, theme and link of each ranked idea, best first. ' +
          'Votes are withheld under blind review as on the page. 409 for any step but a ' +
          'finished ranking.',
        params: idParams,
        querystring: shortlistQuery,
        response: {
          200: {
            description: 'The shortlist.',
            content: {
              'application/json': { schema: shortlistSchema },
              'text/csv': { schema: z.string() },
              'text/markdown': { schema: z.string() },
            },
          },
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const list = await shortlist(
        app.db,
        actor(request),
        request.params.id,
        opts.config.publicUrl,
      );
      const name = `shortlist-${String(list.analysis)}`;
      switch (request.query.format) {
        case 'json':
          return list;
        case 'csv':
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${name}.csv"`)
            .send(shortlistCsv(list));
        case 'markdown':
          return reply.type('text/markdown; charset=utf-8').send(shortlistMarkdown(list));
      }
    },
  );

  r.get(
    '/analyses/:id/comparisons/',
    {
      schema: {
        tags,
        summary: "A ranking's comparisons, in the order they were played, each with its reason",
        params: idParams,
        querystring: paginationQuery,
        response: { 200: pageOf(comparisonSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        await analysis.listComparisons(app.db, request.params.id, request.query),
      ),
  );
}
