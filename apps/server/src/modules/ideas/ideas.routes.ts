import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DuplicateThresholds } from '../../config.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { pageLinks, pageOf, paginate, paginationQuery } from '../../lib/pagination.js';
import { objectWithRawJson, sendJsonText } from '../../lib/raw-json.js';
import { actor } from '../../plugins/auth.js';
import { annotationFields, annotationSchema } from '../annotations/annotations.schemas.js';
import type { Review } from './idea-filters.js';
import { claimExportSlot, sendExport } from './idea-export.js';
import * as lists from './idea-lists.service.js';
import {
  ideaCommentSchema,
  ideaCreateBody,
  ideaListQuery,
  ideaPatchBody,
  ideaPutBody,
  ideaSchema,
  markDuplicateBody,
  reviewedQuery,
  unreviewedQuery,
  withAnnotationsQuery,
} from './ideas.schemas.js';
import * as ideas from './ideas.service.js';
import * as stacking from './stacking.service.js';

const ideaPage = pageOf(ideaSchema)
  .extend({
    filteredCount: z
      .number()
      .int()
      .describe("Ideas left after the caller's filters (reviewed, hidden, ...): the ones paged."),
    stackedCount: z
      .number()
      .int()
      .describe(
        "Near-duplicates under the query's and the caller's filters, stacked under their " +
          'originals: left out of the page unless include_duplicates=true.',
      ),
    newestId: z
      .number()
      .int()
      .nullable()
      .describe(
        "The brainstorm's newest idea when the page was read (null without a brainstorm, or " +
          'in one with none): as up_to, it reads the same list again without the ideas since.',
      ),
    laterCount: z
      .number()
      .int()
      .describe(
        'With up_to: the ideas stored since that the list would hold now, under the same ' +
          'filters (0 without up_to).',
      ),
  })
  .describe('count: ideas matching brainstorm and search.');

const commentPage = pageOf(ideaCommentSchema).extend({
  totals_hidden: z
    .boolean()
    .describe("True when the idea's comments are withheld from the caller (blind review)."),
});

/** A page; with format=json the whole set as an array, with format=csv the whole set as CSV. */
const listResponses = {
  200: {
    description: 'A page of ideas, or with format the whole matching set as a download.',
    content: {
      'application/json': { schema: z.union([ideaPage, z.array(ideaSchema)]) },
      'text/csv': { schema: z.string() },
    },
  },
  ...errorResponses(400, 401, 404, 429),
};

/** A page, or with `format` the whole matching set streamed as a download. */
async function listOrExport(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  query: lists.ListQuery,
  review: Review | undefined,
) {
  const user = actor(request);
  if (!query.format) {
    const { count, filteredCount, stackedCount, newestId, laterCount, results } =
      await lists.listIdeas(app.db, user, query, review);
    // The pages are paged by filteredCount; `count` is the query's own.
    const links = pageLinks(request, query, filteredCount);
    const fields = { count, ...links, filteredCount, stackedCount, newestId, laterCount };
    return sendJsonText(reply, objectWithRawJson(fields, { results }));
  }
  const release = claimExportSlot(user.id);
  try {
    const chunks = await lists.exportIdeas(app.db, user, query, query.format, review);
    return await sendExport(reply, query.format, chunks, release);
  } catch (error) {
    release();
    throw error;
  }
}

export async function ideaRoutes(app: FastifyInstance, opts: { duplicates: DuplicateThresholds }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['ideas'];
  const one = { 200: ideaSchema, ...errorResponses(400, 401, 403, 404) };

  r.get(
    '/ideas/',
    {
      schema: {
        tags,
        summary: 'List ideas',
        querystring: ideaListQuery,
        response: listResponses,
      },
    },
    (request, reply) => listOrExport(app, request, reply, request.query, undefined),
  );

  r.get(
    '/ideas/reviewed/',
    {
      schema: {
        tags,
        summary: 'Ideas reviewed (annotated) by the caller, a given user, anyone or no one',
        querystring: reviewedQuery,
        response: listResponses,
      },
    },
    (request, reply) =>
      listOrExport(app, request, reply, request.query, lists.reviewOf(request.query)),
  );

  r.get(
    '/ideas/unreviewed/',
    {
      schema: {
        tags,
        summary: 'Ideas the caller has not annotated',
        querystring: unreviewedQuery,
        response: listResponses,
      },
    },
    (request, reply) => listOrExport(app, request, reply, request.query, 'unreviewed'),
  );

  r.post(
    '/ideas/',
    {
      schema: {
        tags,
        summary: 'Write an idea by hand, in any brainstorm',
        description:
          'An idea that nearly repeats one already in the brainstorm is stored stacked under ' +
          'it (duplicate_of), never refused. Where a model judges repeats (REPEATS_JUDGE), one ' +
          'that stands alone is then checked for repeating an earlier idea in other words.',
        body: ideaCreateBody,
        response: { 201: ideaSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const user = actor(request);
      const idea = await ideas.createIdea(app.db, user, request.body, opts.duplicates);
      if (idea.duplicate_of === null) {
        await app.checkRepeats({
          brainstormId: idea.brainstorm,
          requestedBy: user.id,
          ideas: [idea.id],
        });
      }
      return reply.code(201).send(idea);
    },
  );

  r.get(
    '/ideas/:id/',
    {
      schema: {
        tags,
        summary: 'One idea',
        params: idParams,
        querystring: withAnnotationsQuery,
        response: { 200: ideaSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) =>
      ideas.getIdea(app.db, actor(request), request.params.id, request.query.with_annotations),
  );

  r.put(
    '/ideas/:id/',
    {
      schema: {
        tags,
        summary: "Replace an idea (its author, the brainstorm's creator or staff)",
        params: idParams,
        body: ideaPutBody,
        response: one,
      },
    },
    (request) => ideas.updateIdea(app.db, actor(request), request.params.id, request.body),
  );

  r.patch(
    '/ideas/:id/',
    {
      schema: {
        tags,
        summary: "Change part of an idea (its author, the brainstorm's creator or staff)",
        params: idParams,
        body: ideaPatchBody,
        response: one,
      },
    },
    (request) => ideas.updateIdea(app.db, actor(request), request.params.id, request.body),
  );

  r.delete(
    '/ideas/:id/',
    {
      schema: {
        tags,
        summary: "Delete an idea (its author, the brainstorm's creator or staff)",
        params: idParams,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await ideas.deleteIdea(app.db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/ideas/:id/annotate/',
    {
      schema: {
        tags,
        summary: "Set any of the caller's vote, bookmark and hidden flag on an idea",
        params: idParams,
        body: annotationFields,
        response: { 200: annotationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => ideas.annotate(app.db, actor(request), request.params.id, request.body),
  );

  r.get(
    '/ideas/:id/comments/',
    {
      schema: {
        tags,
        summary: "Everyone's comments on an idea, oldest first, with their authors",
        description:
          'Under blind review (decision 026), an idea the caller has not reviewed yet answers ' +
          'an empty page (count 0, no results) with totals_hidden true, not an error: its ' +
          'comments appear once the caller annotates it.',
        params: idParams,
        querystring: paginationQuery,
        response: { 200: commentPage, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { totalsHidden, ...comments } = await ideas.listComments(
        app.db,
        actor(request),
        request.params.id,
        request.query,
      );
      return { ...paginate(request, request.query, comments), totals_hidden: totalsHidden };
    },
  );

  r.post(
    '/ideas/:id/not-duplicate/',
    {
      schema: {
        tags,
        summary: 'Take a stacked idea out from under its original, for good',
        description:
          'Any signed-in member may; who did is recorded. The detector never stacks the idea ' +
          'on that original again. An idea that is not stacked is answered unchanged.',
        params: idParams,
        response: { 200: ideaSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => stacking.notDuplicate(app.db, actor(request), request.params.id),
  );

  r.post(
    '/ideas/:id/mark-duplicate/',
    {
      schema: {
        tags,
        summary: 'Stack an idea under another of its brainstorm by hand',
        description:
          'Any signed-in member may; who did is recorded. A stack has one level: the idea goes ' +
          "under `of`'s original, and what was stacked under it moves along.",
        params: idParams,
        body: markDuplicateBody,
        response: { 200: ideaSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => stacking.markDuplicate(app.db, actor(request), request.params.id, request.body.of),
  );
}
