import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { ideaTotalQueryOptions } from '@/entities/idea/api/get-idea-total';
import { ideaKeys } from '@/entities/idea/api/idea-keys';

export const IDEA_POLL_INTERVAL_MS = 2000;
export const IDEA_POLL_LIMIT_MS = 30_000;

/**
 * The spec's polling for new ideas: while on, the brainstorm's ideas are read again every 2 s;
 * it stops once their total grows beyond the total at the start, or after 30 s, and then
 * `onComplete` runs.
 */
export function useIdeaPolling(brainstormId: number, onComplete: () => void) {
  const queryClient = useQueryClient();
  // The total the ideas must grow beyond; null while not polling.
  const [baseline, setBaseline] = useState<number | null>(null);
  const complete = useEffectEvent(onComplete);

  /** The brainstorm's idea total as the server has it now, to take before asking for more. */
  const countIdeas = useCallback(async () => {
    const options = ideaTotalQueryOptions(brainstormId);
    try {
      return await queryClient.query({ ...options, staleTime: 0 });
    } catch {
      // Unknown: the cached total if any, else only the time limit ends the polling.
      return queryClient.getQueryData(options.queryKey) ?? Number.POSITIVE_INFINITY;
    }
  }, [brainstormId, queryClient]);

  useEffect(() => {
    if (baseline === null) return;
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      setBaseline(null);
      complete();
    };
    const poll = async () => {
      const [total] = await Promise.all([
        queryClient.query({ ...ideaTotalQueryOptions(brainstormId), staleTime: 0 }),
        queryClient.refetchQueries({ queryKey: ideaKeys.lists(), type: 'active' }),
      ]);
      if (total > baseline) stop();
    };
    const interval = setInterval(() => {
      // A failed read is logged by the query cache; the next tick tries again.
      poll().catch(() => undefined);
    }, IDEA_POLL_INTERVAL_MS);
    const limit = setTimeout(stop, IDEA_POLL_LIMIT_MS);
    return () => {
      stopped = true;
      clearInterval(interval);
      clearTimeout(limit);
    };
  }, [baseline, brainstormId, queryClient]);

  const start = useCallback((total: number) => {
    setBaseline(total);
  }, []);

  return { active: baseline !== null, countIdeas, start };
}
