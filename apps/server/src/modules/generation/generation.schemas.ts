import { z } from 'zod';
import { GENERATION_STATUSES, SLOT_STATUSES } from '../../db/schema/generations.js';
import { paginationQuery } from '../../lib/pagination.js';

export const MAX_WORKERS = 50;
export const MAX_TOKENS_LIMIT = 8000;

/** How many candidates each slot asks its provider for, by the payload's `variety`. */
export const CANDIDATES_BY_VARIETY = { normal: 1, high: 3 } as const;
export type Variety = keyof typeof CANDIDATES_BY_VARIETY;
const VARIETIES = ['normal', 'high'] as const;

export const varietyOf = (candidates: number): Variety => (candidates > 1 ? 'high' : 'normal');

const workerParamsSchema = z.object({
  provider: z.string().trim().min(1).max(100),
  model: z.string().trim().min(1).max(200),
  settings: z
    .object({
      temperature: z.number().min(0).max(2).default(0.7),
      max_tokens: z.number().int().min(1).max(MAX_TOKENS_LIMIT).default(1000),
    })
    .default({ temperature: 0.7, max_tokens: 1000 }),
});

/** The generation payload of the spec: one `worker_params` entry per idea. */
export const generationRequestBody = z
  .object({
    num_workers: z.number().int().min(1).max(MAX_WORKERS),
    worker_params: z.array(workerParamsSchema).min(1).max(MAX_WORKERS),
    // Optional rather than defaulted, so that the document shows it as optional: absent is on.
    steer: z
      .boolean()
      .optional()
      .describe("Whether the team's liked and rejected ideas steer the prompts; on unless false."),
    variety: z
      .enum(VARIETIES, { error: "Must be 'normal' or 'high'." })
      .optional()
      .describe(
        "'high' asks each provider call for 3 candidates and keeps the one least like the " +
          "brainstorm's ideas (about 3 times the output tokens); 'normal' (the default) asks for one.",
      ),
  })
  .meta({ id: 'GenerationRequest' });
export type GenerationRequest = z.infer<typeof generationRequestBody>;

const slotSchema = z
  .object({
    slot: z.number().int(),
    provider: z.string(),
    model: z.string(),
    angle: z.string().describe('The direction this idea was asked to take.'),
    status: z.enum(SLOT_STATUSES),
    attempts: z.number().int().describe('Provider calls made so far.'),
    error: z.string().nullable().describe('Why the idea failed, once it has.'),
    idea: z.number().int().nullable(),
    input_tokens: z.number().int().nullable(),
    output_tokens: z.number().int().nullable(),
  })
  .meta({ id: 'GenerationSlot' });

export const generationSchema = z
  .object({
    id: z.number().int(),
    brainstorm: z.number().int(),
    created_by: z.number().int(),
    status: z.enum(GENERATION_STATUSES),
    requested: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    variety: z
      .enum(VARIETIES)
      .describe("'high' when each idea was chosen from 3 candidates, else 'normal'."),
    stacked: z
      .number()
      .int()
      .describe('Of the ideas stored, how many were stacked as near-duplicates of others.'),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    failures: z
      .array(z.object({ reason: z.string(), count: z.number().int() }))
      .describe('The reasons of failed ideas, most frequent first.'),
    slots: z.array(slotSchema),
    steering: z
      .object({
        liked: z.array(z.number().int()),
        rejected: z.array(z.number().int()),
        inspired_by: z.number().int().nullable(),
        direction: z.enum(['develop', 'flip']).nullable(),
      })
      .nullable()
      .describe(
        "What steered the prompts: the team's liked and rejected ideas, and the idea a " +
          "'More like this' (develop) or 'Flip it' (flip) started from; null when nothing did. " +
          'With steering_hidden, liked and rejected are left out: null, or empty lists beside ' +
          'the idea it started from.',
      ),
    steering_hidden: z
      .boolean()
      .describe(
        'Blind review (decision 026): the brainstorm is under blind review and the caller has ' +
          'not reviewed every idea that was in it when this generation was made, so the liked ' +
          "and rejected ideas, chosen from those ideas' votes, are withheld. False everywhere " +
          'else.',
      ),
    created: z.iso.datetime(),
    started: z.iso.datetime().nullable(),
    finished: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Generation' });
export type GenerationDto = z.infer<typeof generationSchema>;

export const generationListQuery = paginationQuery;

const steeringIdeaSchema = z.object({ id: z.number().int(), title: z.string() });

export const steeringSchema = z
  .object({
    liked: z.array(steeringIdeaSchema).describe('Up-voted, pinned or bookmarked by several.'),
    rejected: z.array(steeringIdeaSchema).describe('Down-voted or hidden by several.'),
  })
  .meta({ id: 'Steering' });
export type SteeringDto = z.infer<typeof steeringSchema>;
