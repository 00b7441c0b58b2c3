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

/**
 * The fewest ideas a row's private counts are taken over (decision 031): below it, kept, hidden
 * and down_voted could tell what one person bookmarked, hid or voted on one idea.
 */
export const MIN_GROUP_IDEAS = 5;

const privateCount = (description: string) =>
  z.number().int().nullable().describe(`${description} Null when private_counts_withheld.`);

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
    unreviewed_blind: z
      .number()
      .int()
      .describe(
        'Of those, the ideas of a brainstorm under blind review that the caller has not ' +
          'reviewed (decision 026): kept, hidden and down_voted leave them out.',
      ),
    kept: privateCount('Of the others, up-voted, bookmarked or pinned by anyone.'),
    hidden: privateCount('Of the others, hidden by anyone.'),
    down_voted: privateCount('Of the others, down-voted by anyone.'),
    private_counts_withheld: z
      .boolean()
      .describe(
        `kept, hidden and down_voted are withheld (null): the row has ideas, and they would ` +
          `be counted over fewer than ${MIN_GROUP_IDEAS} (ideas less unreviewed_blind), which ` +
          'could tell what one person bookmarked, hid or voted (decision 031).',
      ),
    near_duplicates: z.number().int().describe('Of those, stacked under another idea.'),
    failed: z.number().int().describe('Generation slots that failed finally.'),
    input_tokens: z.number().int().describe("Every slot's, failed ones too."),
    output_tokens: z.number().int(),
    cost: cost.describe('Dollars at the price table; null when the model has no price.'),
    cost_per_kept_idea: cost.describe(
      'Null when cost is null, when nothing was kept, or when kept does not count every idea ' +
        '(unreviewed_blind, private_counts_withheld).',
    ),
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
        unreviewed_blind: true,
        near_duplicates: true,
        failed: true,
        input_tokens: true,
        output_tokens: true,
      })
      .extend({
        kept: z.number().int().describe("The rows' kept, of those that show it."),
        hidden: z.number().int().describe("The rows' hidden, of those that show it."),
        down_voted: z.number().int().describe("The rows' down_voted, of those that show it."),
        withheld_ideas: z
          .number()
          .int()
          .describe(
            'The ideas of the rows whose private counts are withheld: kept, hidden and ' +
              'down_voted leave them out, as they leave out unreviewed_blind.',
          ),
        cost: cost.describe(
          "The priced rows' cost; null when there are rows and none has a price.",
        ),
        cost_per_kept_idea: cost.describe(
          'cost over the ideas kept of the priced rows; null when the kept of a priced row ' +
            'does not count every idea.',
        ),
        unpriced_tokens: z
          .number()
          .int()
          .describe('Input and output tokens of the rows without a price, left out of cost.'),
      }),
    prices: z.array(modelPriceSchema).describe('The price table, every entry.'),
    min_group_ideas: z
      .number()
      .int()
      .describe(
        'The fewest ideas kept, hidden and down_voted are counted over; a row with fewer ' +
          'withholds them (private_counts_withheld).',
      ),
  })
  .meta({ id: 'ModelInsights' });
export type ModelInsightsDto = z.infer<typeof modelInsightsSchema>;
