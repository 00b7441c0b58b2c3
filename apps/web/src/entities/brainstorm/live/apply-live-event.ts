import type { QueryClient } from '@tanstack/react-query';
import { analysisKeys } from '@/entities/analysis/api/analysis-keys';
import type { Analysis } from '@/entities/analysis/api/types';
import { isFinished } from '@/entities/analysis/lib/analysis-status';
import { refreshAfterRun } from '@/entities/analysis/lib/refresh-after-run';
import { ideaKeys, isBrainstormIdeaQuery } from '@/entities/idea/api/idea-keys';
import type { listIdeaComments } from '@/entities/idea/api/list-idea-comments';
import type { Idea } from '@/entities/idea/api/types';
import { findCachedIdea, patchCachedIdea } from '@/entities/idea/lib/annotation-cache';
import type { components } from '@/lib/api/schema';
import { themeKeys } from '@/entities/theme/api/theme-keys';
import { brainstormKeys } from '../api/brainstorm-keys';
import { generationKeys } from '../api/generation-keys';
import type {
  AnalysisProgressEvent,
  GenerationProgressEvent,
  IdeaTotals,
  LiveEvent,
  LiveEventData,
  TeamComment,
} from './events';

type Generation = components['schemas']['Generation'];
type CommentPage = Awaited<ReturnType<typeof listIdeaComments>>;

interface Results {
  results: { id: number }[];
  count?: number;
  filteredCount?: number;
}

function hasResults(data: unknown): data is Results {
  return typeof data === 'object' && data !== null && Array.isArray((data as Results).results);
}

function holds(data: unknown, ideaIds: readonly number[]) {
  return hasResults(data) && data.results.some((item) => ideaIds.includes(item.id));
}

/** The brainstorm's idea lists and counts, and the single ideas of it held here. */
function invalidateIdeas(queryClient: QueryClient, brainstormId: number) {
  return queryClient.invalidateQueries({
    queryKey: ideaKeys.all,
    predicate: ({ queryKey, state }) =>
      isBrainstormIdeaQuery(queryKey, brainstormId) ||
      (queryKey[1] === 'detail' && (state.data as Idea | undefined)?.brainstorm === brainstormId),
  });
}

/** What the counts of the brainstorm's ideas show, which change no row's place. */
function invalidateCounts(queryClient: QueryClient, brainstormId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...ideaKeys.totals(), brainstormId] }),
    queryClient.invalidateQueries({
      queryKey: ideaKeys.reviewCounts(),
      predicate: ({ queryKey }) => isBrainstormIdeaQuery(queryKey, brainstormId),
    }),
    queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() }),
  ]);
}

/** Everything of the brainstorm this page may show: read again after changes were missed. */
export function invalidateBrainstorm(queryClient: QueryClient, brainstormId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [...brainstormKeys.details(), brainstormId] }),
    queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() }),
    invalidateIdeas(queryClient, brainstormId),
    queryClient.invalidateQueries({ queryKey: [...ideaKeys.all, 'comments'] }),
    queryClient.invalidateQueries({ queryKey: ideaKeys.steering(brainstormId) }),
    queryClient.invalidateQueries({
      queryKey: generationKeys.all,
      predicate: ({ queryKey, state }) =>
        queryKey[2] === brainstormId ||
        (state.data as Generation | null | undefined)?.brainstorm === brainstormId,
    }),
  ]);
}

/**
 * The new totals, in place: no refetch, so no row moves. They are as this user may see them:
 * under blind review, withheld until the user reviews the idea, then shown.
 */
function withTotals(idea: Idea, totals: IdeaTotals): Idea {
  return {
    ...idea,
    votes: totals.votes,
    reaction_counts: totals.reaction_counts,
    comments_count: totals.comments_count,
    totals_hidden: totals.totals_hidden,
    duplicates_count: totals.duplicates_count,
    duplicate_of: totals.duplicate_of,
  };
}

function applyIdeaUpdated(queryClient: QueryClient, brainstormId: number, totals: IdeaTotals) {
  const before = findCachedIdea(queryClient, totals.id);
  patchCachedIdea(queryClient, totals.id, (idea) => withTotals(idea, totals));
  if (before && before.duplicate_of !== totals.duplicate_of) {
    // Stacked under another idea, or taken out of a stack: it changes lists, not just a total.
    void invalidateIdeas(queryClient, brainstormId);
  } else if (totals.content_changed) {
    void queryClient.invalidateQueries({
      queryKey: ideaKeys.all,
      predicate: ({ queryKey, state }) =>
        (queryKey[1] === 'detail' && queryKey[2] === totals.id) ||
        (queryKey[1] === 'list' && holds(state.data, [totals.id])),
    });
  }
}

function applyIdeasDeleted(
  queryClient: QueryClient,
  brainstormId: number,
  { count, ids }: LiveEventData['ideas.deleted'],
) {
  queryClient.setQueriesData<unknown>({ queryKey: ideaKeys.lists() }, (data: unknown) => {
    if (!hasResults(data) || !holds(data, ids)) return data;
    const results = data.results.filter((item) => !ids.includes(item.id));
    const gone = data.results.length - results.length;
    return {
      ...data,
      results,
      ...(typeof data.count === 'number' ? { count: Math.max(0, data.count - gone) } : {}),
      ...(typeof data.filteredCount === 'number'
        ? { filteredCount: Math.max(0, data.filteredCount - gone) }
        : {}),
    };
  });
  // More went than the event names: the lists are read again instead.
  if (count > ids.length) void invalidateIdeas(queryClient, brainstormId);
  else void invalidateCounts(queryClient, brainstormId);
}

function applyIdeasCreated(
  queryClient: QueryClient,
  brainstormId: number,
  { ideas }: LiveEventData['ideas.created'],
) {
  void invalidateCounts(queryClient, brainstormId);
  // A near-duplicate joins its original's stack: an open stack shows it at once.
  const originals = new Set(ideas.flatMap(({ duplicate_of }) => duplicate_of ?? []));
  for (const duplicateOf of originals) {
    void queryClient.invalidateQueries({
      queryKey: [...ideaKeys.lists(), { brainstormId, duplicateOf, stack: true }],
    });
  }
}

function applyComment(
  queryClient: QueryClient,
  ideaId: number,
  change: (comments: TeamComment[]) => TeamComment[],
) {
  queryClient.setQueryData<CommentPage>(ideaKeys.comments(ideaId), (page) => {
    if (!page) return page;
    const results = change(page.results);
    return { ...page, results, count: page.count + results.length - page.results.length };
  });
}

function applyGeneration(
  queryClient: QueryClient,
  brainstormId: number,
  progress: GenerationProgressEvent,
) {
  const { status, requested, succeeded, failed, stacked, input_tokens, output_tokens } = progress;
  const counts = { status, requested, succeeded, failed, stacked, input_tokens, output_tokens };
  const patch = (generation: Generation | null | undefined) =>
    generation?.id === progress.id ? { ...generation, ...counts } : generation;
  // The generation controls follow one by its own key, the review list's 'More like this' by
  // another: either is patched where it is held, never fetched for the event. (The brainstorm's
  // newest generation, read when the controls open, only says which one to follow.)
  const keys = [generationKeys.detail(progress.id), ideaKeys.askedGeneration(progress.id)];
  const followed = keys.some((key) => queryClient.getQueryData(key) !== undefined);
  for (const key of keys) {
    queryClient.setQueryData<Generation>(key, (generation) => patch(generation) ?? undefined);
  }
  if (progress.status === 'queued' || progress.status === 'running') return;
  // Ended: its failures come with the full generation, and its ideas are all stored.
  for (const key of keys) void queryClient.invalidateQueries({ queryKey: key });
  // A page that shows the generation's progress shows its ideas now; others offer them.
  if (followed) void invalidateIdeas(queryClient, brainstormId);
  else void invalidateCounts(queryClient, brainstormId);
}

/**
 * A sense-making run's progress, in place where the run is held. A run the page does not hold
 * yet (a teammate's, just started) or one that ended or was applied makes the newest run of its
 * kind, and the run, be read again; what a run changed is read again when it ends, unless it
 * was already known here to have ended. The repeats check that starts by itself announces its
 * stacks as idea changes: only its run is followed.
 */
function applyAnalysis(
  queryClient: QueryClient,
  brainstormId: number,
  progress: AnalysisProgressEvent,
) {
  const { id, kind, status, calls_made, calls_planned, automatic } = progress;
  const detail = analysisKeys.detail(id);
  const held = queryClient.getQueryData<Analysis>(detail);
  const ended = isFinished(status);
  if (held) {
    queryClient.setQueryData<Analysis>(detail, { ...held, status, calls_made, calls_planned });
  }
  if (automatic) {
    if (ended) void queryClient.invalidateQueries({ queryKey: detail });
    return;
  }
  const latestKey = analysisKeys.latest(brainstormId, kind);
  const latest = queryClient.getQueryData<Analysis | null>(latestKey);
  const newer = latest === null || (latest !== undefined && latest.id < id);
  // An ended run's result, and a proposal's application (it is done by then), are read again.
  if (newer || ended) {
    void queryClient.invalidateQueries({ queryKey: latestKey });
    void queryClient.invalidateQueries({ queryKey: detail });
  }
  // What an ending run changed is read again here unless the run was already known to have
  // ended. Its page also does so when it sees the run end, but may never see it unfinished: on a
  // busy main thread this event can land between the start's answer and the page's next render.
  if (ended && !(held && isFinished(held.status))) refreshAfterRun(queryClient, kind, brainstormId);
}

/** The brainstorm's themes, and which theme its ideas are in, read again. */
function applyThemesChanged(queryClient: QueryClient, brainstormId: number) {
  void queryClient.invalidateQueries({ queryKey: themeKeys.list(brainstormId) });
  void queryClient.invalidateQueries({ queryKey: themeKeys.suggestions(brainstormId) });
  void queryClient.invalidateQueries({ queryKey: analysisKeys.assessments(brainstormId) });
  void invalidateIdeas(queryClient, brainstormId);
}

/**
 * Applies one event to the query cache. Totals and comments are written in place; what an
 * event only announces is read again. New ideas are not put into the lists here: the page
 * offers them (see useBrainstormLive), so no row moves under the reviewer.
 */
export function applyLiveEvent(
  queryClient: QueryClient,
  brainstormId: number,
  event: Exclude<LiveEvent, { type: 'ready' | 'presence' | 'reset' }>,
) {
  switch (event.type) {
    case 'idea.updated':
      applyIdeaUpdated(queryClient, brainstormId, event.data);
      return;
    case 'ideas.created':
      applyIdeasCreated(queryClient, brainstormId, event.data);
      return;
    case 'ideas.deleted':
      applyIdeasDeleted(queryClient, brainstormId, event.data);
      return;
    case 'comment.created':
    case 'comment.updated': {
      const { comment } = event.data;
      applyComment(queryClient, event.data.idea, (comments) =>
        comments.some(({ id }) => id === comment.id)
          ? comments.map((other) => (other.id === comment.id ? comment : other))
          : [...comments, comment],
      );
      return;
    }
    case 'comment.deleted': {
      const { id } = event.data;
      applyComment(queryClient, event.data.idea, (comments) =>
        comments.filter((comment) => comment.id !== id),
      );
      return;
    }
    case 'brainstorm.updated':
      // Blind review may have been switched: the ideas' totals are read again with it.
      void queryClient.invalidateQueries({ queryKey: [...brainstormKeys.details(), brainstormId] });
      void queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() });
      void invalidateIdeas(queryClient, brainstormId);
      return;
    case 'brainstorm.deleted':
      // The page's own 'Brainstorm not found' follows from the read.
      void queryClient.invalidateQueries({ queryKey: [...brainstormKeys.details(), brainstormId] });
      void queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() });
      return;
    case 'generation.updated':
      applyGeneration(queryClient, brainstormId, event.data);
      return;
    case 'analysis.updated':
      applyAnalysis(queryClient, brainstormId, event.data);
      return;
    case 'themes.changed':
      applyThemesChanged(queryClient, brainstormId);
      return;
  }
}
