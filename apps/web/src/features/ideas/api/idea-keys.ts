/** Every idea query key starts here, so one prefix invalidates a whole family. */
export const ideaKeys = {
  all: ['ideas'] as const,
  lists: () => [...ideaKeys.all, 'list'] as const,
  totals: () => [...ideaKeys.all, 'total'] as const,
};
