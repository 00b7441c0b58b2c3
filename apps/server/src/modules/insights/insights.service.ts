import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { fieldError } from '../../lib/errors.js';
import type { SharedReads } from '../../lib/shared-reads.js';
import { BRAINSTORM_TYPE_VALUES, typeDisplayName } from '../brainstorms/brainstorm-types.js';
import { findBrainstorm } from '../brainstorms/brainstorms.service.js';
import { projectExists } from '../projects/projects.service.js';
import * as repo from './insights.repository.js';
import type { ModelFigures } from './insights.repository.js';
import type { InsightsQuery, ModelInsightDto, ModelInsightsDto } from './insights.schemas.js';
import { costOf, priceOf, type ModelPrice } from './model-prices.js';

export type InsightsConfig = Pick<Config, 'providers' | 'modelPrices'>;

export interface InsightsContext {
  db: Db;
  config: InsightsConfig;
  /** The team-wide figures are the same for every caller: a crowd asking at once shares reads. */
  figures: SharedReads<ModelFigures[]>;
}

/** Dollars to a millionth of a cent's hundredth: enough for a cheap model's single call. */
const dollars = (value: number) => Math.round(value * 1e8) / 1e8;

const COMBINED = 'combine';
const techniqueDisplay = (technique: string | null) => {
  if (technique === null) return 'Unknown';
  return technique === COMBINED ? 'Combined ideas' : typeDisplayName(technique);
};

async function refuseMissing(db: Db, query: InsightsQuery) {
  const missing = (field: string, id: number) =>
    fieldError(field, `Invalid pk "${id}" - object does not exist.`);
  if (query.brainstorm !== undefined && !(await findBrainstorm(db, query.brainstorm))) {
    throw missing('brainstorm', query.brainstorm);
  }
  if (query.project !== undefined && !(await projectExists(db, query.project))) {
    throw missing('project', query.project);
  }
}

function toRow(config: InsightsConfig, figures: ModelFigures, price: ModelPrice | null) {
  const cost = costOf(price, figures.inputTokens, figures.outputTokens);
  const provider = config.providers.find((p) => p.key === figures.provider);
  return {
    provider: figures.provider,
    provider_name: provider?.name ?? figures.provider,
    model: figures.model,
    technique: figures.technique,
    technique_display: techniqueDisplay(figures.technique),
    ideas: figures.ideas,
    kept: figures.kept,
    hidden: figures.hidden,
    down_voted: figures.downVoted,
    near_duplicates: figures.nearDuplicates,
    failed: figures.failed,
    input_tokens: figures.inputTokens,
    output_tokens: figures.outputTokens,
    cost: cost === null ? null : dollars(cost),
    cost_per_kept_idea: cost === null || figures.kept === 0 ? null : dollars(cost / figures.kept),
  } satisfies ModelInsightDto;
}

const COUNTED = [
  'ideas',
  'kept',
  'hidden',
  'down_voted',
  'near_duplicates',
  'failed',
  'input_tokens',
  'output_tokens',
] as const;

/** The rows summed; cost only over the priced rows, whose tokens the others' are apart from. */
function totalsOf(rows: ModelInsightDto[]): ModelInsightsDto['totals'] {
  const sum = (of: ModelInsightDto[], pick: (row: ModelInsightDto) => number) =>
    of.reduce((total, row) => total + pick(row), 0);
  const counted = Object.fromEntries(COUNTED.map((key) => [key, sum(rows, (row) => row[key])]));
  const priced = rows.filter((row) => row.cost !== null);
  const unpriced = rows.filter((row) => row.cost === null);
  const cost =
    rows.length > 0 && priced.length === 0 ? null : dollars(sum(priced, (r) => r.cost ?? 0));
  const keptPriced = sum(priced, (row) => row.kept);
  return {
    ...(counted as Record<(typeof COUNTED)[number], number>),
    cost,
    cost_per_kept_idea: cost === null || keptPriced === 0 ? null : dollars(cost / keptPriced),
    unpriced_tokens: sum(unpriced, (row) => row.input_tokens + row.output_tokens),
  };
}

/** Which model earns its cost: the figures per (provider, model, technique), and the prices. */
export async function modelInsights(
  { db, config, figures: shared }: InsightsContext,
  query: InsightsQuery,
): Promise<ModelInsightsDto> {
  await refuseMissing(db, query);
  const key = JSON.stringify([query.brainstorm, query.project, query.since?.toISOString()]);
  const figures = await shared.read(key, () =>
    repo.modelFigures(db, query, BRAINSTORM_TYPE_VALUES),
  );
  const used = new Set<ModelPrice>();
  const rows = figures.map((row) => {
    const price = priceOf(config.modelPrices, row.provider, row.model ?? '');
    if (price) used.add(price);
    return toRow(config, row, price);
  });
  const prices = [...config.modelPrices]
    .sort((a, b) => a.provider.localeCompare(b.provider) || a.model.localeCompare(b.model))
    .map((price) => ({
      provider: price.provider,
      model: price.model,
      input: price.input,
      output: price.output,
      source: price.source,
      as_of: price.asOf,
      used: used.has(price),
    }));
  return { rows, totals: totalsOf(rows), prices };
}
