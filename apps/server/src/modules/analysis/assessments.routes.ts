import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { actor } from '../../plugins/auth.js';
import * as assessments from './assessments.service.js';
import { disagreementsSchema, ideaAssessmentSchema } from './assessments.schemas.js';

const BLIND_REVIEW_NOTE =
  'Vote totals follow blind review: null for an idea the caller has not reviewed yet.';

/** The model's assessments, read apart from the team's votes, and where the two disagree. */
export async function assessmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['sense-making'];

  r.get(
    '/brainstorms/:id/assessments/',
    {
      schema: {
        tags,
        summary: "The model's current scores of each assessed idea, apart from the votes",
        description:
          'Each idea of the brainstorm that has been assessed and is not stacked as a ' +
          'near-duplicate, with its newest assessment (impact, effort and novelty, each with ' +
          'its reason, and the model that gave them), by idea id; the newest 1,000 such ideas. ' +
          BLIND_REVIEW_NOTE,
        params: idParams,
        response: { 200: z.array(ideaAssessmentSchema), ...errorResponses(400, 401, 404) },
      },
    },
    (request) => assessments.listAssessments(app.db, actor(request), request.params.id),
  );

  r.get(
    '/ideas/:id/assessments/',
    {
      schema: {
        tags,
        summary: "An idea's assessments, newest first",
        description:
          'Re-assessing keeps the earlier assessments: this is their history, the newest 100. ' +
          BLIND_REVIEW_NOTE,
        params: idParams,
        response: { 200: z.array(ideaAssessmentSchema), ...errorResponses(400, 401, 404) },
      },
    },
    (request) => assessments.ideaAssessments(app.db, actor(request), request.params.id),
  );

  r.get(
    '/brainstorms/:id/disagreements/',
    {
      schema: {
        tags,
        summary: 'Where the model and the team disagree most',
        description:
          'Over the ideas with a current assessment whose votes the caller may see (blind ' +
          'review leaves out the others): each idea is placed by its assessed impact and by ' +
          'its votes as a percentile from 0 (lowest) to 1 (highest), tied ideas sharing the ' +
          'middle of their places; the gap is the impact percentile minus the votes ' +
          "percentile. 'model_favours' lists up to 10 ideas with a gap of 0.25 or more, the " +
          "largest first (high impact, few votes); 'team_favours' up to 10 with a gap of " +
          '-0.25 or less, the most negative first (many votes, low impact). With fewer than 4 ' +
          'such ideas both are empty.',
        params: idParams,
        response: { 200: disagreementsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => assessments.listDisagreements(app.db, actor(request), request.params.id),
  );
}
