/**
 * Every generation query key starts here, so one prefix invalidates a whole family. A
 * brainstorm's live events update its generations, so the keys live beside the brainstorm's.
 */
export const generationKeys = {
  all: ['generations'] as const,
  details: () => [...generationKeys.all, 'detail'] as const,
  detail: (id: number) => [...generationKeys.details(), id] as const,
  latest: (brainstormId: number) => [...generationKeys.all, 'latest', brainstormId] as const,
};
