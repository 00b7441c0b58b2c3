import { z } from 'zod';
import { dateBoundParam } from '../../lib/dates.js';
import { idParam } from '../../lib/http-schemas.js';

export const insightsQuery = z.object({
  brainstorm: idParam.optional().describe("Only this brainstorm's ideas and generations."),
  project: idParam
    .optional()
    .describe("Only the ideas and generations of the project's brainstorms."),
  since: dateBoundParam('start')
    .optional()
    .describe('Only ideas and generations created on or after this date or moment.'),
});
export type InsightsQuery = z.infer<typeof insightsQuery>;

const cost = z.number().nullable();

export const modelInsightSchema = z
  .object({
    provider: z.string(),
    provider_name: z
      .string()
      .describe('The configured display name, or the key when the provider is set up no longer.'),
    model: z.string().nullable(),
    technique: z.string().nullable().describe('The brainstorm type the ideas were asked with.'),
    technique_display: z.string(),
    ideas: z.number().int().describe('Ideas generated and stored.'),
    kept: z.number().int().describe('Of those, up-voted, bookmarked or pinned by anyone.'),
    hidden: z.number().int().describe('Of those, hidden by anyone.'),
    down_voted: z.number().int().describe('Of those, down-voted by anyone.'),
    near_duplicates: z.number().int().describe('Of those, stacked under another idea.'),
    failed: z.number().int().describe('Generation slots that failed finally.'),
    input_tokens: z.number().int().describe("Every slot's, failed ones too."),
    output_tokens: z.number().int(),
    cost: cost.describe('Dollars at the price table; null when the model has no price.'),
    cost_per_kept_idea: cost.describe('Null when cost is null or nothing was kept.'),
  })
  .meta({ id: 'ModelInsight' });
export type ModelInsightDto = z.infer<typeof modelInsightSchema>;

export const modelPriceSchema = z
  .object({
    provider: z.string(),
    model: z.string().describe("A model's id, or * for every model of the provider."),
    input: z.number().describe('Dollars per million input tokens.'),
    output: z.number().describe('Dollars per million output tokens.'),
    source: z.string(),
    as_of: z.string().nullable().describe('When the figure was read from its source.'),
    used: z.boolean().describe('Whether a row of this answer is costed at it.'),
  })
  .meta({ id: 'ModelPrice' });

export const modelInsightsSchema = z
  .object({
    rows: z.array(modelInsightSchema),
    totals: modelInsightSchema
      .pick({
        ideas: true,
        kept: true,
        hidden: true,
        down_voted: true,
        near_duplicates: true,
        failed: true,
        input_tokens: true,
        output_tokens: true,
      })
      .extend({
        cost: cost.describe(
          "The priced rows' cost; null when there are rows and none has a price.",
        ),
        cost_per_kept_idea: cost.describe('cost over the ideas kept of the priced rows.'),
        unpriced_tokens: z
          .number()
          .int()
          .describe('Input and output tokens of the rows without a price, left out of cost.'),
      }),
    prices: z.array(modelPriceSchema).describe('The price table, every entry.'),
  })
  .meta({ id: 'ModelInsights' });
export type ModelInsightsDto = z.infer<typeof modelInsightsSchema>;
