export const insightsKeys = {
  all: ['insights'] as const,
  models: () => [...insightsKeys.all, 'models'] as const,
  projects: () => [...insightsKeys.all, 'projects'] as const,
  brainstorm: (id: number) => [...insightsKeys.all, 'brainstorm', id] as const,
};
