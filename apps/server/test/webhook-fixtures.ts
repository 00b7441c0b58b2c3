import type { Db } from '../src/db/client.js';
import { webhookDeliveries, webhooks } from '../src/db/schema/integrations.js';
import type { UserRow } from '../src/db/schema/users.js';
import { newSecret } from '../src/modules/webhooks/signature.js';

let messages = 0;

/** A webhook written straight into the table, as `creator` (nothing listens at its address). */
export async function insertWebhook(db: Db, creator: UserRow | null): Promise<number> {
  const [row] = await db
    .insert(webhooks)
    .values({
      name: 'Fixture',
      url: 'http://127.0.0.1:9/hook',
      events: ['comment.created'],
      secret: newSecret(),
      createdBy: creator?.id ?? null,
    })
    .returning({ id: webhooks.id });
  if (!row) throw new Error('no webhook');
  return row.id;
}

/** A failed delivery of the webhook, which may be sent again. */
export async function insertFinishedDelivery(db: Db, webhookId: number): Promise<number> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId,
      event: 'webhook.test',
      messageId: `msg_fixture_${(messages += 1)}_${webhookId}`,
      payload: { type: 'webhook.test', timestamp: new Date().toISOString(), data: {} },
      status: 'failed',
      attempts: 1,
      finishedAt: new Date(),
    })
    .returning({ id: webhookDeliveries.id });
  if (!row) throw new Error('no delivery');
  return row.id;
}
