import type { DuplicateThresholds } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { BrainstormRow } from '../../db/schema/brainstorms.js';
import type { ProviderCapability } from '../providers/providers.config.js';
import type { RunIdea } from './analysis.repository.js';
import type { AnalysisRequest } from './analysis.schemas.js';
import type { KindRunner } from './analysis-runner.js';

/** How a step is done: by a language model, or by the offline word clustering. */
export type AnalysisMethod = 'model' | 'keywords';

/** What a step will do at most, before it starts: the calls and what they may cost. */
export interface KindPlan {
  calls: number;
  /** The most its calls may cost: the sum of each call's bound. */
  tokens: number;
  rounds: number | null;
}

/** One kind of sense-making step: what it needs, how it chooses its ideas, plans and runs. */
export interface KindSpec {
  /** What the provider must be able to do (`capabilitiesOf`). */
  capability: ProviderCapability;
  /**
   * The ideas it works on, in the order it uses them. Throws a `ValidationError` with field
   * errors when they cannot be (too few, not of the brainstorm).
   */
  choose(db: Db, brainstorm: BrainstormRow, request: AnalysisRequest): Promise<number[]>;
  /** The calls it makes at most, as the ideas' text (and, for repeats, their pairs) are now. */
  plan(
    brainstorm: BrainstormRow,
    ideas: RunIdea[],
    method: AnalysisMethod,
    db: Db,
    duplicates: DuplicateThresholds,
  ): KindPlan | Promise<KindPlan>;
  run: KindRunner;
}
