import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    avatar: text(),
    isStaff: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    password: text().notNull(),
    /** Raised by a password change or a deactivation: access tokens of older versions stop working. */
    sessionVersion: integer().notNull().default(0),
    /**
     * The password was set by staff (or is the first admin's printed one): every call but a few
     * waits until the user chooses their own (decision 043).
     */
    passwordMustChange: boolean().notNull().default(false),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    modified: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
