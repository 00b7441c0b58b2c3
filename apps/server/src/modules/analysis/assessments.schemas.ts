import { z } from 'zod';

/** The most ideas the brainstorm's list of assessments holds: its newest assessed ones. */
export const MAX_LISTED_ASSESSMENTS = 1000;
/** The most assessments one idea's history shows: its newest. */
export const MAX_HISTORY = 100;

const score = (what: string) => z.number().int().describe(`${what}, 1 to 5.`);

/** A model's scores for one idea, apart from the team's votes. */
export const ideaAssessmentSchema = z
  .object({
    idea: z.number().int(),
    title: z.string().describe("The idea's title now."),
    theme: z.number().int().nullable().describe('The theme the idea is sorted into, if any.'),
    votes: z
      .number()
      .int()
      .nullable()
      .describe("The team's vote total; null under blind review until the caller reviewed it."),
    impact: score('Impact: 1 barely changes the problem, 5 transforms it'),
    effort: score("Effort: 1 an afternoon's work, 5 a major programme"),
    novelty: score('Novelty: 1 common practice, 5 not seen before'),
    reasons: z
      .object({ impact: z.string(), effort: z.string(), novelty: z.string() })
      .describe("The model's one-line reason for each score."),
    provider: z.string(),
    model: z.string().describe('The model that gave the scores.'),
    analysis: z.number().int().describe('The assessing step that gave them.'),
    created: z.iso.datetime(),
  })
  .meta({ id: 'IdeaAssessment' });
export type IdeaAssessmentDto = z.infer<typeof ideaAssessmentSchema>;

export const disagreementItemSchema = z
  .object({
    idea: z.number().int(),
    title: z.string(),
    impact: z.number().int().describe('The assessed impact, 1 to 5.'),
    votes: z.number().int().describe("The team's vote total."),
    gap: z
      .number()
      .describe(
        "The idea's impact percentile minus its votes percentile, -1 to 1: positive where the " +
          'model rates it above the team, negative where the team does.',
      ),
  })
  .meta({ id: 'DisagreementItem' });
export type DisagreementItemDto = z.infer<typeof disagreementItemSchema>;

export const disagreementsSchema = z
  .object({
    model_favours: z
      .array(disagreementItemSchema)
      .describe('High assessed impact, few votes: the largest gap first.'),
    team_favours: z
      .array(disagreementItemSchema)
      .describe('Many votes, low assessed impact: the most negative gap first.'),
  })
  .meta({ id: 'Disagreements' });
export type DisagreementsDto = z.infer<typeof disagreementsSchema>;
