import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { users } from './users.js';

export interface BrainstormParameters {
  problem: string;
  themes: string[];
  type: string;
}

export const brainstorms = pgTable(
  'brainstorms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull().default(''),
    description: text().notNull().default(''),
    type: text().notNull(),
    parameters: jsonb().$type<BrainstormParameters>().notNull(),
    projectId: integer().references(() => projects.id, { onDelete: 'set null' }),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modified: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Kept by a trigger on ideas (migration 0006): a page of brainstorms reads it as a column. */
    ideasCount: integer().notNull().default(0),
    /** Of those, the ideas stacked under another (migration 0013), kept the same way. */
    duplicatesCount: integer().notNull().default(0),
    /**
     * Blind review: a user sees an idea's votes, reaction counts and comments only once they
     * have reviewed it themselves (decision 026).
     */
    blindReview: boolean().notNull().default(false),
  },
  (t) => [
    index('brainstorms_created_idx').on(t.created),
    index('brainstorms_project_idx').on(t.projectId),
  ],
);

export type BrainstormRow = typeof brainstorms.$inferSelect;
