import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import {
  ideaKeys,
  isBrainstormIdeaList,
  isBrainstormIdeaQuery,
} from '@/entities/idea/api/idea-keys';
import { findCachedIdea } from '@/entities/idea/lib/annotation-cache';
import { authFetch } from '@/lib/api/client';
import { openEventStream, type EventStreamState } from '@/lib/event-stream';
import { applyLiveEvent, invalidateBrainstorm } from './apply-live-event';
import {
  parseLiveEvent,
  type LiveEventData,
  type PresencePlace,
  type PresenceUser,
} from './events';

/**
 * `live` once the server has said `ready`; `reconnecting` while a stream that was live is
 * opened again; `unavailable` while there is none to be had (refused, or too many open): the
 * pages then poll as they do without one.
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'unavailable';

export interface BrainstormLive {
  status: LiveStatus;
  /** Who has the brainstorm open, the caller included, one entry per user. */
  presence: PresenceUser[];
  /** Ideas stored since the lists were last read, not stacked under another: not shown yet. */
  newIdeas: number;
  /** How many times ideas were stored since the page opened: a list held at a moment (the
   * review list) reads again on each, for how many have arrived. */
  storedTimes: number;
  /** How many times the new ideas were asked for (`showNewIdeas`): a list held at a moment
   * shows them then. */
  shownTimes: number;
  /** Reads the lists again, with the new ideas: asked for, or ideas the caller asked for. */
  showNewIdeas: () => void;
}

interface State {
  brainstormId: number;
  status: LiveStatus;
  presence: PresenceUser[];
  newIdeas: number;
  storedTimes: number;
  shownTimes: number;
}

type Action = { brainstormId: number } & (
  | { type: 'status'; status: LiveStatus }
  | { type: 'presence'; users: PresenceUser[] }
  | { type: 'created'; count: number }
  | { type: 'shown' }
  | { type: 'asked' }
);

function initial(brainstormId: number): State {
  return {
    brainstormId,
    status: 'connecting',
    presence: [],
    newIdeas: 0,
    storedTimes: 0,
    shownTimes: 0,
  };
}

function reduce(previous: State, action: Action): State {
  const state =
    previous.brainstormId === action.brainstormId ? previous : initial(action.brainstormId);
  switch (action.type) {
    case 'status':
      return {
        ...state,
        status: action.status,
        presence: action.status === 'unavailable' ? [] : state.presence,
      };
    case 'presence':
      return { ...state, presence: action.users };
    case 'created':
      return {
        ...state,
        newIdeas: state.newIdeas + action.count,
        storedTimes: state.storedTimes + 1,
      };
    case 'shown':
      return state.newIdeas === 0 ? state : { ...state, newIdeas: 0 };
    case 'asked':
      return { ...state, newIdeas: 0, shownTimes: state.shownTimes + 1 };
  }
}

/**
 * Of the ideas stored, those the lists would show and do not yet: not stacked, and not read
 * already (the caller's own, when its list was read before the event came).
 */
function unseenCount(queryClient: QueryClient, { count, ideas }: LiveEventData['ideas.created']) {
  const seen = ideas.filter(
    (idea) => idea.duplicate_of !== null || findCachedIdea(queryClient, idea.id) !== null,
  ).length;
  return Math.max(0, count - seen);
}

function streamStatus(state: EventStreamState, wasLive: boolean): LiveStatus | null {
  switch (state.phase) {
    case 'connecting':
      return 'connecting';
    case 'open':
      // Live once the server says `ready`.
      return null;
    case 'retrying':
      return wasLive && state.reason !== 'busy' ? 'reconnecting' : 'unavailable';
    case 'refused':
      return 'unavailable';
  }
}

/** The brainstorm's stream, opened for one of its pages (`place`), which presence tells others. */
export function brainstormEventsUrl(brainstormId: number, place?: PresencePlace) {
  const on = place === undefined ? '' : `?on=${place}`;
  return `/api/brainstorms/${String(brainstormId)}/events/${on}`;
}

/**
 * One stream of a brainstorm's events for the page that shows it (decision 026): the query
 * cache follows them, in place where it can, so the reviewer's place, focus and open rows stay.
 */
export function useBrainstormLive(brainstormId: number, place?: PresencePlace): BrainstormLive {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(reduce, brainstormId, initial);

  useEffect(() => {
    let wasLive = false;
    let readyBefore = false;
    const setStatus = (status: LiveStatus) => {
      dispatch({ brainstormId, type: 'status', status });
    };

    const close = openEventStream({
      url: brainstormEventsUrl(brainstormId, place),
      fetch: authFetch,
      onStateChange: (streamState) => {
        const status = streamStatus(streamState, wasLive);
        if (status === 'unavailable') wasLive = false;
        if (status) setStatus(status);
      },
      onMessage: (message) => {
        const event = parseLiveEvent(message);
        if (!event) return;
        if (event.type === 'ready') {
          wasLive = true;
          setStatus('live');
          dispatch({ brainstormId, type: 'presence', users: event.data.presence });
          // What changed while no stream was open could not be replayed: read it all again.
          if (readyBefore && !event.data.resumed)
            void invalidateBrainstorm(queryClient, brainstormId);
          readyBefore = true;
        } else if (event.type === 'reset') {
          void invalidateBrainstorm(queryClient, brainstormId);
        } else if (event.type === 'presence') {
          dispatch({ brainstormId, type: 'presence', users: event.data.users });
        } else {
          // New ideas are counted against the lists as read, before the event changes the cache.
          if (event.type === 'ideas.created') {
            const count = unseenCount(queryClient, event.data);
            dispatch({ brainstormId, type: 'created', count });
          }
          applyLiveEvent(queryClient, brainstormId, event);
        }
      },
    });

    // Lists read again for any reason (a page change, the minute after an interaction) show
    // the new ideas: they are new no longer.
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        !event.action.manual &&
        isBrainstormIdeaList((event.query as Query).queryKey, brainstormId)
      ) {
        dispatch({ brainstormId, type: 'shown' });
      }
    });

    return () => {
      close();
      unsubscribe();
    };
  }, [brainstormId, place, queryClient]);

  const showNewIdeas = useCallback(() => {
    dispatch({ brainstormId, type: 'asked' });
    void queryClient.invalidateQueries({
      queryKey: ideaKeys.all,
      predicate: ({ queryKey }) => isBrainstormIdeaQuery(queryKey, brainstormId),
    });
  }, [brainstormId, queryClient]);

  const current = state.brainstormId === brainstormId ? state : initial(brainstormId);
  return {
    status: current.status,
    presence: current.presence,
    newIdeas: current.newIdeas,
    storedTimes: current.storedTimes,
    shownTimes: current.shownTimes,
    showNewIdeas,
  };
}
