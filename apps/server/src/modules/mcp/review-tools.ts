import { z } from 'zod';
import { idField } from '../../lib/http-schemas.js';
import type { Page } from '../../lib/pagination.js';
import {
  annotationSchema,
  reactionTypeField,
  voteField,
  type AnnotationDto,
} from '../annotations/annotations.schemas.js';
import {
  commentCreateBody,
  commentSchema,
  type CommentDto,
} from '../annotations/comments.schemas.js';
import type { OwnReactionDto } from '../annotations/reactions.schemas.js';
import { query } from './rest-calls.js';
import { defineTool } from './tool-kit.js';

const idea = idField.describe('The idea id.');

/** The caller's annotation as tools answer it: the comments are counted, not JSON text. */
const ownReview = annotationSchema.pick({
  idea: true,
  vote: true,
  is_bookmarked: true,
  is_hidden: true,
});

const vote = defineTool({
  name: 'vote',
  title: 'Vote on an idea',
  description:
    'Set your vote on an idea: 1 up, -1 down, 0 to clear it. Voting counts as reviewing it.',
  input: z.object({ idea, value: voteField }),
  output: ownReview,
  writes: true,
  async run({ idea: id, value }, rest) {
    const review = await rest<AnnotationDto>('POST', `/api/ideas/${id}/annotate/`, { vote: value });
    const said = value === 0 ? 'cleared' : value > 0 ? 'up (+1)' : 'down (-1)';
    return { text: `Your vote on #${id} is ${said}.`, data: review };
  },
});

const bookmark = defineTool({
  name: 'bookmark',
  title: 'Bookmark an idea',
  description:
    'Bookmark an idea (or take the bookmark off with bookmarked false). Only you see your bookmarks.',
  input: z.object({ idea, bookmarked: z.boolean().default(true) }),
  output: ownReview,
  writes: true,
  async run({ idea: id, bookmarked }, rest) {
    const review = await rest<AnnotationDto>('POST', `/api/ideas/${id}/annotate/`, {
      is_bookmarked: bookmarked,
    });
    return {
      text: bookmarked ? `#${id} is bookmarked.` : `#${id} is no longer bookmarked.`,
      data: review,
    };
  },
});

const react = defineTool({
  name: 'react',
  title: 'React to an idea',
  description:
    'Give an idea a reaction (the team sees how many gave each), or take yours back with ' +
    "remove true. 'thumbtack' pins the idea: pinned ideas count as kept.",
  input: z.object({ idea, reaction_type: reactionTypeField, remove: z.boolean().default(false) }),
  output: z.object({
    idea: z.number().int(),
    reaction_type: reactionTypeField,
    reacted: z.boolean(),
  }),
  writes: true,
  async run({ idea: id, reaction_type, remove }, rest) {
    if (!remove) {
      await rest('POST', '/api/idea-annotations/reactions/', { idea_id: id, reaction_type });
    } else {
      const own = await rest<Page<OwnReactionDto>>(
        'GET',
        `/api/idea-annotations/reactions/${query({ idea: id, reaction_type, page_size: 100 })}`,
      );
      for (const reaction of own.results) {
        await rest('DELETE', `/api/idea-annotations/reactions/${reaction.id}/`);
      }
    }
    return {
      text: remove
        ? `Your ${reaction_type} on #${id} is gone.`
        : `You reacted ${reaction_type} to #${id}.`,
      data: { idea: id, reaction_type, reacted: !remove },
    };
  },
});

const comment = defineTool({
  name: 'comment',
  title: 'Comment on an idea',
  description:
    'Add a comment to an idea; the whole team reads it. Commenting counts as reviewing it.',
  input: z.object({ idea, text: commentCreateBody.shape.text }),
  output: z.object({ comment: commentSchema }),
  writes: true,
  async run({ idea: id, text }, rest) {
    const made = await rest<CommentDto>('POST', '/api/idea-annotations/comments/', {
      idea_id: id,
      text,
    });
    return { text: `Comment #${made.id} added to #${id}.`, data: { comment: made } };
  },
});

export const reviewTools = [vote, bookmark, react, comment];
