import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { analysisKeys } from '@/entities/analysis/api/analysis-keys';
import type { Analysis } from '@/entities/analysis/api/types';
import { makeAnalysis } from '@/entities/analysis/testing/analysis-fixtures';
import { applyLiveEvent } from './apply-live-event';

const BRAINSTORM = 7;

/** A client holding an assess run as `held` and the brainstorm's scores as last read. */
function clientHolding(held: Analysis) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(analysisKeys.detail(held.id), held);
  queryClient.setQueryData(analysisKeys.assessments(BRAINSTORM), []);
  return queryClient;
}

const ended = (run: Analysis) =>
  ({
    type: 'analysis.updated',
    data: {
      id: run.id,
      kind: run.kind,
      status: 'done',
      calls_made: 1,
      calls_planned: 1,
      applied: false,
      automatic: false,
    },
  }) as const;

const scoresStale = (queryClient: QueryClient) =>
  queryClient.getQueryState(analysisKeys.assessments(BRAINSTORM))?.isInvalidated;

describe('a sense-making run ending, live', () => {
  it('reads what it changed again when the run was held here unfinished', () => {
    // As just started here: the start's answer is in the cache, and the page may not have drawn
    // it before this event lands.
    const run = makeAnalysis({ id: 5, kind: 'assess', status: 'queued', calls_planned: 1 });
    const queryClient = clientHolding(run);
    applyLiveEvent(queryClient, BRAINSTORM, ended(run));
    expect(queryClient.getQueryData<Analysis>(analysisKeys.detail(5))?.status).toBe('done');
    expect(scoresStale(queryClient)).toBe(true);
  });

  it('reads nothing more for a run already known to have ended', () => {
    const run = makeAnalysis({ id: 5, kind: 'assess', status: 'done', calls_planned: 1 });
    const queryClient = clientHolding(run);
    applyLiveEvent(queryClient, BRAINSTORM, ended(run));
    expect(scoresStale(queryClient)).toBe(false);
  });
});
