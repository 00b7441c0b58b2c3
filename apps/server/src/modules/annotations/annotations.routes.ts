import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { actor } from '../../plugins/auth.js';
import {
  annotationCreateBody,
  annotationListQuery,
  annotationPatchBody,
  annotationPutBody,
  annotationWithIdeaSchema,
  voteBody,
} from './annotations.schemas.js';
import * as annotations from './annotations.service.js';
import {
  commentCreateBody,
  commentListQuery,
  commentPatchBody,
  commentPutBody,
  commentSchema,
} from './comments.schemas.js';
import * as comments from './comments.service.js';
import { ownRowRoutes } from './own-rows.routes.js';
import {
  ownReactionSchema,
  reactionCreateBody,
  reactionListQuery,
  reactionPatchBody,
  reactionPutBody,
} from './reactions.schemas.js';
import * as reactions from './reactions.service.js';

/** The caller's own annotations, reactions and comments: anyone else's id answers 404. */
export async function annotationRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);

  ownRowRoutes(app, {
    url: '/idea-annotations/annotations/',
    item: annotationWithIdeaSchema,
    schemas: {
      query: annotationListQuery,
      create: annotationCreateBody,
      put: annotationPutBody,
      patch: annotationPatchBody,
    },
    summaries: {
      list: 'List my annotations',
      create: 'Annotate an idea: 201 when new, 200 when my annotation of it was updated',
      get: 'One of my annotations',
      put: 'Replace my annotation (left-out fields go back to defaults)',
      patch: 'Change part of my annotation',
      delete: 'Delete my annotation with its reactions and comments',
    },
    createMayFind: true,
    service: {
      list: annotations.listAnnotations,
      create: annotations.createAnnotation,
      get: annotations.getAnnotation,
      update: annotations.updateAnnotation,
      remove: annotations.deleteAnnotation,
    },
  });
  annotationActions(app);

  // The team reads everyone's comments through the idea.
  ownRowRoutes(app, {
    url: '/idea-annotations/comments/',
    item: commentSchema,
    schemas: {
      query: commentListQuery,
      create: commentCreateBody,
      put: commentPutBody,
      patch: commentPatchBody,
    },
    summaries: {
      list: 'List my comments',
      create: 'Comment on an idea',
      get: 'One of my comments',
      put: 'Replace the text of my comment',
      patch: 'Change my comment',
      delete: 'Delete my comment',
    },
    createMayFind: false,
    service: {
      list: comments.listComments,
      create: (db, user, input) => comments.createComment(db, user, input, app.webhooks),
      get: comments.getComment,
      update: comments.updateComment,
      remove: comments.deleteComment,
    },
  });

  // The team sees their counts on the idea.
  ownRowRoutes(app, {
    url: '/idea-annotations/reactions/',
    item: ownReactionSchema,
    schemas: {
      query: reactionListQuery,
      create: reactionCreateBody,
      put: reactionPutBody,
      patch: reactionPatchBody,
    },
    summaries: {
      list: 'List my reactions',
      create: 'React to an idea: 201 when new, 200 with the one of that type I already have',
      get: 'One of my reactions',
      put: 'Change the type of my reaction',
      patch: 'Change my reaction',
      delete: 'Delete my reaction',
    },
    createMayFind: true,
    service: {
      list: reactions.listReactions,
      create: (db, user, input) => reactions.createReaction(db, user, input, app.webhooks),
      get: reactions.getReaction,
      update: (db, user, id, changes) =>
        reactions.updateReaction(db, user, id, changes, app.webhooks),
      remove: reactions.deleteReaction,
    },
  });
}

/** What an annotation has besides the shape every own row has: its flags and its vote. */
function annotationActions(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['idea-annotations'];
  const base = '/idea-annotations/annotations/';
  const one = { 200: annotationWithIdeaSchema, ...errorResponses(400, 401, 404) };

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
