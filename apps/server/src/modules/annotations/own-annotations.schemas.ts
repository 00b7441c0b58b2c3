import { z } from 'zod';
import { orderingParam } from '../../lib/ordering.js';
import { booleanParam, idField, idParam } from '../../lib/http-schemas.js';
import { paginationQuery } from '../../lib/pagination.js';
import { annotationFields, annotationSchema, voteField } from './annotations.schemas.js';

export const CHILD_ORDERING_FIELDS = ['created', 'modified', 'id'] as const;
export type ChildOrderingField = (typeof CHILD_ORDERING_FIELDS)[number];

/** Query of the caller's own annotations, reactions or comments. */
export const ownListQuery = paginationQuery.extend({
  idea: idParam.optional().describe('Only those on this idea.'),
  ordering: orderingParam(CHILD_ORDERING_FIELDS, '-created'),
});

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

/** Where a new reaction or comment goes: the caller's annotation of the idea, found or made. */
export const childTarget = {
  idea_id: idField,
  annotation_id: idField
    .optional()
    .describe("The caller's annotation of the idea; found or created when left out."),
};
export interface ChildTarget {
  idea_id: number;
  annotation_id?: number | undefined;
}
