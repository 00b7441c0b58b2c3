import { z } from 'zod';
import { REACTION_TYPES } from '../../db/schema/annotations.js';
import { booleanParam, idField } from '../../lib/http-schemas.js';
import { ownListQuery } from './own-rows.schemas.js';

export const reactionTypeField = z.enum(REACTION_TYPES, {
  error: `Not a known reaction. Choose one of: ${REACTION_TYPES.join(', ')}.`,
});

export const voteField = z.union([z.literal(1), z.literal(0), z.literal(-1)], {
  error: 'A vote is 1, -1 or 0.',
});

export const reactionSchema = z
  .object({
    id: z.number().int(),
    reaction_type: reactionTypeField,
    created: z.iso.datetime(),
    modified: z.iso.datetime(),
  })
  .meta({ id: 'IdeaReaction' });

/** The caller's own review of an idea. Comments are a JSON-encoded list, as the spec's client reads them. */
export const annotationSchema = z
  .object({
    id: z.number().int(),
    user: z.number().int(),
    idea: z.number().int(),
    vote: z.number().int().describe('1, -1 or 0.'),
    is_bookmarked: z.boolean(),
    is_hidden: z.boolean(),
    reactions: z.array(reactionSchema),
    comments: z
      .string()
      .describe('A JSON-encoded list of {id, text, created, modified}, oldest first.'),
    created: z.iso.datetime(),
    modified: z.iso.datetime(),
  })
  .meta({ id: 'IdeaAnnotation' });
export type AnnotationDto = z.infer<typeof annotationSchema>;

/** What one call may set on the caller's annotation of an idea; the rest stays as it is. */
export const annotationFields = z.object({
  vote: voteField.optional(),
  is_bookmarked: z.boolean().optional(),
  is_hidden: z.boolean().optional(),
});
export type AnnotationChanges = z.infer<typeof annotationFields>;

export const annotationListQuery = ownListQuery.extend({
  is_bookmarked: booleanParam.optional(),
  is_hidden: booleanParam.optional(),
});
export type AnnotationListQuery = z.infer<typeof annotationListQuery>;

export const annotationWithIdeaSchema = annotationSchema
  .extend({
    idea_detail: z.object({
      id: z.number().int(),
      title: z.string(),
      brainstorm: z.number().int(),
    }),
  })
  .meta({ id: 'IdeaAnnotationWithIdea' });
export type AnnotationWithIdeaDto = z.infer<typeof annotationWithIdeaSchema>;

export const annotationCreateBody = annotationFields.extend({ idea_id: idField });
export type AnnotationCreateInput = z.infer<typeof annotationCreateBody>;

/** PUT replaces: a field left out goes back to its default. `idea_id` may only repeat the idea. */
export const annotationPutBody = z.object({
  idea_id: idField.optional(),
  vote: voteField.default(0),
  is_bookmarked: z.boolean().default(false),
  is_hidden: z.boolean().default(false),
});
export const annotationPatchBody = annotationFields.extend({ idea_id: idField.optional() });
export type AnnotationUpdateInput = z.infer<typeof annotationPatchBody>;

export const voteBody = z.object({ value: voteField });
