import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { generations, generationSlots } from '../../db/schema/generations.js';
import type { UserRow } from '../../db/schema/users.js';
import { testConfig } from '../../../test/app.js';
import { createTestDatabase } from '../../../test/database.js';
import {
  startFakeLlmServer,
  type FakeLlmServer,
  type RecordedLlmRequest,
} from '../../../test/fake-llm-server.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  compatibleEnv,
  generationBody,
  generationConfig,
  makeRichBrainstorm,
  waitForGeneration,
} from '../../../test/generation-helpers.js';
import { insertIdeas } from '../../../test/idea-factories.js';
import type { GenerationDto } from './generation.schemas.js';
import {
  BUDGET_REASONS,
  CALL_OVERHEAD_TOKENS,
  promptTokenBound,
  textTokenBound,
} from './token-budget.js';

/** A character UTF-8 writes in three bytes, and tokenizers may cut into three tokens. */
const THREE_BYTES = 'ꙮ';
const BUDGET = 100_000;

/**
 * What the most expensive tokenizer could charge for a request: a token for every byte of the
 * text it reads (the messages and the answer's schema) and all the tokens it was allowed to
 * write. The fake provider reports that as its usage.
 */
function worstCharge(request: RecordedLlmRequest): { input: number; output: number } {
  const body = request.body as { response_format?: unknown; max_tokens?: number };
  return {
    input:
      Buffer.byteLength(request.system ?? '') +
      Buffer.byteLength(request.user ?? '') +
      Buffer.byteLength(JSON.stringify(body.response_format ?? '')),
    output: body.max_tokens ?? 0,
  };
}

/** The fake provider's answer: an idea, charged as much as any tokenizer could. */
const chargingWorst = (request: RecordedLlmRequest) =>
  ({ kind: 'idea', usage: worstCharge(request) }) as const;

const charged = (requests: RecordedLlmRequest[]) =>
  requests.reduce((sum, r) => sum + worstCharge(r).input + worstCharge(r).output, 0);

let fake: FakeLlmServer;
let database: Database;
const apps: App[] = [];

/** An app on the shared database: workers on or off, the given budget and grace. */
async function startApp(workers: boolean, extra: Partial<Config['generation']> = {}) {
  const config = generationConfig(compatibleEnv(fake.baseUrl), {
    // A call that times out counts what it reserved as unreported, not as used, and the tests
    // compare what was used with what the provider charged: beside other work (load 16) the
    // embedded database held the event loop past a 2 s timeout, so calls get a wide margin.
    timeoutMs: 10_000,
    attempts: 4,
    shutdownGraceMs: 0,
    ...extra,
    workers,
    limits: { ...testConfig.generation.limits, dailyTokensPerUser: BUDGET },
  });
  const app = await buildApp({ ...testConfig, ...config }, { database });
  await app.ready();
  apps.push(app);
  return app;
}

async function stopApps() {
  for (const app of apps.splice(0)) await app.close();
}

/** Asks the fake provider for `ideas` ideas of at most `maxTokens` each. */
const ask = (app: App, user: UserRow, brainstormId: number, ideas: number, maxTokens: number) =>
  apiAs(app)(
    user,
    'POST',
    `/api/brainstorms/${brainstormId}/brainstorm/`,
    generationBody(ideas, 'openai_compatible', 'fake-model', { max_tokens: maxTokens }),
  );

/** Everything the user's generations count against the budget: used, reserved, cut off. */
async function countedTokens(user: UserRow) {
  const [row] = await database.db
    .select({
      used: sql<number>`coalesce(sum(${generations.inputTokens} + ${generations.outputTokens}), 0)::int`,
      unreported: sql<number>`coalesce(sum(${generations.unreportedTokens}), 0)::int`,
      reserved: sql<number>`coalesce(sum(${generations.reservedTokens}), 0)::int`,
    })
    .from(generations)
    .where(eq(generations.createdBy, user.id));
  return row ?? { used: 0, unreported: 0, reserved: 0 };
}

beforeAll(async () => {
  fake = await startFakeLlmServer({ default: chargingWorst });
  database = await createTestDatabase();
});
afterEach(async () => {
  await stopApps();
  fake.reset();
  fake.setDefault(chargingWorst);
});
afterAll(async () => {
  await database.close();
  await fake.close();
});

describe('the most tokens a text may cost', () => {
  it('is a token per UTF-8 byte, of the text or of its compatibility form if longer', () => {
    expect(textTokenBound('plain words')).toBe(11);
    expect(textTokenBound(THREE_BYTES.repeat(10))).toBe(30);
    expect(textTokenBound('😀')).toBe(4);
    // One code point that NFKC spells out as eighteen (33 bytes).
    expect(textTokenBound('\ufdfa')).toBe(Buffer.byteLength('\ufdfa'.normalize('NFKC')));
    expect(promptTokenBound({ system: 'ab', prompt: THREE_BYTES })).toBe(5 + CALL_OVERHEAD_TOKENS);
  });
});

describe(`a daily budget of ${BUDGET.toLocaleString('en')} tokens`, () => {
  /**
   * A problem of characters that cost three tokens each: reserving a token for every three
   * characters let 25 ideas at max_tokens 1 use 4.15 times the budget.
   */
  it('holds against prompts of characters that cost three tokens each', async () => {
    const app = await startApp(true);
    const user = await makeUser(database.db);
    const brainstorm = await makeRichBrainstorm(database.db, user, {
      problem: THREE_BYTES.repeat(5000),
      themes: [THREE_BYTES.repeat(100)],
    });
    expect((await ask(app, user, brainstorm.id, 25, 1)).statusCode).toBe(429);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await ask(app, user, brainstorm.id, 2, 1);
      statuses.push(response.statusCode);
      if (response.statusCode === 202) {
        await waitForGeneration(app, user, response.json<GenerationDto>().id);
      }
    }
    expect(statuses).toContain(202);
    expect(statuses).toContain(429);
    const counted = await countedTokens(user);
    expect(counted.used).toBe(charged(fake.requests));
    expect(counted.used).toBeLessThanOrEqual(BUDGET);
  });

  /**
   * Queued ideas reserve what their prompt was when they were asked for. A brainstorm edited
   * to its largest before they run makes each call several times that: a call that no longer
   * fits its reservation reserves the difference first, or is not made.
   */
  it('holds when the brainstorm grows while its ideas wait in the queue', async () => {
    const queueing = await startApp(false);
    const user = await makeUser(database.db);
    const brainstorm = await makeRichBrainstorm(database.db, user, { problem: 'Short.' });
    const response = await ask(queueing, user, brainstorm.id, 10, 500);
    expect(response.statusCode).toBe(202);
    const edited = await apiAs(queueing)(user, 'PATCH', `/api/brainstorms/${brainstorm.id}/`, {
      parameters: {
        problem: THREE_BYTES.repeat(5000),
        themes: Array.from({ length: 10 }, (_, i) => `${i} ${THREE_BYTES.repeat(190)}`),
      },
    });
    expect(edited.statusCode).toBe(200);
    await insertIdeas(
      database.db,
      brainstorm.id,
      Array.from({ length: 20 }, (_, i) => ({ title: `${i} ${'t'.repeat(295)}` })),
    );
    await stopApps();

    const working = await startApp(true);
    const generation = await waitForGeneration(working, user, response.json<GenerationDto>().id);
    expect(generation.succeeded).toBeGreaterThan(0);
    expect(generation.failures).toEqual([
      { reason: BUDGET_REASONS.user, count: generation.failed },
    ]);
    expect(generation.failed).toBeGreaterThan(0);
    const counted = await countedTokens(user);
    expect(counted.used).toBe(charged(fake.requests));
    expect(counted.used).toBeLessThanOrEqual(BUDGET);
    expect(counted.reserved).toBe(0);
  });

  /**
   * Calls cut off by a stop or a crash are made again; a provider may have charged both. The
   * first calls count all they reserved, the second what they reported.
   */
  it('counts calls that were cut off and made again', async () => {
    fake.setDefault({ kind: 'hang' });
    const first = await startApp(true);
    const user = await makeUser(database.db);
    const brainstorm = await makeRichBrainstorm(database.db, user);
    const response = await ask(first, user, brainstorm.id, 5, 200);
    await expect.poll(() => fake.calls()).toBe(5);
    await stopApps();
    const cutOff = [...fake.requests];
    fake.setDefault(chargingWorst);

    const second = await startApp(true);
    const generation = await waitForGeneration(second, user, response.json<GenerationDto>().id);
    expect(generation.succeeded).toBe(5);
    expect(fake.calls()).toBe(10);
    const counted = await countedTokens(user);
    expect(counted.used).toBe(charged(fake.requests.slice(5)));
    // What the cut-off calls reserved covers the most they could have cost.
    expect(counted.unreported).toBeGreaterThanOrEqual(charged(cutOff));
    expect(counted.reserved).toBe(0);
  });

  it('counts what malformed answers reported, whether not JSON or with an empty field', async () => {
    const malformed = ['{"title": "cut off', '{"title": " ", "summary": "s", "description": "d"}'];
    fake.setDefault((request) => {
      const text = malformed[request.n - 1];
      return text === undefined
        ? chargingWorst(request)
        : { kind: 'malformed', text, usage: worstCharge(request) };
    });
    const app = await startApp(true);
    const user = await makeUser(database.db);
    const brainstorm = await makeRichBrainstorm(database.db, user);
    const response = await ask(app, user, brainstorm.id, 1, 300);
    const generation = await waitForGeneration(app, user, response.json<GenerationDto>().id);
    expect(generation).toMatchObject({ succeeded: 1, slots: [{ attempts: 3 }] });
    expect(fake.calls()).toBe(3);
    const counted = await countedTokens(user);
    expect(counted.used).toBe(charged(fake.requests));
    expect(counted.reserved).toBe(0);
  });

  it('stops calling once calls that timed out have used up the room', async () => {
    fake.setDefault({ kind: 'hang' });
    const app = await startApp(true, { timeoutMs: 300, retryDelayMs: 10 });
    const user = await makeUser(database.db);
    const brainstorm = await makeRichBrainstorm(database.db, user);
    // Room for the 6 ideas' first calls and a few more, not for every attempt of every idea.
    const response = await ask(app, user, brainstorm.id, 6, 8000);
    expect(response.statusCode).toBe(202);
    const generation = await waitForGeneration(app, user, response.json<GenerationDto>().id);
    expect(generation.failed).toBe(6);
    expect(generation.failures.map((f) => f.reason)).toContain(BUDGET_REASONS.user);
    expect(fake.calls()).toBeLessThan(6 * 4);
    const counted = await countedTokens(user);
    expect(counted.unreported).toBeLessThanOrEqual(BUDGET);
    const [slot] = await database.db
      .select()
      .from(generationSlots)
      .where(eq(generationSlots.generationId, generation.id));
    expect(slot?.inFlight).toBe(false);
  });
});
