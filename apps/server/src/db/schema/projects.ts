import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const projects = pgTable(
  'projects',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text().notNull().default(''),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modified: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When it was archived (decision 029); null while active. */
    archived: timestamp({ withTimezone: true }),
  },
  (t) => [index('projects_created_idx').on(t.created)],
);

export type ProjectRow = typeof projects.$inferSelect;
