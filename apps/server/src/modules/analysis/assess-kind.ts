import { AnalysisFailed } from './analysis-runner.js';
import type { KindSpec } from './analysis-kinds.js';

/** Not built yet. */
export const assessKind: KindSpec = {
  capability: 'assess',
  choose: () => Promise.resolve([]),
  plan: () => ({ calls: 0, tokens: 0, rounds: null }),
  run: () => Promise.reject(new AnalysisFailed('not built yet')),
};
