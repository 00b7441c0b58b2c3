import { z } from 'zod';
import { orderingParam } from '../../lib/ordering.js';
import { booleanParam, idParam } from '../../lib/http-schemas.js';
import { paginationQuery } from '../../lib/pagination.js';
import { PROJECT_ORDERING_FIELDS } from './projects.repository.js';

export const projectSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    created_by: z.number().int(),
    created: z.iso.datetime(),
    modified: z.iso.datetime(),
    archived: z.iso
      .datetime()
      .nullable()
      .describe('When it was archived; null while active. Nothing can be filed into it then.'),
    brainstorms_count: z.number().int(),
    last_activity: z.iso
      .datetime()
      .describe("The newest of its own change, its brainstorms' changes and their ideas."),
  })
  .meta({ id: 'Project' });

export type ProjectDto = z.infer<typeof projectSchema>;

const fields = z.object({
  name: z.string().trim().min(1, 'This field may not be blank.').max(200),
  description: z.string().trim().max(5000).default(''),
});

export const projectCreateBody = fields;
export const projectPutBody = fields;
export const projectPatchBody = fields.partial().extend({
  description: z.string().trim().max(5000).optional(),
});
export type ProjectChanges = z.infer<typeof projectPatchBody>;

export const projectListQuery = paginationQuery.extend({
  search: z.string().max(200).optional(),
  archived: booleanParam.optional().describe('true: archived ones only; false: active ones only.'),
  ordering: orderingParam(PROJECT_ORDERING_FIELDS, '-created'),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;

export const projectDeleteQuery = z.object({
  move_to: idParam
    .optional()
    .describe('Another active project that takes its brainstorms; without it they stay unfiled.'),
});
export type ProjectDeleteQuery = z.infer<typeof projectDeleteQuery>;
