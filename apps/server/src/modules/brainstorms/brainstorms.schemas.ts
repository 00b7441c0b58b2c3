import { z } from 'zod';
import { dateBoundParam } from '../../lib/dates.js';
import { idField, idParam } from '../../lib/http-schemas.js';
import { orderingParam } from '../../lib/ordering.js';
import { paginationQuery } from '../../lib/pagination.js';
import { BRAINSTORM_TYPE_VALUES, DEFAULT_BRAINSTORM_TYPE } from './brainstorm-types.js';
import { BRAINSTORM_ORDERING_FIELDS } from './brainstorms.repository.js';

export const MAX_THEMES = 30;

const typeField = z.enum(BRAINSTORM_TYPE_VALUES, {
  error: `Not a known brainstorm type. Choose one of: ${BRAINSTORM_TYPE_VALUES.join(', ')}.`,
});

const theme = z.string().trim().max(200);

/** Themes as a list, or as text split on commas; each is trimmed and empty ones dropped. */
const themesField = z
  .union([z.array(theme), z.string().max(10_000)])
  .transform((value) =>
    (typeof value === 'string' ? value.split(',') : value)
      .map((t) => t.trim())
      .filter((t) => t.length > 0),
  )
  .pipe(z.array(theme).max(MAX_THEMES, `At most ${MAX_THEMES} themes.`));

const parametersField = z.object({
  problem: z.string().trim().min(1, 'Problem is required').max(5000),
  themes: themesField.default([]),
  type: typeField.optional(),
});

const projectField = idField.nullable();

const blindReviewField = z
  .boolean()
  .describe(
    "Blind review (decision 026): each member sees an idea's votes, reaction counts and " +
      'comments only once they have reviewed it themselves.',
  );

const writable = {
  title: z.string().trim().max(200),
  description: z.string().trim().max(5000),
  type: typeField,
  parameters: parametersField,
  project: projectField,
  blind_review: blindReviewField,
};

export const brainstormCreateBody = z.object({
  ...writable,
  title: writable.title.default(''),
  description: writable.description.default(''),
  type: writable.type.default(DEFAULT_BRAINSTORM_TYPE),
  project: projectField.default(null),
  blind_review: blindReviewField.default(false),
});
export type BrainstormCreateInput = z.infer<typeof brainstormCreateBody>;

/**
 * Replaces the brainstorm, but a body without `blind_review` leaves it as it is: a client that
 * predates blind review must not turn it off by saving the other fields.
 */
export const brainstormPutBody = brainstormCreateBody.extend({
  blind_review: blindReviewField.optional(),
});
export const brainstormPatchBody = z.object(writable).partial();
export type BrainstormChanges = z.infer<typeof brainstormPatchBody>;

export const brainstormSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    type: z.string(),
    type_display: z.string().describe("The type's display name."),
    parameters: z.object({
      problem: z.string(),
      themes: z.array(z.string()),
      type: z.string(),
    }),
    project: z.number().int().nullable(),
    created_by: z.number().int(),
    ideas_count: z.number().int(),
    blind_review: z
      .boolean()
      .describe(
        "Blind review: an idea's votes, reaction counts and comments are withheld from each " +
          'member until they have reviewed it (totals_hidden on the idea).',
      ),
    created: z.iso.datetime(),
    modified: z.iso.datetime(),
  })
  .meta({ id: 'Brainstorm' });
export type BrainstormDto = z.infer<typeof brainstormSchema>;

export const brainstormTypeSchema = z
  .object({ value: z.string(), display_name: z.string(), description: z.string() })
  .meta({ id: 'BrainstormTypeOption' });

export const brainstormListQuery = paginationQuery.extend({
  created_after: dateBoundParam('start').optional().describe('On or after this date or moment.'),
  created_before: dateBoundParam('end')
    .optional()
    .describe('Before this moment, or through this date.'),
  project: z
    .union([z.literal('none'), idParam], { error: 'Must be a project id or none.' })
    .optional()
    .describe("A project's brainstorms (its id), or with 'none' those in no project."),
  search: z.string().max(200).optional().describe('Words in the title, description or problem.'),
  title: z.string().max(200).optional().describe('Part of the title, any case.'),
  type: typeField.optional(),
  ordering: orderingParam(BRAINSTORM_ORDERING_FIELDS, '-created'),
});
export type BrainstormListQuery = z.infer<typeof brainstormListQuery>;
