import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { App } from '../src/app.js';
import { loadConfig, type Config, type GenerationConfig } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { brainstorms } from '../src/db/schema/brainstorms.js';
import type { UserRow } from '../src/db/schema/users.js';
import type { GenerationDto } from '../src/modules/generation/generation.schemas.js';
import { createTestApp, testConfig, type TestApp } from './app.js';
import { apiAs } from './factories.js';
import { startFakeLlmServer, type FakeLlmServer } from './fake-llm-server.js';

/** Settings for suites that run generation workers: short waits, quick polls. */
export function generationConfig(
  env: NodeJS.ProcessEnv = {},
  generation: Partial<GenerationConfig> = {},
): Partial<Config> {
  const loaded = loadConfig(env);
  return {
    providers: loaded.providers,
    generation: {
      ...testConfig.generation,
      workers: true,
      pollingSeconds: 1,
      retryDelayMs: 20,
      timeoutMs: 5000,
      ...generation,
    },
  };
}

/**
 * The environment that points the OpenAI-compatible provider at a fake server. Repeats are not
 * judged by themselves: a suite counts its own calls, and those that judge say so.
 */
export const compatibleEnv = (baseUrl: string, models = 'fake-model') => ({
  OPENAI_COMPATIBLE_BASE_URL: baseUrl,
  OPENAI_COMPATIBLE_API_KEY: 'fake-llm-key',
  OPENAI_COMPATIBLE_NAME: 'Fake LLM',
  OPENAI_COMPATIBLE_MODELS: models,
  REPEATS_JUDGE: 'off',
});

/** A fake language-model server and an app that generates with it, for one suite. */
export interface FakeLlmSuite {
  fake: FakeLlmServer;
  t: TestApp;
}

/**
 * Starts a fake language-model server and an app configured by `config` from its address before
 * the suite (or `describe` block) it is called in, resets the fake before each test and stops
 * both after. Hooks the caller registers afterwards run after these: its own `beforeAll` finds
 * both started. By default the OpenAI-compatible provider talks to the fake.
 */
export function useFakeLlmApp(
  config: (fakeUrl: string) => Partial<Config> = (url) => generationConfig(compatibleEnv(url)),
): FakeLlmSuite {
  const suite = {} as FakeLlmSuite;
  beforeAll(async () => {
    suite.fake = await startFakeLlmServer();
    suite.t = await createTestApp(config(suite.fake.baseUrl));
  });
  afterAll(async () => {
    await suite.t.close();
    await suite.fake.close();
  });
  beforeEach(() => {
    suite.fake.reset();
  });
  return suite;
}

export function generationBody(
  count: number,
  provider = 'offline',
  model = 'sample-ideas',
  settings: Record<string, unknown> = { temperature: 0.7, max_tokens: 1000 },
) {
  return {
    num_workers: count,
    worker_params: Array.from({ length: count }, () => ({ provider, model, settings })),
  };
}

export async function makeRichBrainstorm(
  db: Db,
  owner: UserRow,
  values: { type?: string; problem?: string; themes?: string[]; title?: string } = {},
) {
  const type = values.type ?? 'scamper';
  const [row] = await db
    .insert(brainstorms)
    .values({
      title: values.title ?? 'Quieter open-plan office',
      type,
      parameters: {
        problem: values.problem ?? 'Our open-plan office is too noisy to concentrate in.',
        themes: values.themes ?? ['furniture', 'habits'],
        type,
      },
      createdBy: owner.id,
    })
    .returning();
  if (!row) throw new Error('no brainstorm');
  return row;
}

const FINISHED = new Set(['done', 'failed', 'partly_failed']);

/** Polls a generation until it has finished, and returns it. */
export async function waitForGeneration(
  app: App,
  user: UserRow,
  id: number,
  timeoutMs = 20_000,
): Promise<GenerationDto> {
  const api = apiAs(app);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api(user, 'GET', `/api/generations/${id}/`);
    expect(response.statusCode).toBe(200);
    const generation = response.json<GenerationDto>();
    if (FINISHED.has(generation.status)) return generation;
    if (Date.now() > deadline) {
      throw new Error(`generation ${id} still ${generation.status}: ${response.body}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
