import type { AnalysisKind } from './types';

/**
 * Every sense-making query key starts here, so one prefix invalidates a whole family: the runs,
 * their plans, and what a finished run changes (assessments, the disagreements between the model
 * and the team).
 */
export const analysisKeys = {
  all: ['analyses'] as const,
  details: () => [...analysisKeys.all, 'detail'] as const,
  detail: (id: number) => [...analysisKeys.details(), id] as const,
  latests: () => [...analysisKeys.all, 'latest'] as const,
  latest: (brainstormId: number, kind: AnalysisKind) =>
    [...analysisKeys.latests(), brainstormId, kind] as const,
  plans: () => [...analysisKeys.all, 'plan'] as const,
  comparisons: (analysisId: number) => [...analysisKeys.all, 'comparisons', analysisId] as const,
  assessments: (brainstormId: number) =>
    [...analysisKeys.all, 'assessments', brainstormId] as const,
  disagreements: (brainstormId: number) =>
    [...analysisKeys.all, 'disagreements', brainstormId] as const,
  /** The top ideas a ranking would compare that may repeat each other. */
  possibleRepeats: (brainstormId: number, top: number) =>
    [...analysisKeys.all, 'possible-repeats', brainstormId, top] as const,
  /** One idea's assessments, newest first. */
  ideaAssessments: () => [...analysisKeys.all, 'idea-assessments'] as const,
  ideaAssessment: (ideaId: number) => [...analysisKeys.ideaAssessments(), ideaId] as const,
};
