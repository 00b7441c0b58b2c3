import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { generationConfig } from '../../../test/generation-helpers.js';
import { startReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema/integrations.js';
import type { UserRow } from '../../db/schema/users.js';
import { DELIVERY_QUEUE } from './delivery-queue.js';

// On PostgreSQL, where requests really run at once (the embedded database serialises them).
const PARALLEL = 8;

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let receiver: WebhookReceiver;
let staff: UserRow;
let users: UserRow[];
let brainstorm: number;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp(generationConfig());
  call = apiAs(t.app);
  staff = await makeUser(t.db, { is_staff: true });
  users = await Promise.all(Array.from({ length: PARALLEL }, () => makeUser(t.db)));
  const created = await call(staff, 'POST', '/api/brainstorms/', {
    parameters: { problem: 'Long commutes' },
  });
  brainstorm = created.json<{ id: number }>().id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function subscribe(events: string[]) {
  const response = await call(staff, 'POST', '/api/webhooks/', { url: receiver.url(), events });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

async function newIdea() {
  const response = await call(staff, 'POST', '/api/ideas/', { brainstorm, title: 'Desks' });
  return response.json<{ id: number }>().id;
}

const eventsOf = async (webhookId: number) =>
  (await t.db.select().from(webhookDeliveries)).filter((d) => d.webhookId === webhookId);

describe.runIf(process.env.TEST_DB === 'postgres')('webhooks written at once', () => {
  it('two identical creates make two webhooks, each with its own secret', async () => {
    const body = { name: 'Twin', url: receiver.url('/twin'), events: ['idea.pinned'] };
    const answers = await Promise.all([
      call(staff, 'POST', '/api/webhooks/', body),
      call(staff, 'POST', '/api/webhooks/', body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const [a, b] = answers.map((a) => a.json<{ id: number; secret: string }>());
    expect(a?.id).not.toBe(b?.id);
    expect(a?.secret).not.toBe(b?.secret);
    const rows = (await t.db.select().from(webhooks)).filter((w) => w.name === 'Twin');
    expect(rows).toHaveLength(2);
    await t.db.update(webhooks).set({ active: false });
  });

  it('parallel comments each get exactly one delivery', async () => {
    const id = await subscribe(['comment.created']);
    const idea = await newIdea();
    const answers = await Promise.all(
      users.map((user, i) =>
        call(user, 'POST', '/api/idea-annotations/comments/', { idea_id: idea, text: `No. ${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(users.map(() => 201));
    const delivered = await eventsOf(id);
    const commentIds = delivered.map(
      (d) => (d.payload as { data: { comment: { id: number } } }).data.comment.id,
    );
    expect(commentIds.sort()).toEqual(answers.map((a) => a.json<{ id: number }>().id).sort());
    await t.db.update(webhooks).set({ active: false });
  });

  it('parallel first pins of one idea make one idea.pinned', async () => {
    const id = await subscribe(['idea.pinned']);
    const idea = await newIdea();
    const answers = await Promise.all(
      users.map((user) =>
        call(user, 'POST', '/api/idea-annotations/reactions/', {
          idea_id: idea,
          reaction_type: 'thumbtack',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(users.map(() => 201));
    expect(await eventsOf(id)).toHaveLength(1);
    await t.db.update(webhooks).set({ active: false });
  });

  it('a delete while a delivery is being sent leaves nothing behind', async () => {
    const id = await subscribe(['comment.created']);
    receiver.answers = ['hold'];
    receiver.received.length = 0;
    const test = await call(staff, 'POST', `/api/webhooks/${id}/test/`);
    const deliveryId = test.json<{ id: number }>().id;
    await vi.waitFor(
      () => {
        expect(receiver.received).toHaveLength(1);
      },
      { timeout: 20_000 },
    );
    expect((await call(staff, 'DELETE', `/api/webhooks/${id}/`)).statusCode).toBe(204);
    receiver.release();
    const { boss } = t.app.webhooks;
    await vi.waitFor(
      async () => {
        const [job] = await boss.findJobs(DELIVERY_QUEUE, { data: { deliveryId } });
        expect(job?.state).toBe('completed');
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(await eventsOf(id)).toEqual([]);
    const orphans = (await t.db.select().from(webhookAttempts)).filter(
      (a) => a.deliveryId === deliveryId,
    );
    expect(orphans).toEqual([]);
  });
});
