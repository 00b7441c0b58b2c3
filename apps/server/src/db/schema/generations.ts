import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { brainstorms } from './brainstorms.js';
import type { GenerationSettings } from './ideas.js';
import { users } from './users.js';

export const GENERATION_STATUSES = [
  'queued',
  'running',
  'done',
  'failed',
  'partly_failed',
] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

export const SLOT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** The direction one slot was given, kept so a retried job asks the same question. */
export interface SlotAngle {
  key: string;
  label: string;
  instruction: string;
  theme?: string;
}

/** What a generation's prompts carry of the team's reviews (decision 025). */
export interface GenerationSteering {
  liked: number[];
  rejected: number[];
  /** The idea a 'More like this' develops, or a 'Flip it' turns round. */
  inspiredBy?: number;
  direction?: 'develop' | 'flip';
}

/**
 * One request for ideas: who asked, when, and how it went. The counters and the status are
 * updated in the same transaction that finishes a slot, so they always agree with the slots.
 * `reserved_tokens` holds the most the unfinished slots may still use, so the token budgets
 * count work in flight and two requests at once cannot both slip under a limit.
 * `unreported_tokens` holds what calls cut off before their usage came back (a crash, a
 * timeout) may have cost: their reservation, which the budgets keep counting.
 */
export const generations = pgTable(
  'generations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brainstormId: integer()
      .notNull()
      .references(() => brainstorms.id, { onDelete: 'cascade' }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    requested: integer().notNull(),
    succeeded: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    status: text().$type<GenerationStatus>().notNull().default('queued'),
    inputTokens: integer().notNull().default(0),
    outputTokens: integer().notNull().default(0),
    reservedTokens: integer().notNull().default(0),
    unreportedTokens: integer().notNull().default(0),
    /** Of the ideas stored, how many were stacked as near-duplicates. */
    stacked: integer().notNull().default(0),
    /** Candidates each call asks for, of which the least like the brainstorm's ideas is kept. */
    candidates: integer().notNull().default(1),
    /** What steered the prompts: the team's liked and rejected ideas, and the idea developed. */
    steering: jsonb().$type<GenerationSteering>(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    started: timestamp({ withTimezone: true }),
    finished: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('generations_brainstorm_created_idx').on(t.brainstormId, t.created),
    index('generations_created_by_created_idx').on(t.createdBy, t.created),
    index('generations_created_idx').on(t.created),
    check(
      'generations_status_check',
      sql`${t.status} in ${sql.raw(`('${GENERATION_STATUSES.join("','")}')`)}`,
    ),
  ],
);

/**
 * One idea of a generation: one durable job, one provider call (retried), at most one idea —
 * the idea whose (generation_id, generation_slot) is this slot's key.
 */
export const generationSlots = pgTable(
  'generation_slots',
  {
    generationId: integer()
      .notNull()
      .references(() => generations.id, { onDelete: 'cascade' }),
    slot: integer().notNull(),
    provider: text().notNull(),
    model: text().notNull(),
    settings: jsonb().$type<GenerationSettings>().notNull(),
    angle: jsonb().$type<SlotAngle>().notNull(),
    status: text().$type<SlotStatus>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    /** Why the slot failed, in words a user can act on. */
    error: text(),
    inputTokens: integer(),
    outputTokens: integer(),
    /** The most the call in flight, or the next one, may cost. */
    reservedTokens: integer().notNull().default(0),
    /** A call was sent and its outcome is not recorded yet. */
    inFlight: boolean().notNull().default(false),
    unreportedTokens: integer().notNull().default(0),
    started: timestamp({ withTimezone: true }),
    finished: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.generationId, t.slot] }),
    check(
      'generation_slots_status_check',
      sql`${t.status} in ${sql.raw(`('${SLOT_STATUSES.join("','")}')`)}`,
    ),
  ],
);

export type GenerationRow = typeof generations.$inferSelect;
export type GenerationSlotRow = typeof generationSlots.$inferSelect;
