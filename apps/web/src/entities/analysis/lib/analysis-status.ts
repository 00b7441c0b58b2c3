import type { Analysis, AnalysisKind, AnalysisStatus, ResultOf } from '../api/types';

/** Whether a run has stopped: done or failed. */
export function isFinished(status: AnalysisStatus) {
  switch (status) {
    case 'queued':
    case 'running':
      return false;
    case 'done':
    case 'failed':
      return true;
  }
}

/** A finished run's result when it is of the kind asked for; null otherwise. */
export function resultOf<Kind extends AnalysisKind>(
  analysis: Analysis | null | undefined,
  kind: Kind,
): ResultOf<Kind> | null {
  const result = analysis?.status === 'done' ? analysis.result : null;
  return result?.kind === kind ? (result as ResultOf<Kind>) : null;
}
