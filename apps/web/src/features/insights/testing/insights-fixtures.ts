import type { InsightTotals, ModelInsight, ModelInsights, ModelPrice } from '../api/types';

export function insightRow(overrides: Partial<ModelInsight> = {}): ModelInsight {
  return {
    provider: 'openai',
    provider_name: 'OpenAI',
    model: 'gpt-5',
    technique: 'classic',
    technique_display: 'Classic Brainstorm',
    ideas: 10,
    unreviewed_blind: 0,
    kept: 4,
    hidden: 1,
    down_voted: 2,
    private_counts_withheld: false,
    near_duplicates: 1,
    failed: 0,
    input_tokens: 12_000,
    output_tokens: 3_000,
    cost: 0.045,
    cost_per_kept_idea: 0.01125,
    ...overrides,
  };
}

export const gptPrice: ModelPrice = {
  provider: 'openai',
  model: 'gpt-5',
  input: 1.25,
  output: 10,
  source: 'https://openai.com/api/pricing/',
  as_of: '2025-10-15',
  used: true,
};

export function insightsAnswer(rows: ModelInsight[] = [insightRow()]): ModelInsights {
  const totals: InsightTotals = {
    ideas: rows.reduce((sum, row) => sum + row.ideas, 0),
    unreviewed_blind: rows.reduce((sum, row) => sum + row.unreviewed_blind, 0),
    kept: rows.reduce((sum, row) => sum + (row.kept ?? 0), 0),
    hidden: 0,
    down_voted: 0,
    withheld_ideas: rows.reduce(
      (sum, row) => sum + (row.private_counts_withheld ? row.ideas : 0),
      0,
    ),
    near_duplicates: 0,
    failed: 0,
    input_tokens: 0,
    output_tokens: 0,
    cost: 0.045,
    cost_per_kept_idea: 0.01125,
    unpriced_tokens: 0,
  };
  return { rows, totals, prices: [gptPrice], min_group_ideas: 5 };
}
