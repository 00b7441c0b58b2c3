import type { PgBoss, Queue } from 'pg-boss';
import type { WebhookConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/queue-transaction.js';

/** Deliveries have a queue of their own on the job queue, and one for those given up on. */
export const DELIVERY_QUEUE = 'webhook-deliver';
export const DELIVERY_DEAD_LETTER_QUEUE = 'webhook-deliver-dead';

/** What a delivery job carries: the delivery. Everything else is read when it runs. */
export interface DeliveryJob {
  deliveryId: number;
}

/** An attempt's longest wait for an answer is a minute (the setting's most): its job's expiry. */
const EXPIRE_SECONDS = 120;

/**
 * Creates the delivery queues, or brings their retries up to date with the settings: each
 * failed attempt is retried after `retryDelaySeconds`, doubling, until `attempts` were made.
 * Without settings (a restore), only creates what is missing.
 */
export async function ensureDeliveryQueues(boss: PgBoss, settings?: WebhookConfig) {
  await upsertQueue(boss, { name: DELIVERY_DEAD_LETTER_QUEUE, retryLimit: 2, notify: true });
  const retries = settings && {
    retryLimit: settings.attempts - 1,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
  };
  await upsertQueue(
    boss,
    {
      name: DELIVERY_QUEUE,
      ...retries,
      expireInSeconds: EXPIRE_SECONDS,
      deadLetter: DELIVERY_DEAD_LETTER_QUEUE,
      notify: true,
    },
    settings !== undefined,
  );
}

async function upsertQueue(boss: PgBoss, { name, ...options }: Queue, update = true) {
  if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
  else if (update) await boss.updateQueue(name, options);
}

/** Queues the deliveries' jobs inside an open transaction: they exist exactly when the rows do. */
export async function insertDeliveryJobs(boss: PgBoss, tx: Db, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return;
  await boss.insert(
    DELIVERY_QUEUE,
    deliveryIds.map((deliveryId) => ({ data: { deliveryId } satisfies DeliveryJob })),
    inTransaction(tx),
  );
}
