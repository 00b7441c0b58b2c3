import { z } from 'zod';
import { REACTION_TYPES } from '../../db/schema/annotations.js';
import { booleanParam, idField, idParam } from '../../lib/http-schemas.js';
import { orderingParam } from '../../lib/ordering.js';
import { paginationQuery } from '../../lib/pagination.js';
import { annotationSchema, reactionTypeField } from '../annotations/annotations.schemas.js';
import { IDEA_ORDERING_FIELDS } from './idea-ordering.js';

const provenanceSchema = z
  .object({
    provider: z.string(),
    model: z.string().nullable(),
    technique: z.string().nullable(),
    prompt_version: z.string().nullable(),
    settings: z
      .object({ temperature: z.number().optional(), max_tokens: z.number().optional() })
      .nullable(),
    input_tokens: z.number().int().nullable(),
    output_tokens: z.number().int().nullable(),
    generation: z.number().int().nullable(),
    inspired_by: z
      .number()
      .int()
      .nullable()
      .describe("The idea a 'More like this' or 'Flip it' developed (null once it is deleted)."),
    steered_by: z
      .object({ liked: z.array(z.number().int()), rejected: z.array(z.number().int()) })
      .nullable()
      .describe(
        "The team's liked and rejected ideas that the prompt carried; null when none did, or " +
          'when steering_hidden.',
      ),
    steering_hidden: z
      .boolean()
      .describe(
        'Blind review (decision 026): the brainstorm is under blind review and the caller has ' +
          'not reviewed every idea that was in it when this idea was asked for, so steered_by, ' +
          "chosen from those ideas' votes, is null whatever it holds. False everywhere else.",
      ),
  })
  .describe('Where a generated idea came from; null for an idea written by hand.');

const reactionCounts = z.object(
  Object.fromEntries(REACTION_TYPES.map((type) => [type, z.number().int()])) as Record<
    (typeof REACTION_TYPES)[number],
    z.ZodNumber
  >,
);

export const ideaSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    summary: z.string(),
    description: z.string(),
    brainstorm: z.number().int(),
    brainstorm_detail: z.object({ id: z.number().int(), title: z.string(), type: z.string() }),
    created: z.iso.datetime(),
    modified: z.iso.datetime(),
    created_by: z.number().int().nullable().describe('Null for a generated idea.'),
    provenance: provenanceSchema.nullable(),
    votes: z
      .number()
      .int()
      .nullable()
      .describe("The sum of every user's vote; null when totals_hidden."),
    reaction_counts: reactionCounts
      .nullable()
      .describe('How many users gave each reaction; null when totals_hidden.'),
    comments_count: z.number().int().nullable().describe('Null when totals_hidden.'),
    totals_hidden: z
      .boolean()
      .describe(
        'Blind review (decision 026): the brainstorm is under blind review and the caller has ' +
          'not reviewed (annotated) this idea, so votes, reaction_counts and comments_count are ' +
          'null and its comments withheld. False everywhere else.',
      ),
    duplicate_of: z
      .number()
      .int()
      .nullable()
      .describe('The original this idea nearly repeats, when it is stacked under it.'),
    duplicate_score: z
      .number()
      .nullable()
      .describe('How alike the two are (0–1) when the detector stacked it; null otherwise.'),
    stacked_by: z
      .number()
      .int()
      .nullable()
      .describe(
        'Who stacked it by hand; null when the detector or a model did, or it is not stacked.',
      ),
    stacked_by_model: z
      .string()
      .nullable()
      .describe(
        "The language model that judged it a repeat in other words (a 'repeats' step); null " +
          'when the detector or a person stacked it, or it is not stacked.',
      ),
    stack_reason: z
      .string()
      .nullable()
      .describe("The model's one-line reason, with `stacked_by_model`."),
    duplicates_count: z.number().int().describe('How many ideas are stacked under this one.'),
    theme: z
      .number()
      .int()
      .nullable()
      .describe("The brainstorm's theme the team sorted it into; null while unsorted."),
    combined_from: z
      .array(z.number().int())
      .nullable()
      .describe("The ideas a 'Combine' merged into this one (they stay as they were); else null."),
    user_annotation: annotationSchema
      .nullable()
      .optional()
      .describe("With with_annotations: the caller's annotation, or null."),
    annotation: annotationSchema.nullable().optional().describe('The same as user_annotation.'),
  })
  .meta({ id: 'Idea' });
export type IdeaDto = z.infer<typeof ideaSchema>;

const text = {
  title: z.string().trim().min(1, 'This field may not be blank.').max(300),
  summary: z.string().trim().max(2000),
  description: z.string().trim().max(10_000),
};

/** `brainstorm` may also come as text ("5"), as the ideas API has always taken it. */
export const ideaCreateBody = z.object({
  brainstorm: idParam,
  title: text.title,
  summary: text.summary.default(''),
  description: text.description.default(''),
});
export type IdeaCreateInput = z.infer<typeof ideaCreateBody>;

/** An idea stays in its brainstorm: `brainstorm` may be sent back unchanged, never changed. */
export const ideaPutBody = ideaCreateBody.extend({ brainstorm: idParam.optional() });
export const ideaPatchBody = z.object({ ...text, brainstorm: idParam }).partial();
export type IdeaChanges = z.infer<typeof ideaPatchBody>;

export const withAnnotationsQuery = z.object({
  with_annotations: booleanParam
    .optional()
    .describe("true adds the caller's annotation to each idea."),
});

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const listFields = paginationQuery.extend(withAnnotationsQuery.shape).extend({
  brainstorm: idParam.optional(),
  project: idParam.optional().describe("Only the ideas of this project's brainstorms."),
  search: z.string().max(200).optional().describe('Words in the title, summary or description.'),
  ordering: orderingParam(IDEA_ORDERING_FIELDS, '-created'),
  is_hidden: booleanParam.optional().describe("Filters on the caller's own hidden flag."),
  include_duplicates: booleanParam
    .optional()
    .describe(
      'true lists near-duplicates stacked under their originals too; without it they are left ' +
        'out (stackedCount says how many), except in a download (format), which holds them all.',
    ),
  duplicate_of: idParam.optional().describe('Only the ideas stacked under this original.'),
  theme: z
    .union([z.literal('none'), idParam], { error: 'Must be a theme id or none.' })
    .optional()
    .describe("Only the ideas of this theme (its id), or with 'none' the unsorted ones."),
  up_to: idParam
    .optional()
    .describe(
      "Only the ideas stored up to this one (an id: an earlier page's newestId): the list read " +
        'again as it was, without the ideas stored since, which keep their places for later.',
    ),
  format: z
    .enum(EXPORT_FORMATS)
    .optional()
    .describe(
      'csv or json: the whole matching set as a download (text/csv, or a JSON array of ideas) ' +
        'instead of one page; page and page_size are ignored.',
    ),
});

export const ideaListQuery = listFields;
export const unreviewedQuery = listFields;
export type IdeaListQuery = z.infer<typeof listFields>;

export const USER_FILTERS = ['any', 'current', 'none', 'specific'] as const;

export const reviewedQuery = listFields
  .extend({
    is_bookmarked: booleanParam.optional().describe("Filters on the caller's own bookmark."),
    reaction_type: reactionTypeField.optional().describe("The caller's own reaction of a type."),
    vote: z
      .enum(['1', '0', '-1'], { error: 'A vote is 1, -1 or 0.' })
      .transform(Number)
      .optional()
      .describe("The caller's own vote (0 also matches ideas the caller has not voted on)."),
    user_filter: z
      .enum(USER_FILTERS)
      .default('current')
      .describe('Reviewed by: the caller, a specific user_id, anyone, or no one.'),
    user_id: idParam.optional().describe('The reviewer, with user_filter=specific.'),
  })
  .superRefine((query, ctx) => {
    if (query.user_filter === 'specific' && query.user_id === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['user_id'],
        message: 'This field is required when user_filter is specific.',
      });
    }
  });
export type ReviewedQuery = z.infer<typeof reviewedQuery>;

export const ideaCommentSchema = z
  .object({
    id: z.number().int(),
    text: z.string(),
    created: z.iso.datetime(),
    modified: z.iso.datetime(),
    author: z.object({ id: z.number().int(), name: z.string() }),
  })
  .meta({ id: 'IdeaTeamComment' });
export type IdeaCommentDto = z.infer<typeof ideaCommentSchema>;

export const markDuplicateBody = z
  .object({ of: idField.describe('The idea this one repeats, in the same brainstorm.') })
  .meta({ id: 'MarkDuplicate' });
