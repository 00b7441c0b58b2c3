/**
 * Generation benchmark: 50 ideas from a fake OpenAI-compatible server that answers every call
 * after a fixed delay D, with the server's in-process workers. When the jobs really run in
 * parallel, the 50 ideas are stored in little more than D; the figure is printed as a ratio to
 * D (target: at most 1.5). Also counts near-duplicate titles among 50 ideas, from the fake
 * provider (one distinct angle per slot) and from the offline provider.
 *
 * On PGlite, and on PostgreSQL too when BENCH_DATABASE_URL is set.
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { brainstorms } from '../src/db/schema/brainstorms.js';
import type { GenerationDto } from '../src/modules/generation/generation.schemas.js';
import { countNearDuplicates } from '../src/modules/providers/similarity.js';
import { createUser } from '../src/modules/users/users.service.js';
import { createPostgresDatabase } from '../test/database.js';
import { startFakeLlmServer } from '../test/fake-llm-server.js';

const IDEAS = 50;
const DELAY_MS = 2000;

async function run(label: string, database: Database) {
  const fake = await startFakeLlmServer({ default: { kind: 'idea', delayMs: DELAY_MS } });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'b'.repeat(32),
    LOG_LEVEL: 'silent',
    OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
    OPENAI_COMPATIBLE_API_KEY: 'fake-llm-key',
    OPENAI_COMPATIBLE_MODELS: 'fake-model',
    // Measured apart (the quality benchmark): its fake answers ideas, not verdicts.
    REPEATS_JUDGE: 'off',
    GENERATION_MAX_IDEAS_PER_HOUR: '1000',
  });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    const user = await createUser(database.db, {
      email: 'bench@example.com',
      password: 'measured passphrase',
      first_name: 'Bench',
      last_name: '',
      is_staff: false,
    });
    const headers = { authorization: `Bearer ${await app.tokens.sign(user)}` };
    const [brainstorm] = await database.db
      .insert(brainstorms)
      .values({
        title: 'Quieter office',
        type: 'scamper',
        parameters: {
          problem: 'Our open-plan office is too noisy to concentrate in.',
          themes: ['furniture', 'habits', 'schedules'],
          type: 'scamper',
        },
        createdBy: user.id,
      })
      .returning();
    if (!brainstorm) throw new Error('no brainstorm');

    const generate = async (provider: string, model: string) => {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/brainstorms/${brainstorm.id}/brainstorm/`,
        headers,
        payload: {
          num_workers: IDEAS,
          worker_params: Array.from({ length: IDEAS }, () => ({ provider, model })),
        },
      });
      if (response.statusCode !== 202) throw new Error(`${response.statusCode} ${response.body}`);
      const { id } = response.json<GenerationDto>();
      for (;;) {
        const generation = (
          await app.inject({ url: `/api/generations/${id}/`, headers })
        ).json<GenerationDto>();
        if (!['queued', 'running'].includes(generation.status)) {
          if (generation.succeeded !== IDEAS) throw new Error(JSON.stringify(generation.failures));
          const ideas = await app.inject({
            url: `/api/ideas/?brainstorm=${brainstorm.id}&page_size=100`,
            headers,
          });
          const titles = ideas
            .json<{ results: { title: string }[] }>()
            .results.slice(0, IDEAS)
            .map((i) => i.title);
          return { ms: performance.now() - started, duplicates: countNearDuplicates(titles) };
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    const fakeRun = await generate('openai_compatible', 'fake-model');
    const ratio = fakeRun.ms / DELAY_MS;
    console.log(
      `${ratio.toFixed(2).padStart(7)}x  ${label}: ${IDEAS} ideas stored in ` +
        `${(fakeRun.ms / 1000).toFixed(2)} s, provider answering after ${DELAY_MS / 1000} s ` +
        `(target ≤ 1.50x; ${fake.maxInFlight} calls at once)`,
    );
    const offlineRun = await generate('offline', 'sample-ideas');
    console.log(
      `          ${label}: near-duplicate titles among ${IDEAS}: ` +
        `${fakeRun.duplicates} from the fake provider, ${offlineRun.duplicates} offline ` +
        `(offline generation: ${(offlineRun.ms / 1000).toFixed(2)} s)`,
    );
  } finally {
    await app.close();
    await fake.close();
  }
}

console.log(`\nGeneration: ${IDEAS} ideas in parallel; ratio = time to store them all / D`);
const pglite = await openDatabase({ kind: 'pglite-memory' });
try {
  await run('PGlite', pglite);
} finally {
  await pglite.close();
}
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  const { database } = await createPostgresDatabase(postgresUrl);
  try {
    await run('PostgreSQL', database);
  } finally {
    await database.close();
  }
} else {
  console.log('          PostgreSQL: skipped (set BENCH_DATABASE_URL to include it)');
}
