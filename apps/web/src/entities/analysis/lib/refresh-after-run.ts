import type { QueryClient } from '@tanstack/react-query';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { analysisKeys } from '../api/analysis-keys';
import type { AnalysisKind } from '../api/types';

/** What a run that has just finished changed, read again: new scores, a new idea, new stacks. */
export function refreshAfterRun(
  queryClient: QueryClient,
  kind: AnalysisKind,
  brainstormId: number,
) {
  switch (kind) {
    case 'assess':
      void queryClient.invalidateQueries({ queryKey: analysisKeys.assessments(brainstormId) });
      void queryClient.invalidateQueries({ queryKey: analysisKeys.disagreements(brainstormId) });
      void queryClient.invalidateQueries({ queryKey: analysisKeys.ideaAssessments() });
      return;
    case 'combine':
    case 'repeats':
      void queryClient.invalidateQueries({ queryKey: ideaKeys.all });
      void queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() });
      return;
    case 'themes':
    case 'rank':
      // A proposal or a ranking changes nothing until someone acts on it.
      return;
  }
}
