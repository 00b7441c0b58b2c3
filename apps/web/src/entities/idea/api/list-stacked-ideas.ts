import { queryOptions, useQueries } from '@tanstack/react-query';
import { ideaKeys } from './idea-keys';
import { readIdeaPage } from './read-idea-page';

/** The most ideas one original's stack shows: a page of the server's largest size. */
const STACK_PAGE_SIZE = 100;

export interface StackedIdeasParams {
  brainstormId: number;
  duplicateOf: number;
}

/** The ideas stacked under one original, oldest first, as a list the annotation cache updates. */
export async function listStackedIdeas({ brainstormId, duplicateOf }: StackedIdeasParams) {
  return readIdeaPage({
    brainstorm: brainstormId,
    duplicate_of: duplicateOf,
    include_duplicates: 'true',
    with_annotations: 'true',
    ordering: 'created',
    page: 1,
    page_size: STACK_PAGE_SIZE,
  });
}

export function stackedIdeasQueryOptions(params: StackedIdeasParams) {
  return queryOptions({
    // Under the lists' key with the brainstorm's id: whatever refreshes its lists refreshes these.
    queryKey: [...ideaKeys.lists(), { ...params, stack: true }],
    queryFn: () => listStackedIdeas(params),
  });
}

/** The stacks of the originals that are open, by original. */
export function useStackedIdeas(brainstormId: number, originals: number[]) {
  return useQueries({
    queries: originals.map((duplicateOf) =>
      stackedIdeasQueryOptions({ brainstormId, duplicateOf }),
    ),
    combine: (results) =>
      new Map(originals.map((id, index) => [id, results[index]?.data?.results ?? null])),
  });
}
