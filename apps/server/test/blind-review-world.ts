import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { webhookDeliveries } from '../src/db/schema/integrations.js';
import type { UserRow } from '../src/db/schema/users.js';
import type { GenerationDto } from '../src/modules/generation/generation.schemas.js';
import { createTestApp, testConfig, type TestApp } from './app.js';
import { apiAs, authHeaders, makeUser } from './factories.js';
import { generationBody, generationConfig, waitForGeneration } from './generation-helpers.js';
import { startReceiver, type WebhookReceiver } from './webhook-receiver.js';

/**
 * A brainstorm under blind review that the team has reviewed, and a newcomer who has reviewed
 * nothing in it: what the blind-review channels test reads.
 */
export interface BlindWorld {
  t: TestApp;
  call: ReturnType<typeof apiAs>;
  receiver: WebhookReceiver;
  /** Alice and Bob voted, reacted, commented, bookmarked and hid. */
  alice: UserRow;
  bob: UserRow;
  /** Staff, so that he may make a webhook; he has reviewed nothing. */
  newcomer: UserRow;
  /** The newcomer's webhook, subscribed to every event. */
  webhook: number;
  brainstorm: number;
  /** Five ideas generated before anyone reviewed: the first up-voted, pinned and commented. */
  ideas: number[];
  /** A generation Alice started after the reviews: they steered it. */
  steered: GenerationDto;
  /** The idea it stored. */
  steeredIdea: number;
}

/** Starts a generation of one offline idea as `user` and waits until it has finished. */
export async function generate(world: Pick<BlindWorld, 't' | 'call'>, user: UserRow, url: string) {
  const started = await world.call(user, 'POST', url, generationBody(1));
  expect(started.statusCode, started.body).toBe(202);
  const answer = started.json<GenerationDto>();
  await waitForGeneration(world.t.app, user, answer.id);
  return answer;
}

/** A tool's answer over the MCP endpoint, called as `user`: its structured data and its text. */
export async function callTool(
  world: BlindWorld,
  user: UserRow,
  name: string,
  args: Record<string, unknown>,
) {
  const response = await world.t.app.inject({
    method: 'POST',
    url: '/api/mcp/',
    headers: { ...(await authHeaders(world.t.app, user)), accept: 'application/json' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { result } = response.json<{
    result: { structuredContent: unknown; content: { text: string }[]; isError?: boolean };
  }>();
  const text = result.content.map((part) => part.text).join('\n');
  expect(result.isError ?? false, text).toBe(false);
  return { data: result.structuredContent, text };
}

/** The payloads queued for a webhook that name an idea. */
export async function payloadsAbout(world: BlindWorld, webhook: number, idea: number) {
  const rows = await world.t.db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhook));
  return rows
    .map((row) => row.payload as { type: string; data: { idea?: { id: number } } })
    .filter((payload) => payload.data.idea?.id === idea);
}

/**
 * The team's reviews: the first idea up-voted, commented and pinned by Alice, the second
 * down-voted and the third hidden by Bob, the fourth bookmarked by both (so it steers).
 */
async function reviewIdeas(call: BlindWorld['call'], [alice, bob]: UserRow[], ideas: number[]) {
  const [first = 0, second = 0, third = 0, fourth = 0] = ideas;
  const writes: [UserRow | undefined, string, object][] = [
    [alice, `/api/ideas/${first}/annotate/`, { vote: 1 }],
    [alice, '/api/idea-annotations/comments/', { idea_id: first, text: 'Love it' }],
    [alice, '/api/idea-annotations/reactions/', { idea_id: first, reaction_type: 'thumbtack' }],
    [bob, `/api/ideas/${second}/annotate/`, { vote: -1 }],
    [bob, `/api/ideas/${third}/annotate/`, { is_hidden: true }],
    [alice, `/api/ideas/${fourth}/annotate/`, { is_bookmarked: true }],
    [bob, `/api/ideas/${fourth}/annotate/`, { is_bookmarked: true }],
  ];
  for (const [user, url, body] of writes) {
    const response = await call(user ?? null, 'POST', url, body);
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  }
}

/** Builds the world on a fresh app; `close` it after. */
export async function blindWorld(): Promise<BlindWorld & { close(): Promise<void> }> {
  const receiver = await startReceiver();
  const config = generationConfig();
  const t = await createTestApp({
    ...config,
    generation: {
      ...(config.generation ?? testConfig.generation),
      limits: { ...testConfig.generation.limits, runningPerUser: 100, ideasPerHour: 10_000 },
    },
  });
  const call = apiAs(t.app);
  const alice = await makeUser(t.db, { first_name: 'Alice' });
  const bob = await makeUser(t.db, { first_name: 'Bob' });
  const newcomer = await makeUser(t.db, { first_name: 'Nina', is_staff: true });
  const hook = await call(newcomer, 'POST', '/api/webhooks/', {
    url: receiver.url('/newcomer'),
    events: ['comment.created', 'idea.pinned', 'generation.finished'],
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const made = await call(alice, 'POST', '/api/brainstorms/', {
    title: 'Blind',
    blind_review: true,
    parameters: { problem: 'Meetings run long' },
  });
  expect(made.statusCode, made.body).toBe(201);
  const brainstorm = made.json<{ id: number }>().id;
  const first = await call(alice, 'POST', `/api/brainstorms/${brainstorm}/brainstorm/`, {
    ...generationBody(5),
    steer: false,
  });
  expect(first.statusCode, first.body).toBe(202);
  const seeded = await waitForGeneration(t.app, alice, first.json<GenerationDto>().id);
  const ideas = seeded.slots.flatMap((slot) => (slot.idea === null ? [] : [slot.idea]));
  expect(ideas).toHaveLength(5);
  await reviewIdeas(call, [alice, bob], ideas);
  const steered = await generate({ t, call }, alice, `/api/brainstorms/${brainstorm}/brainstorm/`);
  const [slot] = (await waitForGeneration(t.app, alice, steered.id)).slots;
  const world: BlindWorld = {
    t,
    call,
    receiver,
    alice,
    bob,
    newcomer,
    webhook: hook.json<{ id: number }>().id,
    brainstorm,
    ideas,
    steered,
    steeredIdea: slot?.idea ?? 0,
  };
  return {
    ...world,
    async close() {
      await t.close();
      await receiver.close();
    },
  };
}
