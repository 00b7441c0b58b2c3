import { createContext, useContext } from 'react';
import type { BrainstormLive } from './use-brainstorm-live';

/** The page's one stream, for the parts of it (from several features) that follow it. */
export const BrainstormLiveContext = createContext<BrainstormLive | null>(null);

/** Without a stream (a part shown on its own), nothing is live and the parts poll. */
const noStream: BrainstormLive = {
  status: 'unavailable',
  presence: [],
  newIdeas: 0,
  storedTimes: 0,
  shownTimes: 0,
  showNewIdeas: () => undefined,
};

export function useLiveBrainstorm() {
  return useContext(BrainstormLiveContext) ?? noStream;
}
