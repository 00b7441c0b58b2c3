import { z } from 'zod';
import { ANALYSIS_KINDS, ANALYSIS_STATUSES } from '../../db/schema/sense-making.js';
import { idField } from '../../lib/http-schemas.js';
import { paginationQuery } from '../../lib/pagination.js';

/** The most ideas a ranking compares: the top N by votes (decision 027). */
export const MAX_RANKED_IDEAS = 50;
/** How many ideas 'Combine' merges. */
export const COMBINED_IDEAS = { min: 2, max: 4 } as const;
/** The most ideas one run of themes or assessments reads: the brainstorm's newest. */
export const MAX_ANALYSED_IDEAS = 1000;

const kindDescription =
  "'themes' proposes themes, 'assess' scores impact, effort and novelty, 'rank' runs a " +
  "tournament over the top ideas, 'combine' merges 2 to 4 ideas into a new one, 'repeats' " +
  'asks the model which ideas repeat a near earlier one in other words, and stacks them.';

/** What a sense-making step is asked to do, with which provider and model. */
export const analysisRequestBody = z
  .object({
    kind: z
      .enum(ANALYSIS_KINDS, {
        error: "Must be one of 'themes', 'assess', 'rank', 'combine', 'repeats'.",
      })
      .describe(kindDescription),
    provider: z.string().trim().min(1).max(100),
    model: z.string().trim().min(1).max(200),
    ideas: z
      .array(idField)
      .min(1)
      .max(MAX_ANALYSED_IDEAS)
      .optional()
      .describe(
        "The ideas to work on: required for 'combine' (2 to 4), optional for 'assess' " +
          "(default: the newest 1,000 not stacked as near-duplicates) and 'repeats' (the " +
          'newest 200), ignored otherwise.',
      ),
    top: z
      .number()
      .int()
      .min(2)
      .max(MAX_RANKED_IDEAS)
      .optional()
      .describe(
        `'rank': how many of the most up-voted ideas to rank (2 to ${MAX_RANKED_IDEAS}; 20 if absent).`,
      ),
  })
  .meta({ id: 'AnalysisRequest' });
export type AnalysisRequest = z.infer<typeof analysisRequestBody>;

/** What a run will cost at most, before it starts. */
export const analysisPlanSchema = z
  .object({
    kind: z.enum(ANALYSIS_KINDS),
    ideas: z.number().int().describe('How many ideas it works on.'),
    calls: z.number().int().describe('Provider calls it makes, retries aside.'),
    rounds: z.number().int().nullable().describe("'rank': the Swiss rounds it plays."),
    max_tokens: z
      .number()
      .int()
      .describe('The most tokens its calls may use, reserved against the daily budgets.'),
    method: z
      .enum(['model', 'keywords'])
      .describe("'keywords' when the offline provider clusters by shared words, without a model."),
  })
  .meta({ id: 'AnalysisPlan' });
export type AnalysisPlanDto = z.infer<typeof analysisPlanSchema>;

const themeProposalSchema = z.object({
  name: z.string(),
  description: z.string(),
  ideas: z.array(z.number().int()),
});

const rankedIdeaSchema = z.object({
  idea: z.number().int(),
  title: z.string().describe("The idea's title now; empty once the idea was deleted."),
  rating: z.number().describe('Elo-style rating: 1000 to start, 32 points at stake per match.'),
  wins: z.number().int(),
  losses: z.number().int(),
  votes: z
    .number()
    .int()
    .nullable()
    .describe("The team's vote total; null under blind review until the caller reviewed it."),
});

export const analysisResultSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('themes'),
      themes: z.array(themeProposalSchema).describe('3 to 12 proposed themes.'),
      unsorted: z.array(z.number().int()).describe('Ideas that fit no theme: never forced.'),
    }),
    z.object({
      kind: z.literal('assess'),
      assessed: z.number().int(),
      skipped: z.number().int().describe('Ideas the model gave no usable scores for.'),
    }),
    z.object({
      kind: z.literal('rank'),
      ideas: z.array(rankedIdeaSchema).describe('Best rated first.'),
      correlation: z
        .number()
        .nullable()
        .describe(
          "Spearman's rank correlation between rating and votes, -1 to 1; null when the " +
            'votes are hidden or all equal.',
        ),
    }),
    z.object({
      kind: z.literal('combine'),
      idea: z.number().int().nullable().describe('The combined idea; null once deleted.'),
    }),
    z.object({
      kind: z.literal('repeats'),
      judged: z
        .number()
        .int()
        .describe('Pairs of an idea and a near earlier one the model judged.'),
      stacked: z.number().int().describe('Ideas it judged repeats, stacked under the earlier.'),
    }),
  ])
  .meta({ id: 'AnalysisResult' });
export type AnalysisResultDto = z.infer<typeof analysisResultSchema>;

export const analysisSchema = z
  .object({
    id: z.number().int(),
    brainstorm: z.number().int(),
    kind: z.enum(ANALYSIS_KINDS),
    status: z.enum(ANALYSIS_STATUSES),
    provider: z.string(),
    model: z.string(),
    method: z.enum(['model', 'keywords']),
    created_by: z.number().int(),
    ideas: z.array(z.number().int()).describe('The ideas it works on, as chosen when it started.'),
    calls_planned: z.number().int(),
    calls_made: z.number().int().describe('Provider calls made so far, retries included.'),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    error: z.string().nullable().describe('Why it failed, once it has.'),
    result: analysisResultSchema.nullable().describe('Once it is done.'),
    applied: z.iso.datetime().nullable().describe('A themes proposal: when it was applied.'),
    applied_by: z.number().int().nullable(),
    created: z.iso.datetime(),
    started: z.iso.datetime().nullable(),
    finished: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Analysis' });
export type AnalysisDto = z.infer<typeof analysisSchema>;

export const analysisListQuery = paginationQuery.extend({
  kind: z.enum(ANALYSIS_KINDS).optional(),
});

export const comparisonSchema = z
  .object({
    round: z.number().int(),
    idea_a: z.number().int(),
    idea_b: z.number().int(),
    winner: z.number().int(),
    reason: z.string(),
  })
  .meta({ id: 'RankingComparison' });
export type ComparisonDto = z.infer<typeof comparisonSchema>;
