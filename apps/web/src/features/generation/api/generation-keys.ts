/** Every generation query key starts here, so one prefix invalidates a whole family. */
export const generationKeys = {
  all: ['generations'] as const,
  details: () => [...generationKeys.all, 'detail'] as const,
};
