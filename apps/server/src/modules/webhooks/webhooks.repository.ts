import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  webhookAttempts,
  webhookDeliveries,
  webhooks,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookRow,
} from '../../db/schema/integrations.js';

/** A webhook with its newest delivery, if any. */
export interface WebhookWithLast extends WebhookRow {
  last: { event: string; status: WebhookDeliveryRow['status']; created: Date } | null;
}

/** The newest delivery of each webhook, one probe of its index per webhook. */
const lastDelivery = sql<WebhookWithLast['last']>`(select json_build_object('event', d.event,
    'status', d.status, 'created', d.created) from ${webhookDeliveries} d
  where d.webhook_id = ${webhooks.id} order by d.id desc limit 1)`;

type LastAsJson = { event: string; status: WebhookDeliveryRow['status']; created: string } | null;

const withLast = (row: Omit<WebhookWithLast, 'last'> & { last: unknown }): WebhookWithLast => {
  const last = row.last as LastAsJson;
  return { ...row, last: last && { ...last, created: new Date(last.created) } };
};

export async function listWebhooks(db: Db, window: { limit: number; offset: number }) {
  const [total] = await db.select({ value: count() }).from(webhooks);
  const rows = await db
    .select({ ...getTableColumns(webhooks), last: lastDelivery })
    .from(webhooks)
    .orderBy(desc(webhooks.created), desc(webhooks.id))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total?.value ?? 0, rows: rows.map(withLast) };
}

export async function findWebhook(db: Db, id: number): Promise<WebhookWithLast | null> {
  const [row] = await db
    .select({ ...getTableColumns(webhooks), last: lastDelivery })
    .from(webhooks)
    .where(eq(webhooks.id, id));
  return row ? withLast(row) : null;
}

export async function insertWebhook(
  db: Db,
  values: Pick<WebhookRow, 'name' | 'url' | 'events' | 'active' | 'secret' | 'createdBy'>,
): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Writes only the named fields; false when there is no such webhook. */
export async function updateWebhook(
  db: Db,
  id: number,
  values: Partial<Pick<WebhookRow, 'name' | 'url' | 'events' | 'active' | 'secret'>>,
): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ ...values, modified: sql`now()` })
    .where(eq(webhooks.id, id))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** Deletes the webhook with its deliveries and their attempts (the foreign keys cascade). */
export async function deleteWebhook(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(webhooks).where(eq(webhooks.id, id)).returning({ id: webhooks.id });
  return rows.length > 0;
}

/** The active webhooks that subscribe to an event. */
export async function subscribers(db: Db, event: string): Promise<number[]> {
  const rows = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.active, true), sql`${event} = any(${webhooks.events})`))
    .orderBy(webhooks.id);
  return rows.map((row) => row.id);
}

/** Of the webhooks, those whose creator has reviewed (annotated) the idea. */
export async function createdByReviewers(
  db: Db,
  webhookIds: number[],
  ideaId: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        inArray(webhooks.id, webhookIds),
        sql`exists (select 1 from idea_annotations a
          where a.idea_id = ${ideaId} and a.user_id = ${webhooks.createdBy})`,
      ),
    )
    .orderBy(webhooks.id);
  return rows.map((row) => row.id);
}

export async function insertDeliveries(
  db: Db,
  values: { webhookId: number; event: string; messageId: string; payload: unknown }[],
): Promise<WebhookDeliveryRow[]> {
  if (values.length === 0) return [];
  return db.insert(webhookDeliveries).values(values).returning();
}

/** A page of a webhook's deliveries, newest first, each with its attempts. */
export async function listDeliveries(
  db: Db,
  webhookId: number,
  window: { limit: number; offset: number },
) {
  const mine = eq(webhookDeliveries.webhookId, webhookId);
  const [total] = await db.select({ value: count() }).from(webhookDeliveries).where(mine);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(mine)
    .orderBy(desc(webhookDeliveries.id))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total?.value ?? 0, rows, attempts: await attemptsOf(db, rows) };
}

/** The attempts of the given deliveries, first to last. */
export async function attemptsOf(
  db: Db,
  deliveries: { id: number }[],
): Promise<WebhookAttemptRow[]> {
  if (deliveries.length === 0) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        deliveries.map((d) => d.id),
      ),
    )
    .orderBy(webhookAttempts.deliveryId, webhookAttempts.attempt, webhookAttempts.id);
}

/**
 * Puts a finished delivery of the webhook back to pending, for another round of attempts; null
 * when there is none, or it is pending already.
 */
export async function reopenDelivery(
  db: Db,
  webhookId: number,
  deliveryId: number,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', finishedAt: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.webhookId, webhookId),
        sql`${webhookDeliveries.status} <> 'pending'`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function findDelivery(
  db: Db,
  webhookId: number,
  deliveryId: number,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)));
  return row ?? null;
}

/** What an attempt needs: the pending delivery, and its webhook as it is now. */
export async function pendingDelivery(db: Db, deliveryId: number) {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      event: webhookDeliveries.event,
      messageId: webhookDeliveries.messageId,
      payload: webhookDeliveries.payload,
      webhook: {
        id: webhooks.id,
        name: webhooks.name,
        url: webhooks.url,
        secret: webhooks.secret,
        active: webhooks.active,
      },
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')));
  return row ?? null;
}

/** The pending deliveries, for a restore to queue again. */
export async function pendingDeliveryIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'pending'))
    .orderBy(webhookDeliveries.id);
  return rows.map((row) => row.id);
}

export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Records an attempt of a pending delivery and what follows from it, in one statement: the
 * delivery counts it, and is finished when it `succeeded` or this was its `last` chance. Nothing
 * when the delivery is gone (its webhook was deleted meanwhile) or finished already.
 */
export async function recordAttempt(
  db: Db,
  deliveryId: number,
  outcome: AttemptOutcome & { succeeded: boolean; last: boolean },
): Promise<void> {
  const status = outcome.succeeded ? 'succeeded' : outcome.last ? 'failed' : 'pending';
  await db.execute(sql`with d as (
      update ${webhookDeliveries} set attempts = attempts + 1, status = ${status},
        finished_at = case when ${status} <> 'pending' then now() end
      where id = ${deliveryId} and status = 'pending'
      returning id, attempts
    )
    insert into ${webhookAttempts} (delivery_id, attempt, status_code, error, duration_ms)
    select id, attempts, ${outcome.statusCode}::int, ${outcome.error}::text, ${outcome.durationMs}::int
    from d`);
}

/** Fails a delivery still pending, with an attempt row that says why nothing was sent. */
export async function abandonDelivery(db: Db, deliveryId: number, reason: string): Promise<void> {
  await recordAttempt(db, deliveryId, {
    statusCode: null,
    error: reason,
    durationMs: 0,
    succeeded: false,
    last: true,
  });
}

/** The rows an event's payload is made from; each null when its subject is gone. */
export async function generationEvent(db: Db, generationId: number) {
  const [row] = rowsOf<{
    id: number;
    status: string;
    requested: number;
    succeeded: number;
    failed: number;
    inputTokens: number;
    outputTokens: number;
    provider: string | null;
    model: string | null;
    created: string;
    finished: string | null;
    brainstormId: number;
    brainstormTitle: string;
    userId: number;
    firstName: string;
    lastName: string;
    email: string;
  }>(
    await db.execute(sql`select g.id, g.status, g.requested, g.succeeded, g.failed,
        g.input_tokens as "inputTokens", g.output_tokens as "outputTokens", s.provider, s.model,
        g.created, g.finished, b.id as "brainstormId", b.title as "brainstormTitle",
        u.id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email
      from generations g
      join brainstorms b on b.id = g.brainstorm_id
      join users u on u.id = g.created_by
      left join lateral (select provider, model from generation_slots
        where generation_id = g.id order by slot limit 1) s on true
      where g.id = ${generationId}`),
  );
  return row ?? null;
}

/** The idea a thumbtack reaction pins, with how many pin it now. */
export async function pinEvent(db: Db, reactionId: number) {
  const [row] = rowsOf<{
    id: number;
    title: string;
    summary: string;
    pins: number;
    brainstormId: number;
    brainstormTitle: string;
    blindReview: boolean;
  }>(
    await db.execute(sql`select i.id, i.title, i.summary, i.thumbtack_count as pins,
        b.id as "brainstormId", b.title as "brainstormTitle", b.blind_review as "blindReview"
      from idea_reactions r
      join idea_annotations a on a.id = r.annotation_id
      join ideas i on i.id = a.idea_id
      join brainstorms b on b.id = i.brainstorm_id
      where r.id = ${reactionId} and r.reaction_type = 'thumbtack'`),
  );
  return row ?? null;
}

export async function commentEvent(db: Db, commentId: number) {
  const [row] = rowsOf<{
    id: number;
    text: string;
    created: string;
    userId: number;
    firstName: string;
    lastName: string;
    email: string;
    ideaId: number;
    ideaTitle: string;
    brainstormId: number;
    brainstormTitle: string;
    blindReview: boolean;
  }>(
    await db.execute(sql`select c.id, c.text, c.created, u.id as "userId",
        u.first_name as "firstName", u.last_name as "lastName", u.email,
        i.id as "ideaId", i.title as "ideaTitle", b.id as "brainstormId",
        b.title as "brainstormTitle", b.blind_review as "blindReview"
      from idea_comments c
      join idea_annotations a on a.id = c.annotation_id
      join users u on u.id = a.user_id
      join ideas i on i.id = a.idea_id
      join brainstorms b on b.id = i.brainstorm_id
      where c.id = ${commentId}`),
  );
  return row ?? null;
}

/**
 * A finished ranking, for its event: who ran it with what, how many ideas it ranked, and its
 * best `top` by rating with their titles now (a deleted idea is left out).
 */
export async function rankingEvent(db: Db, analysisId: number, top: number) {
  const [row] = rowsOf<{
    id: number;
    provider: string;
    model: string;
    finished: string | null;
    brainstormId: number;
    brainstormTitle: string;
    ranking: { idea: number; rating: number }[];
  }>(
    await db.execute(sql`select a.id, a.provider, a.model, a.finished,
        b.id as "brainstormId", b.title as "brainstormTitle",
        a.result -> 'ranking' -> 'ideas' as ranking
      from analyses a join brainstorms b on b.id = a.brainstorm_id
      where a.id = ${analysisId} and a.kind = 'rank' and a.status = 'done'`),
  );
  if (!row) return null;
  const best = row.ranking.slice(0, top);
  const titles = new Map(
    rowsOf<{ id: number; title: string }>(
      await db.execute(sql`select id, title from ideas
        where id = any(${sql.param(best.map((entry) => entry.idea))}::int[])`),
    ).map((idea) => [idea.id, idea.title]),
  );
  const listed = best.flatMap((entry) => {
    const title = titles.get(entry.idea);
    return title === undefined ? [] : [{ id: entry.idea, title, rating: entry.rating }];
  });
  return { ...row, ranked: row.ranking.length, top: listed };
}
