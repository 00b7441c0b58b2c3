import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { WebhookConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { DELIVERY_DEAD_LETTER_QUEUE, DELIVERY_QUEUE, type DeliveryJob } from './delivery-queue.js';
import { signature } from './signature.js';
import { isSlackUrl, slackMessage } from './slack-message.js';
import type { EventBody } from './webhook-events.js';
import { send, succeeded, type OutgoingRequest } from './webhook-sender.js';
import * as repo from './webhooks.repository.js';

export interface DeliveryDeps {
  db: Db;
  settings: WebhookConfig;
}

/**
 * The delivery workers: a few attempts at once per process, each its own receiver's wait. A job
 * whose worker died too often lands in the dead-letter queue, whose worker fails its delivery.
 */
export async function startDeliveryWorkers(
  boss: PgBoss,
  deps: DeliveryDeps,
  pollingSeconds: number,
): Promise<void> {
  await boss.work(
    DELIVERY_QUEUE,
    {
      localConcurrency: 4,
      includeMetadata: true,
      pollingIntervalSeconds: pollingSeconds,
      notifyPollingIntervalSeconds: pollingSeconds,
    },
    ([job]: JobWithMetadata<DeliveryJob>[]) =>
      job ? deliver(deps, job.data.deliveryId, isLastTry(job)) : Promise.resolve(),
  );
  await boss.work<DeliveryJob>(DELIVERY_DEAD_LETTER_QUEUE, { localConcurrency: 1 }, ([job]) =>
    job
      ? repo.abandonDelivery(deps.db, job.data.deliveryId, 'Its worker stopped, again and again.')
      : Promise.resolve(),
  );
}

const isLastTry = (job: JobWithMetadata<DeliveryJob>) => job.retryCount >= job.retryLimit;

/**
 * Makes one attempt of a pending delivery and records it. A failed attempt that is not the
 * `last` throws, so that the queue retries the job after its back-off. A delivery whose webhook
 * was deleted is gone, and one whose webhook was made inactive fails without being sent.
 */
export async function deliver(deps: DeliveryDeps, deliveryId: number, last: boolean) {
  const delivery = await repo.pendingDelivery(deps.db, deliveryId);
  if (!delivery) return;
  if (!delivery.webhook.active) {
    await repo.abandonDelivery(deps.db, deliveryId, 'The webhook is inactive: nothing was sent.');
    return;
  }
  const request = outgoing(delivery, Math.floor(Date.now() / 1000));
  const outcome = await send(request, deps.settings);
  const ok = succeeded(outcome);
  await repo.recordAttempt(deps.db, deliveryId, { ...outcome, succeeded: ok, last });
  if (!ok && !last) {
    throw new Error(
      `Webhook delivery ${deliveryId} failed: ${outcome.error ?? outcome.statusCode}`,
    );
  }
}

/**
 * An attempt's request: the event as Standard Webhooks has it (or Slack's message), with the
 * delivery's id, this attempt's time and their signature.
 */
export function outgoing(
  delivery: { messageId: string; payload: unknown; webhook: { url: string; secret: string } },
  timestamp: number,
): OutgoingRequest {
  const event = delivery.payload as EventBody;
  const { url, secret } = delivery.webhook;
  const body = JSON.stringify(isSlackUrl(url) ? slackMessage(event) : event);
  return {
    url,
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Ideaforge-Webhooks/1',
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature(secret, delivery.messageId, timestamp, body),
    },
  };
}
