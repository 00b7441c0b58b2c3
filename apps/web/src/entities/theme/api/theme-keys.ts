/** Every theme query key starts here, so one prefix invalidates a whole family. */
export const themeKeys = {
  all: ['themes'] as const,
  lists: () => [...themeKeys.all, 'list'] as const,
  list: (brainstormId: number) => [...themeKeys.lists(), brainstormId] as const,
  suggestions: (brainstormId: number) => [...themeKeys.all, 'suggestions', brainstormId] as const,
};
