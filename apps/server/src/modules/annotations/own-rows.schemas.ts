import { idField, idParam } from '../../lib/http-schemas.js';
import { orderingParam } from '../../lib/ordering.js';
import { paginationQuery } from '../../lib/pagination.js';

export const OWN_ORDERING_FIELDS = ['created', 'modified', 'id'] as const;
export type OwnOrderingField = (typeof OWN_ORDERING_FIELDS)[number];

/** Query of the caller's own annotations, reactions or comments. */
export const ownListQuery = paginationQuery.extend({
  idea: idParam.optional().describe('Only those on this idea.'),
  ordering: orderingParam(OWN_ORDERING_FIELDS, '-created'),
});

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
