import type { GenerationLimits } from '../../config.js';
import type { ProviderConfig } from '../providers/providers.config.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { tokensUsedToday } from '../generation/generation.service.js';
import { costOf, priceOf, type ModelPrice } from '../insights/model-prices.js';
import type { SpendDto, Usage } from './dashboard.schemas.js';
import { selectUsageSince, type UsageRow } from './spend.repository.js';

export interface SpendContext {
  db: Db;
  limits: GenerationLimits;
  prices: readonly ModelPrice[];
  providers: readonly Pick<ProviderConfig, 'key' | 'name'>[];
}

export const startOfUtcMonth = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * Tokens and dollars of some rows. A model without a price adds its tokens to `unpriced_tokens`
 * and nothing to `cost`; `cost` is null when tokens were used and none of them had a price, so
 * that unpriced use never reads as free (decision 030).
 */
function sumUsage(rows: readonly UsageRow[], prices: readonly ModelPrice[]): Usage {
  const usage: Usage = { input_tokens: 0, output_tokens: 0, cost: 0, unpriced_tokens: 0 };
  let priced = 0;
  for (const row of rows) {
    usage.input_tokens += row.inputTokens;
    usage.output_tokens += row.outputTokens;
    const cost = costOf(
      priceOf(prices, row.provider, row.model),
      row.inputTokens,
      row.outputTokens,
    );
    if (cost === null) usage.unpriced_tokens += row.inputTokens + row.outputTokens;
    else {
      usage.cost = (usage.cost ?? 0) + cost;
      priced += row.inputTokens + row.outputTokens;
    }
  }
  if (priced === 0 && usage.unpriced_tokens > 0) usage.cost = null;
  return usage;
}

function byModel(rows: readonly UsageRow[], { prices, providers }: SpendContext) {
  const models = new Map<string, UsageRow[]>();
  for (const row of rows) {
    const key = `${row.provider}\u0000${row.model}`;
    models.set(key, [...(models.get(key) ?? []), row]);
  }
  return [...models.values()].map((group) => {
    const [{ provider, model } = { provider: '', model: '' }] = group;
    const usage = sumUsage(group, prices);
    const price = priceOf(prices, provider, model);
    return {
      provider,
      provider_name: providers.find((p) => p.key === provider)?.name ?? provider,
      model,
      input_tokens: usage.input_tokens,
      output_tokens: usage.output_tokens,
      cost: price ? usage.cost : null,
    };
  });
}

/** This UTC month's tokens and cost, the caller's and the team's, and today's use of the budgets. */
export async function getSpend(
  ctx: SpendContext,
  user: UserRow,
  now = new Date(),
): Promise<SpendDto> {
  const monthStart = startOfUtcMonth(now);
  const [rows, meToday, teamToday] = await Promise.all([
    selectUsageSince(ctx.db, monthStart, user.id),
    tokensUsedToday(ctx.db, now, user.id),
    tokensUsedToday(ctx.db, now),
  ]);
  return {
    month_start: monthStart.toISOString(),
    me: sumUsage(
      rows.filter((row) => row.mine),
      ctx.prices,
    ),
    team: sumUsage(rows, ctx.prices),
    today: {
      me_tokens: meToday,
      team_tokens: teamToday,
      daily_tokens_per_user: ctx.limits.dailyTokensPerUser,
      daily_tokens_total: ctx.limits.dailyTokensTotal,
    },
    by_model: byModel(rows, ctx),
  };
}
