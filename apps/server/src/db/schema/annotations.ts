import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ideas } from './ideas.js';
import { users } from './users.js';

export const REACTION_TYPES = ['laugh', 'idea', 'surprised', 'thumbtack'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

export const MAX_COMMENT_LENGTH = 2000;

/** One user's review of one idea: unique per (user, idea), so concurrent first clicks make one. */
export const ideaAnnotations = pgTable(
  'idea_annotations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ideaId: integer()
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    vote: smallint().notNull().default(0),
    isBookmarked: boolean().notNull().default(false),
    isHidden: boolean().notNull().default(false),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idea_annotations_user_idea_key').on(t.userId, t.ideaId),
    index('idea_annotations_idea_idx').on(t.ideaId),
    index('idea_annotations_bookmarked_idx')
      .on(t.userId, t.created)
      .where(sql`${t.isBookmarked}`),
    check('idea_annotations_vote_check', sql`${t.vote} in (-1, 0, 1)`),
  ],
);

/**
 * How many of a brainstorm's ideas each user has reviewed (has an annotation of), originals and
 * stacked ones apart, kept by the database (migration 0022) so that the review queue's counts
 * cost the same whatever the brainstorm's size.
 */
export const reviewerCounts = pgTable(
  'reviewer_counts',
  {
    // No foreign keys: a review counted while its brainstorm or user is deleted must not wait
    // for, or fail on, that row; their deletion removes these rows (migration 0022).
    brainstormId: integer().notNull(),
    userId: integer().notNull(),
    /** Reviewed ideas that are not stacked under another. */
    reviewed: integer().notNull().default(0),
    /** Reviewed ideas stacked under another. */
    reviewedStacked: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brainstormId, t.userId] })],
);

/** A reaction of a type, once per annotation. */
export const ideaReactions = pgTable(
  'idea_reactions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    annotationId: integer()
      .notNull()
      .references(() => ideaAnnotations.id, { onDelete: 'cascade' }),
    reactionType: text().$type<ReactionType>().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idea_reactions_annotation_type_key').on(t.annotationId, t.reactionType),
    check(
      'idea_reactions_type_check',
      sql`${t.reactionType} in ('laugh', 'idea', 'surprised', 'thumbtack')`,
    ),
  ],
);

/** A comment, on its author's annotation of the idea. */
export const ideaComments = pgTable(
  'idea_comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    annotationId: integer()
      .notNull()
      .references(() => ideaAnnotations.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('idea_comments_annotation_created_idx').on(t.annotationId, t.created),
    check(
      'idea_comments_text_check',
      sql`length(btrim(${t.text})) > 0 and length(${t.text}) <= ${sql.raw(String(MAX_COMMENT_LENGTH))}`,
    ),
  ],
);

export type AnnotationRow = typeof ideaAnnotations.$inferSelect;
export type ReactionRow = typeof ideaReactions.$inferSelect;
export type CommentRow = typeof ideaComments.$inferSelect;
