import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../../test/fake-llm-server.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  compatibleEnv,
  generationBody,
  generationConfig,
  makeRichBrainstorm,
} from '../../../test/generation-helpers.js';
import { jobsOf } from '../../../test/queue-jobs.js';

// Races show on PostgreSQL; the embedded database runs one statement at a time.
const onPostgres = process.env.TEST_DB === 'postgres';

let fake: FakeLlmServer;
let t: TestApp;

beforeAll(async () => {
  if (!onPostgres) return;
  fake = await startFakeLlmServer({
    default: () => ({ kind: 'idea', delayMs: Math.floor(Math.random() * 40) }),
  });
  t = await createTestApp(
    generationConfig(compatibleEnv(fake.baseUrl), {
      limits: { ...testConfig.generation.limits, runningPerUser: 100, ideasPerHour: 10_000 },
    }),
  );
});
afterAll(async () => {
  if (!onPostgres) return;
  await t.close();
  await fake.close();
});

describe.runIf(onPostgres)('a brainstorm deleted while its ideas are generated', () => {
  /**
   * Storing an idea locks its slot, then its generation and brainstorm (to count it); deleting
   * the brainstorm locks them the other way round. Unless every statement locks in the same
   * order, the two wait for each other and PostgreSQL ends one: a 500 for the deletion, or a
   * job that fails and runs again.
   */
  it('answers every deletion, and never deadlocks with the workers', async () => {
    const owner = await makeUser(t.db);
    const api = apiAs(t.app);
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          const brainstorm = await makeRichBrainstorm(t.db, owner);
          const url = `/api/brainstorms/${brainstorm.id}/`;
          const started = await api(
            owner,
            'POST',
            `${url}brainstorm/`,
            generationBody(10, 'openai_compatible', 'fake-model'),
          );
          statuses.push(started.statusCode);
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 60));
          statuses.push((await api(owner, 'DELETE', url)).statusCode);
        }),
      );
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([202, 204]));
    // Every job ran once: none was failed (a deadlock in a worker fails its job) and run again.
    const jobs = await vi.waitFor(
      async () => {
        const all = await jobsOf(t.app.generation.boss);
        expect(all.filter((job) => job.state !== 'completed')).toEqual([]);
        return all;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(jobs.filter((job) => job.retryCount > 0)).toEqual([]);
  }, 60_000);
});
