import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ideaKeys, isBrainstormIdeaQuery } from '@/entities/idea/api/idea-keys';
import type { Idea } from '@/entities/idea/api/types';

/** How long an idea stays marked after the last interaction with it (spec 9). */
export const RECENTLY_INTERACTED_MS = 60_000;

/** Which list an idea was interacted with in: it is kept in that list only. */
export type RecentIdeas = ReadonlyMap<number, string>;

/**
 * Ideas interacted with in the last minute, each with the list it was in. Marking one keeps it
 * under its own query key (so it outlives the lists it leaves); when its minute is up it is
 * unmarked and the brainstorm's idea queries are read again.
 */
export function useRecentlyInteracted(brainstormId: number) {
  const queryClient = useQueryClient();
  const [recent, setRecent] = useState<RecentIdeas>(new Map());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);

  const mark = useCallback(
    (idea: Idea, list: string) => {
      queryClient.setQueryData(ideaKeys.detail(idea.id), idea);
      setRecent((current) => new Map(current).set(idea.id, list));
      clearTimeout(timers.current.get(idea.id));
      const timer = setTimeout(() => {
        timers.current.delete(idea.id);
        setRecent((current) => {
          const next = new Map(current);
          next.delete(idea.id);
          return next;
        });
        void queryClient.invalidateQueries({
          queryKey: ideaKeys.all,
          predicate: (query) => isBrainstormIdeaQuery(query.queryKey, brainstormId),
        });
      }, RECENTLY_INTERACTED_MS);
      timers.current.set(idea.id, timer);
    },
    [brainstormId, queryClient],
  );

  return { recent, mark };
}
