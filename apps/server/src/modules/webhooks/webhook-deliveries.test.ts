import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  generationBody,
  generationConfig,
  waitForGeneration,
} from '../../../test/generation-helpers.js';
import { FORBIDDEN_HOSTS } from '../../../test/embedded-ipv4-forms.js';
import { startReceiver, verified, type WebhookReceiver } from '../../../test/webhook-receiver.js';
import { webhookDeliveries, webhooks } from '../../db/schema/integrations.js';
import type { UserRow } from '../../db/schema/users.js';
import { deliver } from './delivery-worker.js';
import { checkedAddress, UnsafeUrl } from './url-guard.js';
import type { DeliveryDto } from './webhooks.schemas.js';

const ATTEMPTS = 3;

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let receiver: WebhookReceiver;
let staff: UserRow;
let member: UserRow;
let brainstorm: number;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({
    ...generationConfig(),
    webhooks: { ...testConfig.webhooks, attempts: ATTEMPTS },
    publicUrl: 'https://ideas.example.com',
  });
  call = apiAs(t.app);
  staff = await makeUser(t.db, { is_staff: true, first_name: 'Grace', last_name: 'Hopper' });
  member = await makeUser(t.db, { first_name: 'Ada', last_name: 'Lovelace' });
  const created = await call(member, 'POST', '/api/brainstorms/', {
    title: 'Commuting',
    parameters: { problem: 'Long commutes' },
  });
  brainstorm = created.json<{ id: number }>().id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(async () => {
  // Each test has its own webhooks: the earlier ones stop receiving.
  await t.db.update(webhooks).set({ active: false });
  receiver.received.length = 0;
  receiver.answers = [];
});

async function subscribe(events: string[], path = '/hook') {
  const response = await call(staff, 'POST', '/api/webhooks/', {
    name: 'Receiver',
    url: receiver.url(path),
    events,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; secret: string }>();
}

async function newIdea(title = 'Trains with desks') {
  const response = await call(member, 'POST', '/api/ideas/', { brainstorm, title });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

async function deliveries(webhookId: number) {
  const response = await call(staff, 'GET', `/api/webhooks/${webhookId}/deliveries/`);
  expect(response.statusCode).toBe(200);
  return response.json<{ count: number; results: DeliveryDto[] }>().results;
}

/** Waits until every delivery of the webhook has finished, and answers them. */
async function settled(webhookId: number, count: number) {
  return vi.waitFor(
    async () => {
      const all = await deliveries(webhookId);
      expect(all).toHaveLength(count);
      expect(all.every((d) => d.status !== 'pending')).toBe(true);
      return all;
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe('delivering', () => {
  it('retries a receiver that fails, and the receiver verifies every attempt', async () => {
    const { id, secret } = await subscribe(['comment.created']);
    receiver.answers = [500, 503, 200];
    const idea = await newIdea();
    const comment = await call(member, 'POST', '/api/idea-annotations/comments/', {
      idea_id: idea,
      text: 'Quiet carriages too',
    });
    expect(comment.statusCode).toBe(201);
    const [delivery] = await settled(id, 1);
    expect(delivery).toMatchObject({ event: 'comment.created', status: 'succeeded' });
    expect(delivery?.attempts.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, 500, null],
      [2, 503, null],
      [3, 200, null],
    ]);
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids).toEqual(new Set([delivery?.message_id]));
    for (const request of receiver.received) {
      expect(verified(secret, request)).toMatchObject({ type: 'comment.created' });
      expect(() => verified(`whsec_${Buffer.alloc(24).toString('base64')}`, request)).toThrow();
    }
    const webhook = await call(staff, 'GET', `/api/webhooks/${id}/`);
    expect(webhook.json()).toMatchObject({ last_delivery: { status: 'succeeded' } });
  });

  it('fails a delivery after its last attempt, and a retry sends it again', async () => {
    const { id } = await subscribe(['comment.created']);
    receiver.answers = Array<number>(ATTEMPTS).fill(500);
    await call(member, 'POST', '/api/idea-annotations/comments/', {
      idea_id: await newIdea(),
      text: 'Too noisy',
    });
    const [failed] = await settled(id, 1);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed?.attempts).toHaveLength(ATTEMPTS);
    const retry = await call(staff, 'POST', `/api/webhooks/${id}/deliveries/${failed?.id}/retry/`);
    expect(retry.statusCode).toBe(202);
    const [again] = await settled(id, 1);
    expect(again).toMatchObject({ status: 'succeeded', message_id: failed?.message_id });
    expect(again?.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
  });

  it('sends a test event through the same path', async () => {
    const { id, secret } = await subscribe(['idea.pinned']);
    const test = await call(staff, 'POST', `/api/webhooks/${id}/test/`);
    expect(test.statusCode).toBe(202);
    const [delivery] = await settled(id, 1);
    expect(delivery).toMatchObject({ event: 'webhook.test', status: 'succeeded' });
    const [request] = receiver.received;
    expect(request && verified(secret, request)).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String) as string,
      data: { webhook: { id, name: 'Receiver' } },
    });
  });

  it('does not send for an inactive webhook, nor what it does not subscribe to', async () => {
    const { id } = await subscribe(['generation.finished']);
    await call(member, 'POST', '/api/idea-annotations/comments/', {
      idea_id: await newIdea(),
      text: 'Nobody hears this',
    });
    expect(await deliveries(id)).toEqual([]);
    await call(staff, 'PATCH', `/api/webhooks/${id}/`, { active: false });
    await call(staff, 'POST', `/api/webhooks/${id}/test/`);
    const [stopped] = await settled(id, 1);
    expect(stopped?.status).toBe('failed');
    expect(stopped?.attempts[0]?.error).toBe('The webhook is inactive: nothing was sent.');
    expect(receiver.received).toEqual([]);
  });

  /** One attempt at the URL with private addresses not allowed, as the worker makes it. */
  async function attemptWithGuard(url: string) {
    const { id } = await subscribe(['comment.created']);
    await t.db.update(webhooks).set({ url }).where(eq(webhooks.id, id));
    // A delivery with no job, made by hand: this attempt is the only one.
    const [row] = await t.db
      .insert(webhookDeliveries)
      .values({ webhookId: id, event: 'webhook.test', messageId: `msg_guard_${id}`, payload: {} })
      .returning();
    const settings = { ...testConfig.webhooks, allowPrivateUrls: false };
    await deliver({ db: t.db, settings }, row?.id ?? 0, true);
    const [delivery] = await deliveries(id);
    return delivery;
  }

  it('refuses, without connecting, a host that resolves to a private address by then', async () => {
    const delivery = await attemptWithGuard(receiver.url().replace('127.0.0.1', 'localhost'));
    expect(delivery?.status).toBe('failed');
    expect(delivery?.attempts).toMatchObject([
      {
        attempt: 1,
        status_code: null,
        error: expect.stringContaining('a loopback address') as string,
      },
    ]);
    expect(receiver.received).toEqual([]);
  });

  it.each(FORBIDDEN_HOSTS)('refuses $name by then, without connecting', async (host) => {
    const url = `http://[${host.address}]:${new URL(receiver.url()).port}/hook`;
    // Were the guard to pass it, the attempt would connect: the test stops before then.
    await expect(checkedAddress(new URL(url), false)).rejects.toThrow(UnsafeUrl);
    const delivery = await attemptWithGuard(url);
    expect(delivery?.status).toBe('failed');
    expect(delivery?.attempts).toMatchObject([
      {
        attempt: 1,
        status_code: null,
        error: expect.stringContaining(`: it ${host.reason}.`) as string,
      },
    ]);
    expect(receiver.received).toEqual([]);
  });
});

describe('events, each once, from the writes that cause them', () => {
  it('a comment: its author, idea and links; no text under blind review', async () => {
    const { id, secret } = await subscribe(['comment.created']);
    const idea = await newIdea('Bikes on trains');
    const comment = await call(member, 'POST', '/api/idea-annotations/comments/', {
      idea_id: idea,
      text: 'Yes please',
    });
    await settled(id, 1);
    const [request] = receiver.received;
    expect(request && verified(secret, request)).toMatchObject({
      type: 'comment.created',
      data: {
        comment: {
          id: comment.json<{ id: number }>().id,
          text: 'Yes please',
          author: { id: member.id, name: 'Ada Lovelace' },
        },
        idea: {
          id: idea,
          title: 'Bikes on trains',
          url: `https://ideas.example.com/brainstorms/${brainstorm}/ideas/${idea}`,
        },
        brainstorm: { id: brainstorm, title: 'Commuting', blind_review: false },
      },
    });
    await call(member, 'PATCH', `/api/brainstorms/${brainstorm}/`, { blind_review: true });
    try {
      // The webhook speaks for its creator, who has not reviewed the idea: no comment count
      // of it goes out.
      await call(member, 'POST', '/api/idea-annotations/comments/', {
        idea_id: idea,
        text: 'Unheard, this one',
      });
      await call(staff, 'POST', `/api/ideas/${idea}/annotate/`, { vote: 1 });
      await call(member, 'POST', '/api/idea-annotations/comments/', {
        idea_id: idea,
        text: 'Anchoring, this would be',
      });
      await settled(id, 2);
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]?.body).not.toContain('Anchoring');
      expect(JSON.parse(receiver.received[1]?.body ?? '{}')).toMatchObject({
        data: { comment: { text: null }, brainstorm: { blind_review: true } },
      });
    } finally {
      await call(member, 'PATCH', `/api/brainstorms/${brainstorm}/`, { blind_review: false });
    }
  });

  it("a pin under blind review only once the webhook's creator has reviewed the idea", async () => {
    const { id } = await subscribe(['idea.pinned']);
    const pin = (idea: number) =>
      call(member, 'POST', '/api/idea-annotations/reactions/', {
        idea_id: idea,
        reaction_type: 'thumbtack',
      });
    await call(member, 'PATCH', `/api/brainstorms/${brainstorm}/`, { blind_review: true });
    try {
      const unseen = await newIdea('Quiet coaches');
      const seen = await newIdea('Loud coaches');
      await call(staff, 'POST', `/api/ideas/${seen}/annotate/`, { is_hidden: true });
      expect((await pin(unseen)).statusCode).toBe(201);
      expect((await pin(seen)).statusCode).toBe(201);
      await settled(id, 1);
      expect(receiver.received.map((r) => JSON.parse(r.body) as unknown)).toMatchObject([
        { type: 'idea.pinned', data: { idea: { id: seen } } },
      ]);
    } finally {
      await call(member, 'PATCH', `/api/brainstorms/${brainstorm}/`, { blind_review: false });
    }
  });

  it('a pin: once when the idea is first pinned, naming nobody', async () => {
    const { id } = await subscribe(['idea.pinned']);
    const idea = await newIdea('Standing desks on trains');
    for (const user of [member, staff]) {
      const pin = await call(user, 'POST', '/api/idea-annotations/reactions/', {
        idea_id: idea,
        reaction_type: 'thumbtack',
      });
      expect(pin.statusCode).toBe(201);
    }
    // Other reactions, bookmarks and votes are no events.
    await call(member, 'POST', '/api/idea-annotations/reactions/', {
      idea_id: idea,
      reaction_type: 'laugh',
    });
    await call(member, 'POST', `/api/ideas/${idea}/annotate/`, { vote: 1, is_bookmarked: true });
    const [delivery] = await settled(id, 1);
    expect(delivery?.event).toBe('idea.pinned');
    const body = receiver.received[0]?.body ?? '';
    expect(JSON.parse(body)).toMatchObject({
      type: 'idea.pinned',
      data: {
        idea: { id: idea, title: 'Standing desks on trains' },
        brainstorm: { id: brainstorm },
      },
    });
    for (const word of ['Ada', 'Grace', 'user', 'author', 'by', 'bookmark', 'vote', 'hidden']) {
      expect(body.toLowerCase()).not.toContain(word.toLowerCase());
    }
  });

  it('a pin by changing a reaction into a thumbtack', async () => {
    const { id } = await subscribe(['idea.pinned']);
    const reaction = await call(member, 'POST', '/api/idea-annotations/reactions/', {
      idea_id: await newIdea('Trains with showers'),
      reaction_type: 'idea',
    });
    const changed = await call(
      member,
      'PATCH',
      `/api/idea-annotations/reactions/${reaction.json<{ id: number }>().id}/`,
      { reaction_type: 'thumbtack' },
    );
    expect(changed.statusCode).toBe(200);
    expect((await settled(id, 1)).map((d) => d.event)).toEqual(['idea.pinned']);
  });

  it('a finished generation: its counts, provider and model, who asked', async () => {
    const { id, secret } = await subscribe(['generation.finished']);
    const started = await call(member, 'POST', `/api/brainstorms/${brainstorm}/brainstorm/`, {
      ...generationBody(2),
    });
    expect(started.statusCode).toBe(202);
    const generation = await waitForGeneration(t.app, member, started.json<{ id: number }>().id);
    expect(generation.status).toBe('done');
    await settled(id, 1);
    const [request] = receiver.received;
    expect(request && verified(secret, request)).toMatchObject({
      type: 'generation.finished',
      data: {
        generation: {
          id: generation.id,
          status: 'done',
          requested: 2,
          succeeded: 2,
          failed: 0,
          provider: 'offline',
          model: 'sample-ideas',
          requested_by: { id: member.id, name: 'Ada Lovelace' },
        },
        brainstorm: { id: brainstorm, url: `https://ideas.example.com/brainstorms/${brainstorm}` },
      },
    });
  });
});
