/** Every brainstorm query key starts here, so one prefix invalidates a whole family. */
export const brainstormKeys = {
  all: ['brainstorms'] as const,
  lists: () => [...brainstormKeys.all, 'list'] as const,
  details: () => [...brainstormKeys.all, 'detail'] as const,
  types: () => [...brainstormKeys.all, 'types'] as const,
};
