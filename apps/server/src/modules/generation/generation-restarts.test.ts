import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../../test/app.js';
import { createTestDatabase } from '../../../test/database.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../../test/fake-llm-server.js';
import { authHeaders, makeUser } from '../../../test/factories.js';
import {
  compatibleEnv,
  generationBody,
  generationConfig,
  makeRichBrainstorm,
  waitForGeneration,
} from '../../../test/generation-helpers.js';
import { generationJobs } from '../../../test/queue-jobs.js';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { ideas } from '../../db/schema/ideas.js';
import type { GenerationDto } from './generation.schemas.js';

let fake: FakeLlmServer;
let database: Database;

beforeAll(async () => {
  fake = await startFakeLlmServer({ default: { kind: 'hang' } });
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await fake.close();
});

const config = () => ({
  ...testConfig,
  ...generationConfig(compatibleEnv(fake.baseUrl), {
    timeoutMs: 30_000,
    shutdownGraceMs: 200,
  }),
});

it('hands a running job back to the queue when the server stops, and the next one finishes it', async () => {
  const first = await buildApp(config(), { database, logger: false });
  await first.ready();
  const user = await makeUser(database.db);
  const brainstorm = await makeRichBrainstorm(database.db, user);
  const started = await first.inject({
    method: 'POST',
    url: `/api/brainstorms/${brainstorm.id}/brainstorm/`,
    headers: await authHeaders(first, user),
    payload: generationBody(1, 'openai_compatible', 'fake-model'),
  });
  expect(started.statusCode).toBe(202);
  const { id } = started.json<GenerationDto>();
  await expect.poll(() => fake.calls()).toBe(1);

  const stopping = Date.now();
  await first.close();
  // The grace period, not the 30 s the provider call could still take.
  expect(Date.now() - stopping).toBeLessThan(5000);
  const jobs = await generationJobs(database);
  expect(jobs.map((job) => [job.name, job.state])).toEqual([
    ['generate-idea-openai_compatible', 'retry'],
  ]);

  fake.setDefault({ kind: 'idea' });
  const second = await buildApp(config(), { database, logger: false });
  await second.ready();
  try {
    const finished = await waitForGeneration(second, user, id);
    expect(finished).toMatchObject({ status: 'done', succeeded: 1, slots: [{ attempts: 2 }] });
    expect(await database.db.select().from(ideas).where(eq(ideas.generationId, id))).toHaveLength(
      1,
    );
  } finally {
    await second.close();
  }
});

it('fails the queued ideas of a provider that is no longer configured, with that reason', async () => {
  const before = await buildApp(
    { ...config(), generation: { ...config().generation, workers: false } },
    { database, logger: false },
  );
  await before.ready();
  const user = await makeUser(database.db);
  const brainstorm = await makeRichBrainstorm(database.db, user);
  const started = await before.inject({
    method: 'POST',
    url: `/api/brainstorms/${brainstorm.id}/brainstorm/`,
    headers: await authHeaders(before, user),
    payload: generationBody(2, 'openai_compatible', 'fake-model'),
  });
  expect(started.statusCode).toBe(202);
  await before.close();

  // Started again without the provider's variables.
  const after = await buildApp(
    { ...testConfig, ...generationConfig({}, { shutdownGraceMs: 200 }) },
    { database, logger: false },
  );
  await after.ready();
  try {
    const finished = await waitForGeneration(after, user, started.json<GenerationDto>().id);
    expect(finished).toMatchObject({
      status: 'failed',
      failed: 2,
      failures: [{ reason: 'the provider is no longer configured', count: 2 }],
    });
  } finally {
    await after.close();
  }
});
