import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useLiveBrainstorm } from '@/entities/brainstorm/live/live-context';
import {
  useIdeaList,
  type IdeaListParams,
  type IdeaListSeed,
} from '@/entities/idea/api/list-ideas';

/** The moment a review list is read at: the newest idea of its first read, per session. */
interface Moment {
  session: string;
  upTo: number;
  /**
   * The first read, with the params it was made for: read up to its own newest idea, the list
   * is that very read, so it is not made again and its rows stay the same objects.
   */
  first?: { params: string; seed: IdeaListSeed };
}

/**
 * The review list, held at a moment (issue 39): read up to the newest idea its first read saw, so
 * that ideas stored while the reviewer works through it never move a row. How many have arrived
 * since that the list would hold is `arrived`; `show` reads the list up to the newest idea of its
 * latest read, which puts them in their places. `session` names the list apart from its page: a
 * page change keeps the moment. A live stream's news of ideas stored reads the list again at its
 * moment, for their count; a request to show new ideas (`showNewIdeas`) reads it afresh.
 */
export function useHeldList(params: IdeaListParams, session: string) {
  const [moment, setMoment] = useState<Moment | null>(null);
  // New ideas asked for (the caller's own generation, 'More like this', another list's offer)
  // are shown: the list is read afresh, and its first read is the new moment.
  const { storedTimes, shownTimes } = useLiveBrainstorm();
  const [seenShown, setSeenShown] = useState(shownTimes);
  if (seenShown !== shownTimes) {
    setSeenShown(shownTimes);
    setMoment(null);
  }
  const upTo = moment?.session === session ? moment.upTo : undefined;
  const first = upTo !== undefined && moment?.first?.params === JSON.stringify(params);
  const list = useIdeaList(
    upTo === undefined ? params : { ...params, upTo },
    first ? moment.first?.seed : undefined,
  );
  const { data } = list;
  const newestId = data?.newestId ?? null;
  // The first read of a session fixes its moment, as it renders (once: then upTo is set). A read
  // kept from before may be stale: only one made now counts.
  if (
    upTo === undefined &&
    data &&
    newestId !== null &&
    !list.isPlaceholderData &&
    !list.isFetching
  ) {
    setMoment({
      session,
      upTo: newestId,
      first: { params: JSON.stringify(params), seed: { data, updatedAt: list.dataUpdatedAt } },
    });
  }

  const readAgain = useEffectEvent(() => {
    if (upTo !== undefined) void list.refetch();
  });
  useEffect(() => {
    if (storedTimes > 0) readAgain();
  }, [storedTimes]);

  const show = useCallback(() => {
    if (newestId !== null) setMoment({ session, upTo: newestId });
  }, [newestId, session]);
  const arrived = upTo === undefined ? 0 : (list.data?.laterCount ?? 0);
  return { list, upTo, arrived, show };
}
