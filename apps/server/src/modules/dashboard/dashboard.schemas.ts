import { z } from 'zod';

const brainstormRef = z
  .object({ id: z.number().int(), title: z.string() })
  .meta({ id: 'DashboardBrainstormRef' });
const projectRef = z
  .object({ id: z.number().int(), name: z.string() })
  .nullable()
  .describe('The project the brainstorm belongs to, if any.');
const person = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'DashboardPerson' });
const ideaRef = z
  .object({ id: z.number().int(), title: z.string() })
  .meta({ id: 'DashboardIdeaRef' });

export const reviewQueueSchema = z
  .object({
    total: z
      .number()
      .int()
      .describe('Ideas the caller has yet to review, over every brainstorm, listed or not.'),
    brainstorms_total: z.number().int().describe('Brainstorms holding any of them.'),
    results: z.array(
      z.object({
        brainstorm: brainstormRef.extend({ project: projectRef }),
        unreviewed: z.number().int(),
        ideas_count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'DashboardReviewQueue' });

export const recentBrainstormsQuery = z.object({
  scope: z
    .enum(['team', 'mine'])
    .default('team')
    .describe("The team's brainstorms, or only those the caller created."),
});

export const recentBrainstormsSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        type_display: z.string(),
        project: projectRef,
        ideas_count: z.number().int(),
        created_by: person,
        last_activity: z.iso
          .datetime()
          .describe('The newest of its change, its newest idea and its newest generation.'),
      }),
    ),
  })
  .meta({ id: 'DashboardRecentBrainstorms' });

export const ACTIVITY_LIMIT = { default: 20, max: 50 } as const;

export const activityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_LIMIT.max).default(ACTIVITY_LIMIT.default),
});

const generationItem = z.object({
  kind: z.literal('generation'),
  id: z.number().int(),
  who: person,
  requested: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  status: z.string(),
  provider: z.string(),
  model: z.string(),
  brainstorm: brainstormRef,
  at: z.iso.datetime(),
});
const commentItem = z.object({
  kind: z.literal('comment'),
  id: z.number().int(),
  author: person,
  excerpt: z.string().describe('The comment, cut to 160 characters at most.'),
  idea: ideaRef,
  brainstorm: brainstormRef,
  at: z.iso.datetime(),
});
const pinItem = z.object({
  kind: z.literal('pin'),
  idea: ideaRef,
  brainstorm: brainstormRef,
  pins: z.number().int().describe('How many people pinned it; never who.'),
  at: z.iso.datetime().describe('When the latest pin was made.'),
});

export const activitySchema = z
  .object({
    results: z.array(z.discriminatedUnion('kind', [generationItem, commentItem, pinItem])),
  })
  .meta({ id: 'DashboardActivity' });

const usage = z.object({
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost: z
    .number()
    .nullable()
    .describe('US dollars for the priced tokens; null when tokens were used and none is priced.'),
  unpriced_tokens: z.number().int().describe('Tokens of models the price table has no price for.'),
});

export const spendSchema = z
  .object({
    month_start: z.iso.datetime(),
    me: usage,
    team: usage,
    today: z.object({
      me_tokens: z.number().int(),
      team_tokens: z.number().int(),
      daily_tokens_per_user: z.number().int(),
      daily_tokens_total: z.number().int(),
    }),
    by_model: z.array(
      z.object({
        provider: z.string(),
        provider_name: z
          .string()
          .describe("The provider's name as users see it, or its key once it is no longer set up."),
        model: z.string(),
        input_tokens: z.number().int(),
        output_tokens: z.number().int(),
        cost: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'DashboardSpend' });

export type ReviewQueueDto = z.infer<typeof reviewQueueSchema>;
export type RecentBrainstormsDto = z.infer<typeof recentBrainstormsSchema>;
export type ActivityDto = z.infer<typeof activitySchema>;
export type ActivityItem = ActivityDto['results'][number];
export type SpendDto = z.infer<typeof spendSchema>;
export type Usage = z.infer<typeof usage>;
