import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { brainstorms } from './brainstorms.js';
import { generations } from './generations.js';
import { users } from './users.js';

/** The settings a generation asked the provider for. */
export interface GenerationSettings {
  temperature?: number;
  max_tokens?: number;
}

/**
 * Ideas belong to a brainstorm and go with it. Generated ideas keep where they came from;
 * ideas written by hand keep who wrote them. The review aggregates (`votes`, the reaction
 * counts, `comments_count`) are kept by triggers on the annotation tables (migration 0004),
 * so a page of ideas reads them as columns and concurrent writes never lose a count.
 */
export const ideas = pgTable(
  'ideas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brainstormId: integer()
      .notNull()
      .references(() => brainstorms.id, { onDelete: 'cascade' }),
    title: text().notNull().default(''),
    summary: text().notNull().default(''),
    description: text().notNull().default(''),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    provider: text(),
    model: text(),
    technique: text(),
    promptVersion: text(),
    settings: jsonb().$type<GenerationSettings>(),
    inputTokens: integer(),
    outputTokens: integer(),
    /** The generation and slot it came from: a slot stores at most one idea, however often
     * its job runs. */
    generationId: integer().references((): AnyPgColumn => generations.id, { onDelete: 'set null' }),
    generationSlot: integer(),
    votes: integer().notNull().default(0),
    laughCount: integer().notNull().default(0),
    ideaCount: integer().notNull().default(0),
    surprisedCount: integer().notNull().default(0),
    thumbtackCount: integer().notNull().default(0),
    commentsCount: integer().notNull().default(0),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ideas_brainstorm_created_idx').on(t.brainstormId, t.created, t.id),
    index('ideas_created_idx').on(t.created),
    index('ideas_created_by_idx').on(t.createdBy),
    uniqueIndex('ideas_generation_slot_key').on(t.generationId, t.generationSlot),
  ],
);

export type IdeaRow = typeof ideas.$inferSelect;
export type NewIdeaRow = typeof ideas.$inferInsert;
