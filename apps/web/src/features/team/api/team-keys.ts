/** Every team query key starts here, so one prefix invalidates the whole family. */
export const teamKeys = {
  all: ['team'] as const,
  lists: () => [...teamKeys.all, 'list'] as const,
};
