import { z } from 'zod';
import { orderingParam } from '../../lib/ordering.js';
import { paginationQuery } from '../../lib/pagination.js';
import { annotationFields, annotationSchema, voteField } from './annotations.schemas.js';

/** The key of a row another field names, as an integer PostgreSQL can hold. */
export const pkField = z.number().int().positive().max(2_147_483_647);

const pkParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A yes/no query parameter, spelled the ways DRF's filters accept. */
export const booleanParam = z
  .enum(['true', 'false', 'True', 'False', '1', '0'], { error: 'Must be a valid boolean.' })
  .transform((value) => value === 'true' || value === 'True' || value === '1');

export const CHILD_ORDERING_FIELDS = ['created', 'modified', 'id'] as const;
export type ChildOrderingField = (typeof CHILD_ORDERING_FIELDS)[number];

/** Query of the caller's own annotations, reactions or comments. */
export const ownListQuery = paginationQuery.extend({
  idea: pkParam.optional().describe('Only those on this idea.'),
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

export const annotationCreateBody = annotationFields.extend({ idea_id: pkField });
export type AnnotationCreateInput = z.infer<typeof annotationCreateBody>;

/** PUT replaces: a field left out goes back to its default. `idea_id` may only repeat the idea. */
export const annotationPutBody = z.object({
  idea_id: pkField.optional(),
  vote: voteField.default(0),
  is_bookmarked: z.boolean().default(false),
  is_hidden: z.boolean().default(false),
});
export const annotationPatchBody = annotationFields.extend({ idea_id: pkField.optional() });
export type AnnotationUpdateInput = z.infer<typeof annotationPatchBody>;

export const voteBody = z.object({ value: voteField });

/** Where a new reaction or comment goes: the caller's annotation of the idea, found or made. */
export const childTarget = {
  idea_id: pkField,
  annotation_id: pkField
    .optional()
    .describe("The caller's annotation of the idea; found or created when left out."),
};
export interface ChildTarget {
  idea_id: number;
  annotation_id?: number | undefined;
}
