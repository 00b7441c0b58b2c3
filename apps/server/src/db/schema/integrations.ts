import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** What a personal access token may do with its owner's rights (decision 032). */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * Personal access tokens: only a hash of the secret is kept. The prefix shown in the list is the
 * token's first characters, enough for its owner to recognise it and useless to anyone else.
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scope: text({ enum: TOKEN_SCOPES }).notNull(),
    tokenHash: text().notNull().unique(),
    prefix: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('personal_access_tokens_user_idx').on(t.userId),
    check('personal_access_tokens_scope_check', sql`${t.scope} in ('read', 'write')`),
  ],
);

/** The events a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [
  'generation.finished',
  'idea.pinned',
  'comment.created',
  'ranking.finished',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Outgoing webhooks, configured by staff. */
export const webhooks = pgTable('webhooks', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().default(''),
  url: text().notNull(),
  events: text().array().notNull(),
  /** The Standard Webhooks signing secret (`whsec_` and base64): the server signs with it. */
  secret: text().notNull(),
  active: boolean().notNull().default(true),
  createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
  created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  modified: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event sent to one webhook: its message id and body stay the same on every attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    webhookId: integer()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    messageId: text().notNull().unique(),
    payload: jsonb().notNull(),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id)],
);

/** Each attempt of a delivery: the receiver's status code, or why there was none. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    statusCode: integer(),
    error: text(),
    durationMs: integer().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

export type PersonalAccessTokenRow = typeof personalAccessTokens.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
