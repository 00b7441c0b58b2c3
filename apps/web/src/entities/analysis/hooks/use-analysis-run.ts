import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAnalysis } from '../api/get-analysis';
import { useLatestAnalysis } from '../api/get-latest-analysis';
import type { Analysis, AnalysisKind } from '../api/types';
import { isFinished } from '../lib/analysis-status';
import { refreshAfterRun } from '../lib/refresh-after-run';

/**
 * A run followed until it finishes (null: none). When it finishes while followed here, what it
 * changed is read again; one found already finished changed nothing since the page loaded.
 */
export function useAnalysisRun(id: number | null) {
  const queryClient = useQueryClient();
  const run = useAnalysis(id);
  const analysis = run.data;
  const finished = analysis ? isFinished(analysis.status) : null;
  const previous = useRef<{ id: number; finished: boolean } | null>(null);
  useEffect(() => {
    if (!analysis || finished === null) return;
    const before = previous.current;
    if (finished && before?.id === analysis.id && !before.finished) {
      refreshAfterRun(queryClient, analysis.kind, analysis.brainstorm);
    }
    previous.current = { id: analysis.id, finished };
  }, [analysis, finished, queryClient]);
  return run;
}

/**
 * The brainstorm's newest run of a kind, as the page shows it: read when the page opens, then
 * followed until it finishes. `latest` is the first read (its loading and error states).
 */
export function useLatestRun(brainstormId: number, kind: AnalysisKind) {
  const latest = useLatestAnalysis(brainstormId, kind);
  const id = latest.data?.id ?? null;
  const followed = useAnalysisRun(id);
  const analysis: Analysis | null = followed.data ?? latest.data ?? null;
  return { latest, analysis };
}
