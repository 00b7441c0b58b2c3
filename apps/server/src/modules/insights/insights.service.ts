import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { fieldError } from '../../lib/errors.js';
import type { SharedReads } from '../../lib/shared-reads.js';
import { BRAINSTORM_TYPE_VALUES, typeDisplayName } from '../brainstorms/brainstorm-types.js';
import { findBrainstorm } from '../brainstorms/brainstorms.service.js';
import { projectExists } from '../projects/projects.service.js';
import * as repo from './insights.repository.js';
import type { ModelFigures, ModelKey } from './insights.repository.js';
import {
  MIN_GROUP_IDEAS,
  type InsightsQuery,
  type ModelInsightDto,
  type ModelInsightsDto,
} from './insights.schemas.js';
import { costOf, priceOf, type ModelPrice } from './model-prices.js';

export type InsightsConfig = Pick<Config, 'providers' | 'modelPrices'>;

export interface InsightsContext {
  db: Db;
  config: InsightsConfig;
  /**
   * The team-wide figures are the same for every caller: a crowd asking at once shares reads.
   * Only the reviews of ideas under blind review are read for each caller.
   */
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

/** A group's figures as the caller may see them: its ideas under blind review, as reviewed. */
interface CallersFigures extends ModelFigures {
  unreviewedBlind: number;
}

const keyOf = (row: ModelKey) => JSON.stringify([row.provider, row.model, row.technique]);

/**
 * Adds to the team's figures the reviews of the ideas under blind review that the caller has
 * reviewed (decision 026); the others stay out of kept, hidden and down_voted.
 */
async function callersFigures(
  db: Db,
  user: UserRow,
  query: InsightsQuery,
  figures: ModelFigures[],
): Promise<CallersFigures[]> {
  const reviewed = figures.some((row) => row.blindIdeas > 0)
    ? await repo.reviewedBlindFigures(db, query, user.id)
    : [];
  const byKey = new Map(reviewed.map((row) => [keyOf(row), row]));
  return figures.map((row) => {
    const seen = byKey.get(keyOf(row));
    return {
      ...row,
      kept: row.kept + (seen?.kept ?? 0),
      hidden: row.hidden + (seen?.hidden ?? 0),
      downVoted: row.downVoted + (seen?.downVoted ?? 0),
      unreviewedBlind: row.blindIdeas - (seen?.ideas ?? 0),
    };
  });
}

function toRow(config: InsightsConfig, figures: CallersFigures, price: ModelPrice | null) {
  const cost = costOf(price, figures.inputTokens, figures.outputTokens);
  const provider = config.providers.find((p) => p.key === figures.provider);
  // A row of slots alone (no idea stored) has nothing to tell: its counts are 0.
  const withheld = figures.ideas > 0 && figures.ideas - figures.unreviewedBlind < MIN_GROUP_IDEAS;
  const kept = withheld ? null : figures.kept;
  const everyIdeaCounted = kept !== null && figures.unreviewedBlind === 0;
  return {
    provider: figures.provider,
    provider_name: provider?.name ?? figures.provider,
    model: figures.model,
    technique: figures.technique,
    technique_display: techniqueDisplay(figures.technique),
    ideas: figures.ideas,
    unreviewed_blind: figures.unreviewedBlind,
    kept,
    hidden: withheld ? null : figures.hidden,
    down_voted: withheld ? null : figures.downVoted,
    private_counts_withheld: withheld,
    near_duplicates: figures.nearDuplicates,
    failed: figures.failed,
    input_tokens: figures.inputTokens,
    output_tokens: figures.outputTokens,
    cost: cost === null ? null : dollars(cost),
    cost_per_kept_idea:
      cost === null || !everyIdeaCounted || kept === 0 ? null : dollars(cost / kept),
  } satisfies ModelInsightDto;
}

const COUNTED = [
  'ideas',
  'unreviewed_blind',
  'kept',
  'hidden',
  'down_voted',
  'near_duplicates',
  'failed',
  'input_tokens',
  'output_tokens',
] as const;

/**
 * The rows summed; a withheld count adds nothing (a total over every row would give it away,
 * less the others). Cost is only over the priced rows, whose tokens the others' are apart from,
 * and cost per kept idea only when every priced row's kept counts all its ideas.
 */
function totalsOf(rows: ModelInsightDto[]): ModelInsightsDto['totals'] {
  const sum = (of: ModelInsightDto[], pick: (row: ModelInsightDto) => number | null) =>
    of.reduce((total, row) => total + (pick(row) ?? 0), 0);
  const counted = Object.fromEntries(COUNTED.map((key) => [key, sum(rows, (row) => row[key])]));
  const priced = rows.filter((row) => row.cost !== null);
  const unpriced = rows.filter((row) => row.cost === null);
  const cost = rows.length > 0 && priced.length === 0 ? null : dollars(sum(priced, (r) => r.cost));
  const keptPriced = sum(priced, (row) => row.kept);
  const everyIdeaCounted = priced.every(
    (row) => !row.private_counts_withheld && row.unreviewed_blind === 0,
  );
  return {
    ...(counted as Record<(typeof COUNTED)[number], number>),
    withheld_ideas: sum(rows, (row) => (row.private_counts_withheld ? row.ideas : 0)),
    cost,
    cost_per_kept_idea:
      cost === null || !everyIdeaCounted || keptPriced === 0 ? null : dollars(cost / keptPriced),
    unpriced_tokens: sum(unpriced, (row) => row.input_tokens + row.output_tokens),
  };
}

/** Which model earns its cost: the figures per (provider, model, technique), and the prices. */
export async function modelInsights(
  { db, config, figures: shared }: InsightsContext,
  user: UserRow,
  query: InsightsQuery,
): Promise<ModelInsightsDto> {
  await refuseMissing(db, query);
  const key = JSON.stringify([query.brainstorm, query.project, query.since?.toISOString()]);
  const teams = await shared.read(key, () => repo.modelFigures(db, query, BRAINSTORM_TYPE_VALUES));
  const figures = await callersFigures(db, user, query, teams);
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
  return { rows, totals: totalsOf(rows), prices, min_group_ideas: MIN_GROUP_IDEAS };
}
