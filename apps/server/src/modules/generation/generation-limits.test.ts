import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../../test/fake-llm-server.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  compatibleEnv,
  generationBody,
  generationConfig,
  makeRichBrainstorm,
} from '../../../test/generation-helpers.js';
import type { GenerationLimits } from '../../config.js';
import { generations } from '../../db/schema/generations.js';

const generous: GenerationLimits = {
  runningPerUser: 100,
  ideasPerHour: 10_000,
  dailyTokensPerUser: 1_000_000_000,
  dailyTokensTotal: 1_000_000_000,
};

/** An app whose queued generations stay queued (no workers), with the given limits. */
async function appWithLimits(limits: Partial<GenerationLimits>, env: NodeJS.ProcessEnv = {}) {
  const config = generationConfig(env);
  return createTestApp({
    ...config,
    generation: {
      ...testConfig.generation,
      workers: false,
      limits: { ...generous, ...limits },
    },
  });
}

async function start(t: TestApp, body: object, user?: Awaited<ReturnType<typeof makeUser>>) {
  const owner = user ?? (await makeUser(t.db));
  const brainstorm = await makeRichBrainstorm(t.db, owner);
  return apiAs(t.app)(owner, 'POST', `/api/brainstorms/${brainstorm.id}/brainstorm/`, body);
}

describe('the limit on generations under way', () => {
  let fake: FakeLlmServer;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeLlmServer({ default: { kind: 'hang' } });
    t = await createTestApp(
      generationConfig(compatibleEnv(fake.baseUrl), {
        limits: { ...generous, runningPerUser: 2 },
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('refuses a third with 429 and Retry-After, and calls no provider for it', async () => {
    const user = await makeUser(t.db);
    const body = generationBody(1, 'openai_compatible', 'fake-model');
    expect((await start(t, body, user)).statusCode).toBe(202);
    expect((await start(t, body, user)).statusCode).toBe(202);
    await expect.poll(() => fake.calls()).toBe(2);

    const refused = await start(t, body, user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail:
        'You already have 2 generations under way, the most allowed at once. ' +
        'Wait for one to finish.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was queued for it, so no provider will be called for it.
    const [queued] = await t.db
      .select({ n: count() })
      .from(generations)
      .where(eq(generations.createdBy, user.id));
    expect(queued?.n).toBe(2);
    expect(fake.calls()).toBe(2);

    // Another user is not held back by it.
    expect((await start(t, body)).statusCode).toBe(202);
  });
});

describe('the limit on ideas an hour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithLimits({ ideasPerHour: 10 });
  });
  afterAll(() => t.close());

  it('counts every idea asked for in the last hour, and says how many are left', async () => {
    const user = await makeUser(t.db);
    expect((await start(t, generationBody(6), user)).statusCode).toBe(202);
    const refused = await start(t, generationBody(5), user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail:
        'You can ask for at most 10 ideas an hour; 4 left for now. Ask for fewer, or try again later.',
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect((await start(t, generationBody(4), user)).statusCode).toBe(202);
  });

  it('lets exactly as many ideas through as fit when requests arrive at once', async () => {
    const user = await makeUser(t.db);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => start(t, generationBody(3), user)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);
  });
});

describe('the daily token budgets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithLimits(
      // Each costly idea reserves about 7,500 tokens: its prompt's bytes and overhead, and 4,000.
      { dailyTokensPerUser: 30_000, dailyTokensTotal: 60_000 },
      { OPENAI_API_KEY: 'sk-unused', OPENAI_MODELS: 'gpt-x', OPENAI_EMBEDDING_MODEL: 'none' },
    );
  });
  afterAll(() => t.close());

  const costly = (ideas: number) =>
    generationBody(ideas, 'openai', 'gpt-x', { temperature: 0.7, max_tokens: 4000 });

  it('reserves the most each idea may use, and refuses what would pass the budget', async () => {
    const user = await makeUser(t.db);
    expect((await start(t, costly(3), user)).statusCode).toBe(202);
    const refused = await start(t, costly(2), user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toBe(
      'This would pass your daily budget of 30,000 tokens. Ask for fewer ideas or fewer ' +
        'tokens, or try again after midnight UTC.',
    );
    const untilMidnight = Number(refused.headers['retry-after']);
    expect(untilMidnight).toBeGreaterThan(0);
    expect(untilMidnight).toBeLessThanOrEqual(86_400);
    // The offline provider costs no tokens.
    expect((await start(t, generationBody(10), user)).statusCode).toBe(202);
  });

  it("refuses what would pass the team's budget, whoever asks", async () => {
    expect((await start(t, costly(3))).statusCode).toBe(202);
    const refused = await start(t, costly(3));
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toBe(
      "This would pass the team's daily budget of 60,000 tokens. Try again after midnight UTC.",
    );
  });
});

describe('concurrent requests against the limit on generations under way', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithLimits({ runningPerUser: 1 });
  });
  afterAll(() => t.close());

  it('lets exactly one of five simultaneous requests through', async () => {
    const user = await makeUser(t.db);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => start(t, generationBody(2), user)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([202, 429, 429, 429, 429]);
  });
});
