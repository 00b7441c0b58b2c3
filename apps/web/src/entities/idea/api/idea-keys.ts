/** Every idea query key starts here, so one prefix invalidates a whole family. */
export const ideaKeys = {
  all: ['ideas'] as const,
  lists: () => [...ideaKeys.all, 'list'] as const,
  totals: () => [...ideaKeys.all, 'total'] as const,
  /** How many ideas are left to review: counts that any annotation changes. */
  reviewCounts: () => [...ideaKeys.all, 'review-count'] as const,
  /** One idea each, as last known here: the review page keeps recently reviewed ones from them. */
  details: () => [...ideaKeys.all, 'detail'] as const,
  detail: (ideaId: number) => [...ideaKeys.details(), ideaId] as const,
  /** The team's comments on an idea. */
  comments: (ideaId: number) => [...ideaKeys.all, 'comments', ideaId] as const,
  /** The team's liked and rejected ideas that would steer a brainstorm's next generation. */
  steerings: () => [...ideaKeys.all, 'steering'] as const,
  steering: (brainstormId: number) => [...ideaKeys.steerings(), brainstormId] as const,
  /** A 'More like this' or 'Flip it' generation, followed by the review list. */
  askedGeneration: (generationId: number) =>
    [...ideaKeys.all, 'asked-generation', generationId] as const,
};

/** Whether an idea query belongs to the brainstorm: lists and counts name it, totals end with it. */
export function isBrainstormIdeaQuery(queryKey: readonly unknown[], brainstormId: number) {
  const [, family, params] = queryKey;
  if (family === 'total') return params === brainstormId;
  return (
    (family === 'list' || family === 'review-count') &&
    typeof params === 'object' &&
    params !== null &&
    (params as { brainstormId?: unknown }).brainstormId === brainstormId
  );
}

/** Whether a query is one of the brainstorm's paged idea lists (not a stack, nor a choice). */
export function isBrainstormIdeaList(queryKey: readonly unknown[], brainstormId: number) {
  const [, family, params] = queryKey;
  return (
    family === 'list' &&
    isBrainstormIdeaQuery(queryKey, brainstormId) &&
    typeof params === 'object' &&
    params !== null &&
    'page' in params
  );
}
