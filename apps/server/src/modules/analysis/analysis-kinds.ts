import type { AnalysisKind } from '../../db/schema/sense-making.js';
import type { KindRunner } from './analysis-runner.js';
import { assessKind } from './assess-kind.js';
import { combineKind } from './combine-kind.js';
import type { KindSpec } from './kind-spec.js';
import { rankKind } from './rank-kind.js';
import { repeatsKind } from './repeats-kind.js';
import { themesKind } from './themes-kind.js';

/** The sense-making steps, by kind. */
export const KINDS: Record<AnalysisKind, KindSpec> = {
  themes: themesKind,
  assess: assessKind,
  rank: rankKind,
  combine: combineKind,
  repeats: repeatsKind,
};

export const runners = Object.fromEntries(
  Object.entries(KINDS).map(([kind, spec]) => [kind, spec.run]),
) as Record<AnalysisKind, KindRunner>;
