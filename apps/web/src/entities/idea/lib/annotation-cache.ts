import type { QueryClient } from '@tanstack/react-query';
import { ideaKeys } from '../api/idea-keys';
import type { IdeaList } from '../api/list-ideas';
import type { Idea, IdeaAnnotation, TempId } from '../api/types';

let tempCounter = 0;

/** An id for an annotation, reaction or comment made here before the server has answered. */
export function tempId(): TempId {
  tempCounter += 1;
  return `temp-${Date.now().toString(36)}-${tempCounter.toString()}`;
}

export function isTempId(id: number | TempId): id is TempId {
  return typeof id === 'string';
}

/** The caller's annotation of an idea, from either of the fields the server fills. */
export function annotationOf(idea: Pick<Idea, 'user_annotation' | 'annotation'>) {
  return idea.user_annotation ?? idea.annotation ?? null;
}

/**
 * The server's id of an annotation or reaction, or null while it is only known here: the one
 * way from what the cache holds to an id a request may carry.
 */
export function savedId(item: { id: number | TempId } | null | undefined) {
  return item && !isTempId(item.id) ? item.id : null;
}

export function withAnnotationOf(idea: Idea, annotation: IdeaAnnotation | null): Idea {
  return { ...idea, user_annotation: annotation, annotation };
}

/** An annotation made here for an idea that had none: nothing set yet, its owner the server's to say. */
export function blankAnnotation(ideaId: number): IdeaAnnotation {
  const now = new Date().toISOString();
  return {
    id: tempId(),
    user: null,
    idea: ideaId,
    vote: 0,
    is_bookmarked: false,
    is_hidden: false,
    reactions: [],
    comments: '[]',
    created: now,
    modified: now,
  };
}

function isIdeaList(data: unknown): data is IdeaList {
  return typeof data === 'object' && data !== null && Array.isArray((data as IdeaList).results);
}

/**
 * Applies `change` to the idea wherever the cache holds it: in every list and as a single idea.
 * Lists of another family (a saved list, say) are covered when their keys start with
 * `ideaKeys.lists()` and their data has `results`.
 */
export function patchCachedIdea(
  queryClient: QueryClient,
  ideaId: number,
  change: (idea: Idea) => Idea,
) {
  queryClient.setQueriesData<unknown>({ queryKey: ideaKeys.lists() }, (data: unknown) => {
    if (!isIdeaList(data) || !data.results.some((idea) => idea.id === ideaId)) return data;
    return {
      ...data,
      results: data.results.map((idea) => (idea.id === ideaId ? change(idea) : idea)),
    };
  });
  queryClient.setQueriesData<Idea>({ queryKey: ideaKeys.detail(ideaId) }, (idea) =>
    idea ? change(idea) : idea,
  );
}

/** The idea as the cache holds it now (its single entry first, then any list), or null. */
export function findCachedIdea(queryClient: QueryClient, ideaId: number): Idea | null {
  const single = queryClient.getQueryData<Idea>(ideaKeys.detail(ideaId));
  if (single) return single;
  for (const [, data] of queryClient.getQueriesData({ queryKey: ideaKeys.lists() })) {
    if (!isIdeaList(data)) continue;
    const idea = data.results.find((candidate) => candidate.id === ideaId);
    if (idea) return idea;
  }
  return null;
}
