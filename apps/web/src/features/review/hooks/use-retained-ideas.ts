import { useQueries } from '@tanstack/react-query';
import { ideaQueryOptions } from '@/entities/idea/api/get-idea';
import type { Idea } from '@/entities/idea/api/types';
import type { RecentIdeas } from './use-recently-interacted';

function newestFirst(a: Idea, b: Idea) {
  return b.created.localeCompare(a.created) || b.id - a.id;
}

/**
 * The list's ideas plus those recently interacted with in this same list that have left it
 * since (reviewed, or hidden): they stay in their place, newest first like the list, until
 * their minute is up; a near-duplicate stays under its original instead. Each is read from its own query key, where the changes made since go too.
 */
export function useRetainedIdeas(
  listed: Idea[] | undefined,
  recent: RecentIdeas,
  list: string,
  keep: boolean,
) {
  const missing =
    keep && listed
      ? [...recent]
          .filter(([id, where]) => where === list && !listed.some((idea) => idea.id === id))
          .map(([id]) => id)
      : [];
  const retained = useQueries({
    queries: missing.map((id) => ideaQueryOptions(id)),
    // A near-duplicate stays in its original's stack, which lists it reviewed or not.
    combine: (results) =>
      results.flatMap((result) => (result.data?.duplicate_of === null ? [result.data] : [])),
  });
  if (!listed) return undefined;
  return retained.length === 0 ? listed : [...listed, ...retained].sort(newestFirst);
}
