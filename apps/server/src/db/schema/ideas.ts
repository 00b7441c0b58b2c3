import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brainstorms } from './brainstorms.js';

/** Ideas belong to a brainstorm and go with it. The ideas module adds its own columns. */
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
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ideas_brainstorm_created_idx').on(t.brainstormId, t.created)],
);
