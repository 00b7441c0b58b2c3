import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import type { FakeLlmServer } from '../../../test/fake-llm-server.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  compatibleEnv,
  generationBody,
  generationConfig,
  makeRichBrainstorm,
  useFakeLlmApp,
  waitForGeneration,
} from '../../../test/generation-helpers.js';
import type { GenerationLimits } from '../../config.js';
import { ideaEmbeddings, ideas } from '../../db/schema/ideas.js';
import type { UserRow } from '../../db/schema/users.js';
import type { GeneratedIdea } from '../providers/generated-idea.js';
import type { GenerationDto } from './generation.schemas.js';

const onPostgres = process.env.TEST_DB === 'postgres';

const generous: GenerationLimits = {
  runningPerUser: 100,
  ideasPerHour: 10_000,
  dailyTokensPerUser: 1_000_000_000,
  dailyTokensTotal: 1_000_000_000,
};

const PODS: GeneratedIdea = {
  title: 'Soundproof phone booths for calls',
  summary: 'Put two soundproof phone booths in the corner for calls.',
  description: 'Buy two booths and ask people to take calls there.',
};
const PLANTS: GeneratedIdea = {
  title: 'A living wall of moss between desks',
  summary: 'Moss panels absorb chatter and make the room greener.',
  description: 'Mount moss panels on rolling frames between the teams.',
};
const HOURS: GeneratedIdea = {
  title: 'Library hours every morning until eleven',
  summary: 'Nobody talks at their desk before eleven o’clock.',
  description: 'Agree on it as a team and put a sign on each cluster.',
};

let fake: FakeLlmServer;
let t: TestApp;
let user: UserRow;
let api: ReturnType<typeof apiAs>;

async function generate(
  brainstormId: number,
  body: object,
  expected = 202,
): Promise<GenerationDto> {
  const response = await api(user, 'POST', `/api/brainstorms/${brainstormId}/brainstorm/`, body);
  expect(response.statusCode, response.body).toBe(expected);
  return response.json<GenerationDto>();
}

const high = (count: number) => ({
  ...generationBody(count, 'openai_compatible', 'fake-model'),
  variety: 'high',
});

const suite = useFakeLlmApp((url) => ({
  ...generationConfig(
    {
      ...compatibleEnv(url),
      OPENAI_COMPATIBLE_EMBEDDING_MODEL: 'fake-embed',
      // Google's own API, generateContent and embedContent, served by the fake too.
      GOOGLE_GENERATIVE_AI_API_KEY: 'fake-llm-key',
      GOOGLE_BASE_URL: url,
      GOOGLE_MODELS: 'gemini-fake',
    },
    { limits: generous },
  ),
  // Only the cosine of the embeddings stacks here: the lexical check never does.
  duplicates: { lexical: 1.01, semantic: 0.9 },
}));
beforeAll(async () => {
  ({ fake, t } = suite);
  user = await makeUser(t.db);
  api = apiAs(t.app);
});

describe('variety high', () => {
  it('asks each slot for 3 candidates in one call and keeps the least alike', async () => {
    const brainstorm = await makeRichBrainstorm(t.db, user);
    await t.db.insert(ideas).values({ brainstormId: brainstorm.id, ...PODS });
    fake.enqueue({ kind: 'idea', ideas: [PODS, PLANTS, { ...PODS, title: `${PODS.title}!` }] });
    const started = await generate(brainstorm.id, high(1));
    expect(started.variety).toBe('high');
    const done = await waitForGeneration(t.app, user, started.id);
    expect(done).toMatchObject({ status: 'done', variety: 'high', stacked: 0 });
    expect(fake.calls()).toBe(1);
    const [request] = fake.requests;
    expect(request?.user).toContain('answer with exactly 3 new ideas');
    expect(JSON.stringify(request?.body)).toContain('"ideas"');
    const stored = await t.db.select().from(ideas).where(eq(ideas.generationId, started.id));
    expect(stored.map((i) => i.title)).toEqual([PLANTS.title]);
    // Its embedding was stored with the model's name; all three were embedded in one call.
    const [embedding] = await t.db
      .select()
      .from(ideaEmbeddings)
      .where(eq(ideaEmbeddings.ideaId, stored[0]?.id ?? 0));
    expect(embedding?.model).toBe('fake-embed');
    expect(fake.embeddingRequests).toHaveLength(1);
    expect((fake.embeddingRequests[0]?.body as { input: string[] }).input).toHaveLength(3);
  });

  it('drops a malformed candidate when another is good', async () => {
    const brainstorm = await makeRichBrainstorm(t.db, user);
    fake.enqueue({ kind: 'idea', ideas: [{ ...PODS, title: ' ' }, HOURS] });
    const started = await generate(brainstorm.id, high(1));
    expect(await waitForGeneration(t.app, user, started.id)).toMatchObject({ status: 'done' });
    const stored = await t.db.select().from(ideas).where(eq(ideas.generationId, started.id));
    expect(stored.map((i) => i.title)).toEqual([HOURS.title]);
  });

  it("takes the same variety for 'More like this'", async () => {
    const brainstorm = await makeRichBrainstorm(t.db, user);
    const [idea] = await t.db
      .insert(ideas)
      .values({ brainstormId: brainstorm.id, ...PODS })
      .returning();
    fake.enqueue({ kind: 'idea', ideas: [PODS, HOURS, PLANTS] });
    const response = await api(user, 'POST', `/api/ideas/${idea?.id ?? 0}/more-like-this/`, {
      ...generationBody(1, 'openai_compatible', 'fake-model'),
      variety: 'high',
    });
    expect(response.statusCode, response.body).toBe(202);
    const done = await waitForGeneration(t.app, user, response.json<GenerationDto>().id);
    expect(done).toMatchObject({ status: 'done', variety: 'high' });
    expect(fake.requests[0]?.user).toContain('answer with exactly 3 new ideas');
  });

  it('refuses any other variety with a field error', async () => {
    const brainstorm = await makeRichBrainstorm(t.db, user);
    const response = await api(user, 'POST', `/api/brainstorms/${brainstorm.id}/brainstorm/`, {
      ...generationBody(1),
      variety: 'extreme',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ variety: ["Must be 'normal' or 'high'."] });
  });

  it('has the offline provider compose its candidates from different seeds', async () => {
    const brainstorm = await makeRichBrainstorm(t.db, user);
    const started = await generate(brainstorm.id, { ...generationBody(4), variety: 'high' });
    const done = await waitForGeneration(t.app, user, started.id);
    expect(done).toMatchObject({ status: 'done', variety: 'high', input_tokens: 0 });
  });
});

describe('embeddings', () => {
  it('stacks a rewording by the cosine of its embedding', async () => {
    const brainstorm = await makeRichBrainstorm(t.db, user);
    fake.enqueue({ kind: 'idea', idea: PODS });
    const first = await generate(
      brainstorm.id,
      generationBody(1, 'openai_compatible', 'fake-model'),
    );
    const original = await waitForGeneration(t.app, user, first.id);
    expect(original.stacked).toBe(0);
    // The same stems in another order and form: the fake embeds them alike (cosine 1).
    fake.enqueue({
      kind: 'idea',
      idea: {
        title: 'Phone booths, soundproofed, for calls',
        summary: 'Two soundproofed booths for phone calls, put in the corner.',
        description: 'Something else entirely.',
      },
    });
    const second = await generate(
      brainstorm.id,
      generationBody(1, 'openai_compatible', 'fake-model'),
    );
    const done = await waitForGeneration(t.app, user, second.id);
    expect(done.stacked).toBe(1);
    const [stacked] = await t.db.select().from(ideas).where(eq(ideas.generationId, second.id));
    expect(stacked?.duplicateOf).toBe(original.slots[0]?.idea);
    // The embedding's tokens (a quarter of the text's characters) count into the usage.
    const prompt = fake.requests[1];
    const promptTokens = Math.ceil(`${prompt?.system ?? ''}${prompt?.user ?? ''}`.length / 4);
    expect(fake.embeddingRequests).toHaveLength(2);
    expect(done.input_tokens).toBeGreaterThan(promptTokens);
  });

  it("embeds through Google's API: one idea with embedContent, candidates in one batch", async () => {
    const brainstorm = await makeRichBrainstorm(t.db, user);
    fake.enqueue({ kind: 'idea', idea: PODS, usage: { input: 100, output: 50 } });
    const first = await generate(brainstorm.id, generationBody(1, 'google', 'gemini-fake'));
    const original = await waitForGeneration(t.app, user, first.id);
    expect(original).toMatchObject({ status: 'done', succeeded: 1, stacked: 0 });
    expect(fake.requests[0]?.api).toBe('gemini');
    expect(fake.embeddingRequests.map((request) => request.path)).toEqual([
      '/v1/models/gemini-embedding-001:embedContent',
    ]);
    const [stored] = await t.db
      .select()
      .from(ideaEmbeddings)
      .where(eq(ideaEmbeddings.ideaId, original.slots[0]?.idea ?? 0));
    expect(stored?.model).toBe('gemini-embedding-001');
    // Google reports no tokens for embeddings: the most the text can be counts in their place.
    const embeddedBytes = Buffer.byteLength(`${PODS.title}\n${PODS.summary}`);
    expect(original).toMatchObject({ input_tokens: 100 + embeddedBytes, output_tokens: 50 });

    // Three candidates, one a rewording of the first idea: embedded together, and not kept.
    const reworded = {
      title: 'Phone booths, soundproofed, for calls',
      summary: 'Two soundproofed booths for phone calls, put in the corner.',
      description: 'Something else entirely.',
    };
    fake.enqueue({ kind: 'idea', ideas: [reworded, PLANTS, HOURS] });
    const second = await generate(brainstorm.id, {
      ...generationBody(1, 'google', 'gemini-fake'),
      variety: 'high',
    });
    const done = await waitForGeneration(t.app, user, second.id);
    expect(done).toMatchObject({ status: 'done', succeeded: 1, stacked: 0 });
    const batch = fake.embeddingRequests[1];
    expect(batch?.path).toBe('/v1/models/gemini-embedding-001:batchEmbedContents');
    expect((batch?.body as { requests: unknown[] }).requests).toHaveLength(3);
    const [kept] = await t.db.select().from(ideas).where(eq(ideas.generationId, second.id));
    expect(kept?.title).not.toBe(reworded.title);
  });

  it('stores the idea without an embedding when embedding fails', async () => {
    const brainstorm = await makeRichBrainstorm(t.db, user);
    fake.setEmbeddings('fail');
    const started = await generate(
      brainstorm.id,
      generationBody(1, 'openai_compatible', 'fake-model'),
    );
    const done = await waitForGeneration(t.app, user, started.id);
    expect(done).toMatchObject({ status: 'done', succeeded: 1 });
    const id = done.slots[0]?.idea ?? 0;
    expect(await t.db.select().from(ideaEmbeddings).where(eq(ideaEmbeddings.ideaId, id))).toEqual(
      [],
    );
    expect(fake.embeddingRequests).toHaveLength(1);
  });
});

describe('the token reservation of variety high', () => {
  let held: TestApp;
  beforeAll(async () => {
    held = await createTestApp({
      ...generationConfig({
        OPENAI_API_KEY: 'sk-unused',
        OPENAI_MODELS: 'gpt-x',
        OPENAI_EMBEDDING_MODEL: 'none',
      }),
      generation: {
        ...testConfig.generation,
        workers: false,
        // One idea reserves its prompt (about 3,500) and 4,000 per candidate.
        limits: { ...generous, dailyTokensPerUser: 12_000 },
      },
    });
  });
  afterAll(() => held.close());

  it('counts max_tokens once per candidate: a budget that fits normal refuses high', async () => {
    const owner = await makeUser(held.db);
    const brainstorm = await makeRichBrainstorm(held.db, owner);
    const body = generationBody(1, 'openai', 'gpt-x', { temperature: 0.7, max_tokens: 4000 });
    const refused = await apiAs(held.app)(
      owner,
      'POST',
      `/api/brainstorms/${brainstorm.id}/brainstorm/`,
      { ...body, variety: 'high' },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toBe(
      'This would pass your daily budget of 12,000 tokens. Ask for fewer ideas or fewer ' +
        'tokens, or try again after midnight UTC.',
    );
    const accepted = await apiAs(held.app)(
      owner,
      'POST',
      `/api/brainstorms/${brainstorm.id}/brainstorm/`,
      body,
    );
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(accepted.json<GenerationDto>().variety).toBe('normal');
  });
});

describe.runIf(onPostgres)('parallel slots of one high generation', () => {
  it('never keep the same candidate twice', async () => {
    const brainstorm = await makeRichBrainstorm(t.db, user);
    fake.setDefault(() => ({
      kind: 'idea',
      ideas: [PODS, PLANTS, HOURS],
      delayMs: Math.floor(Math.random() * 30),
    }));
    const started = await generate(brainstorm.id, high(5));
    const done = await waitForGeneration(t.app, user, started.id);
    expect(done).toMatchObject({ status: 'done', succeeded: 5 });
    const stored = await t.db.select().from(ideas).where(eq(ideas.generationId, started.id));
    const originals = stored.filter((i) => i.duplicateOf === null).map((i) => i.title);
    expect(originals.sort()).toEqual([HOURS.title, PLANTS.title, PODS.title].sort());
    expect(done.stacked).toBe(2);
  });
});
