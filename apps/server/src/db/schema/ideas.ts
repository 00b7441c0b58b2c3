import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
 * A theme of a brainstorm: a named group the team sorts its ideas into (decision 027). A theme
 * exists once someone applied a proposal or wrote one; an idea is in one theme at most.
 */
export const themes = pgTable(
  'themes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brainstormId: integer()
      .notNull()
      .references(() => brainstorms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Where it is listed among the brainstorm's themes. */
    position: integer().notNull().default(0),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('themes_brainstorm_position_idx').on(t.brainstormId, t.position, t.id),
    uniqueIndex('themes_brainstorm_id_key').on(t.brainstormId, t.id),
  ],
);

/** Which of the team's reviewed ideas steered a generated idea's prompt. */
export interface IdeaSteering {
  liked: number[];
  rejected: number[];
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
    /**
     * The earliest idea of the brainstorm this one nearly repeats (decision 025): a stacked idea
     * is kept, and lists show it under its original. Always an original itself, never stacked.
     */
    duplicateOf: integer().references((): AnyPgColumn => ideas.id, { onDelete: 'set null' }),
    /** How alike the two are, 0–1, when the detector stacked it; null when a person did. */
    duplicateScore: real(),
    /** Who stacked it by hand; null when the detector or a model did. */
    stackedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The language model that judged it a repeat in other words, and its one-line reason. */
    stackedByModel: text(),
    stackReason: text(),
    /** Ideas stacked under this one, kept by a trigger (migration 0013). */
    duplicatesCount: integer().notNull().default(0),
    /** The idea a 'More like this' or 'Flip it' developed. */
    inspiredBy: integer().references((): AnyPgColumn => ideas.id, { onDelete: 'set null' }),
    /** The team's liked and rejected ideas that the prompt carried. */
    steeredBy: jsonb().$type<IdeaSteering>(),
    /**
     * The theme the team sorted it into; null while it is unsorted. A theme of the same
     * brainstorm only: the key (brainstorm_id, theme_id) refers to the theme's, and deleting the
     * theme sets theme_id alone to null (migration 0016, which drizzle cannot spell).
     */
    themeId: integer(),
    /** The ideas a 'Combine' merged into this one; they stay as they were. */
    combinedFrom: integer().array(),
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
    // With `duplicate_of` last, a list's counts (listed, stacked) read the index alone.
    index('ideas_brainstorm_created_idx').on(t.brainstormId, t.created, t.id, t.duplicateOf),
    index('ideas_created_idx').on(t.created),
    index('ideas_created_by_idx').on(t.createdBy),
    uniqueIndex('ideas_generation_slot_key').on(t.generationId, t.generationSlot),
    index('ideas_duplicate_of_idx')
      .on(t.duplicateOf)
      .where(sql`${t.duplicateOf} is not null`),
    index('ideas_theme_idx')
      .on(t.themeId)
      .where(sql`${t.themeId} is not null`),
    index('ideas_inspired_by_idx')
      .on(t.inspiredBy)
      .where(sql`${t.inspiredBy} is not null`),
  ],
);

/**
 * What a person or a language model decided about two ideas: that `idea` repeats `original`
 * (stacked by hand, or by the model's judgement) or that it does not, after which the detector
 * never stacks it on that original again and the model is not asked about the pair again.
 */
export const ideaDuplicateDecisions = pgTable(
  'idea_duplicate_decisions',
  {
    ideaId: integer()
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    originalId: integer()
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    isDuplicate: boolean().notNull(),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The language model that decided, with its one-line reason; null when a person did. */
    decidedByModel: text(),
    reason: text(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ideaId, t.originalId] }),
    index('idea_duplicate_decisions_original_idx').on(t.originalId),
  ],
);

/** An idea's embedding by one model, for the semantic half of the duplicate check. */
export const ideaEmbeddings = pgTable('idea_embeddings', {
  ideaId: integer()
    .primaryKey()
    .references(() => ideas.id, { onDelete: 'cascade' }),
  model: text().notNull(),
  embedding: real().array().notNull(),
});

export type IdeaRow = typeof ideas.$inferSelect;
export type ThemeRow = typeof themes.$inferSelect;
export type NewIdeaRow = typeof ideas.$inferInsert;
