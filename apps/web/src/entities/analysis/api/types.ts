import type { components } from '@/lib/api/schema';

export type Analysis = components['schemas']['Analysis'];
export type AnalysisKind = Analysis['kind'];
export type AnalysisStatus = Analysis['status'];
export type AnalysisPlan = components['schemas']['AnalysisPlan'];
export type AnalysisRequest = components['schemas']['AnalysisRequest'];
export type AnalysisResult = components['schemas']['AnalysisResult'];
export type RankingComparison = components['schemas']['RankingComparison'];

/** The result of one kind of run: `ResultOf<'rank'>` has the ranked ideas. */
export type ResultOf<Kind extends AnalysisKind> = Extract<AnalysisResult, { kind: Kind }>;

/** What a launcher adds to the kind, provider and model: the chosen ideas, or how many to rank. */
export type AnalysisOptions = Pick<AnalysisRequest, 'ideas' | 'top'>;
