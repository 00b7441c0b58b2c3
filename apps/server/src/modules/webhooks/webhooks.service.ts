import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.js';
import type { WebhookAttemptRow, WebhookDeliveryRow } from '../../db/schema/integrations.js';
import type { UserRow } from '../../db/schema/users.js';
import { fieldError, HttpError, notFound, permissionDenied } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted, type Pagination } from '../../lib/pagination.js';
import { insertDeliveryJobs } from './delivery-queue.js';
import { checkedAddress, UnsafeUrl } from './url-guard.js';
import { eventMessage, newMessageId, type EventBody, type EventSubject } from './webhook-events.js';
import * as repo from './webhooks.repository.js';
import {
  TEST_EVENT,
  type DeliveryDto,
  type WebhookChanges,
  type WebhookDto,
  type WebhookInput,
} from './webhooks.schemas.js';
import { newSecret } from './signature.js';

export type { EventSubject } from './webhook-events.js';

/** What writes that cause events need to queue their deliveries. */
export interface WebhookOutbox {
  boss: PgBoss;
  /** The web app's public address, for the links events carry; paths without it. */
  publicUrl: string | undefined;
}

/** What the staff's operations need: the outbox, and whether private addresses are allowed. */
export interface WebhookContext {
  db: Db;
  outbox: WebhookOutbox;
  allowPrivateUrls: boolean;
}

const toWebhookDto = (row: repo.WebhookWithLast): WebhookDto => ({
  id: row.id,
  name: row.name,
  url: row.url,
  events: row.events as WebhookDto['events'],
  active: row.active,
  created_by: row.createdBy,
  created: isoDate(row.created),
  modified: isoDate(row.modified),
  last_delivery: row.last && { ...row.last, created: isoDate(row.last.created) },
});

const toDeliveryDto = (row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): DeliveryDto => ({
  id: row.id,
  webhook: row.webhookId,
  event: row.event,
  message_id: row.messageId,
  status: row.status,
  created: isoDate(row.created),
  finished: row.finishedAt && isoDate(row.finishedAt),
  attempts: attempts
    .filter((a) => a.deliveryId === row.id)
    .map((a) => ({
      attempt: a.attempt,
      status_code: a.statusCode,
      error: a.error,
      duration_ms: a.durationMs,
      created: isoDate(a.created),
    })),
});

/** Webhooks send the team's activity to any address: only staff configure them. */
function assertStaff(actor: UserRow) {
  if (!actor.isStaff) throw permissionDenied();
}

/** Refuses, as the `url` field's error, an address the server may not post to. */
async function assertReachable(url: string, allowPrivateUrls: boolean) {
  try {
    await checkedAddress(new URL(url), allowPrivateUrls);
  } catch (error) {
    if (error instanceof UnsafeUrl) throw fieldError('url', error.message);
    throw error;
  }
}

async function findOr404(db: Db, id: number) {
  const row = await repo.findWebhook(db, id);
  if (!row) throw notFound();
  return row;
}

export async function listWebhooks(
  db: Db,
  actor: UserRow,
  query: Pagination,
): Promise<Counted<WebhookDto>> {
  assertStaff(actor);
  const { count, rows } = await repo.listWebhooks(db, pageWindow(query));
  return { count, rows: rows.map(toWebhookDto) };
}

export async function getWebhook(db: Db, actor: UserRow, id: number) {
  assertStaff(actor);
  return toWebhookDto(await findOr404(db, id));
}

/** A new webhook with a new secret, which this answer shows in full, once. */
export async function createWebhook(ctx: WebhookContext, actor: UserRow, input: WebhookInput) {
  assertStaff(actor);
  await assertReachable(input.url, ctx.allowPrivateUrls);
  const secret = newSecret();
  const row = await repo.insertWebhook(ctx.db, { ...input, secret, createdBy: actor.id });
  return { ...(await getWebhook(ctx.db, actor, row.id)), secret };
}

export async function updateWebhook(
  ctx: WebhookContext,
  actor: UserRow,
  id: number,
  changes: WebhookChanges,
) {
  assertStaff(actor);
  if (changes.url !== undefined) await assertReachable(changes.url, ctx.allowPrivateUrls);
  if (!(await repo.updateWebhook(ctx.db, id, changes))) throw notFound();
  return getWebhook(ctx.db, actor, id);
}

/** Replaces the secret: deliveries are signed with the new one from their next attempt. */
export async function rotateSecret(db: Db, actor: UserRow, id: number) {
  assertStaff(actor);
  const secret = newSecret();
  if (!(await repo.updateWebhook(db, id, { secret }))) throw notFound();
  return { ...(await getWebhook(db, actor, id)), secret };
}

export async function deleteWebhook(db: Db, actor: UserRow, id: number) {
  assertStaff(actor);
  if (!(await repo.deleteWebhook(db, id))) throw notFound();
}

export async function listDeliveries(
  db: Db,
  actor: UserRow,
  webhookId: number,
  query: Pagination,
): Promise<Counted<DeliveryDto>> {
  assertStaff(actor);
  await findOr404(db, webhookId);
  const { count, rows, attempts } = await repo.listDeliveries(db, webhookId, pageWindow(query));
  return { count, rows: rows.map((row) => toDeliveryDto(row, attempts)) };
}

/** A `webhook.test` event for one webhook, through the same queue and worker as the rest. */
export async function sendTest(ctx: WebhookContext, actor: UserRow, id: number) {
  assertStaff(actor);
  return ctx.db.transaction(async (tx) => {
    const webhook = await findOr404(tx, id);
    const body: EventBody = {
      type: TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { webhook: { id: webhook.id, name: webhook.name } },
    };
    const [row] = await queueDeliveries(tx, ctx.outbox.boss, [webhook.id], body);
    if (!row) throw notFound();
    return toDeliveryDto(row, []);
  });
}

/** Sends a finished delivery again, with its message id and body: a receiver may deduplicate. */
export async function retryDelivery(
  ctx: WebhookContext,
  actor: UserRow,
  webhookId: number,
  deliveryId: number,
) {
  assertStaff(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.reopenDelivery(tx, webhookId, deliveryId);
    if (!row) {
      if (await repo.findDelivery(tx, webhookId, deliveryId)) {
        throw new HttpError(409, 'This delivery is still under way.');
      }
      throw notFound();
    }
    await insertDeliveryJobs(ctx.outbox.boss, tx, [row.id]);
    return toDeliveryDto(row, await repo.attemptsOf(tx, [row]));
  });
}

/**
 * Queues an event for every active webhook subscribed to it that may hear it (under blind
 * review, see `WebhookMessage`), inside the transaction of the
 * write that caused it (a transactional outbox): the deliveries and their jobs exist exactly
 * when the write does, so a crash can neither lose an event nor send one that never happened.
 */
export async function emitWebhookEvent(
  tx: Db,
  outbox: WebhookOutbox,
  subject: EventSubject,
): Promise<void> {
  const webhookIds = await repo.subscribers(tx, subject.type);
  if (webhookIds.length === 0) return;
  const message = await eventMessage(tx, subject, outbox.publicUrl);
  if (!message) return;
  const audience =
    message.blindIdea === null
      ? webhookIds
      : await repo.createdByReviewers(tx, webhookIds, message.blindIdea);
  if (audience.length > 0) await queueDeliveries(tx, outbox.boss, audience, message.body);
}

async function queueDeliveries(tx: Db, boss: PgBoss, webhookIds: number[], body: EventBody) {
  const rows = await repo.insertDeliveries(
    tx,
    webhookIds.map((webhookId) => ({
      webhookId,
      event: body.type,
      messageId: newMessageId(),
      payload: body,
    })),
  );
  await insertDeliveryJobs(
    boss,
    tx,
    rows.map((row) => row.id),
  );
  return rows;
}

/** A backup holds no jobs: in a restore's transaction, pending deliveries get theirs again. */
export async function requeuePendingDeliveries(tx: Db, boss: PgBoss): Promise<void> {
  await insertDeliveryJobs(boss, tx, await repo.pendingDeliveryIds(tx));
}
