/**
 * Sense-making benchmark: themes for 500 ideas and a ranking of the top 50, each run by a fake
 * OpenAI-compatible server that answers every call after a fixed delay D, through the real job
 * queue and workers. A step's calls that do not depend on each other run in parallel, so its
 * wall time is about D times its sequential steps (themes: a naming call, then the sorting calls
 * at once: 2; a ranking of 50: 7 Swiss rounds of 25 comparisons each: 7). Printed as a ratio to
 * D, with calls and tokens per step. Also times the offline keyword themes of the same 500.
 *
 * On PGlite, and on PostgreSQL too when BENCH_DATABASE_URL is set.
 */
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { brainstorms } from '../src/db/schema/brainstorms.js';
import { ideas } from '../src/db/schema/ideas.js';
import type { AnalysisDto } from '../src/modules/analysis/analysis.schemas.js';
import { createUser } from '../src/modules/users/users.service.js';
import { createPostgresDatabase } from '../test/database.js';
import { startFakeLlmServer } from '../test/fake-llm-server.js';
import { senseMakingAnswer as answer, TOPICS } from './sense-making-answers.js';

const IDEAS = 500;
const RANKED = 50;
const DELAY_MS = 1000;
async function seed(database: Database, app: App) {
  const user = await createUser(database.db, {
    email: 'bench@example.com',
    password: 'measured passphrase',
    first_name: 'Bench',
    last_name: '',
    is_staff: false,
  });
  const [brainstorm] = await database.db
    .insert(brainstorms)
    .values({
      title: 'Grow the shop',
      type: 'classic',
      parameters: { problem: 'Our online shop has stopped growing.', themes: [], type: 'classic' },
      createdBy: user.id,
    })
    .returning();
  if (!brainstorm) throw new Error('no brainstorm');
  await database.db.insert(ideas).values(
    Array.from({ length: IDEAS }, (_, i) => {
      const topic = TOPICS[i % TOPICS.length] ?? 'other';
      return {
        brainstormId: brainstorm.id,
        title: `${topic} idea ${i}: ${['bundle', 'trial', 'guide', 'partner'][i % 4]} ${i * 7}`,
        summary: `A way to improve ${topic} for customers, variant ${i}.`,
        votes: (i * 37) % 11,
      };
    }),
  );
  const headers = { authorization: `Bearer ${await app.tokens.sign(user)}` };
  return { brainstormId: brainstorm.id, headers };
}

async function runStep(
  app: App,
  headers: Record<string, string>,
  brainstormId: number,
  body: Record<string, unknown>,
) {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: `/api/brainstorms/${brainstormId}/analyses/`,
    headers,
    payload: body,
  });
  if (response.statusCode !== 202) throw new Error(`${response.statusCode} ${response.body}`);
  const { id } = response.json<AnalysisDto>();
  for (;;) {
    const run = (await app.inject({ url: `/api/analyses/${id}/`, headers })).json<AnalysisDto>();
    if (run.status === 'failed') throw new Error(`${String(body.kind)} failed: ${run.error ?? ''}`);
    if (run.status === 'done') return { run, ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function bench(label: string, database: Database) {
  const fake = await startFakeLlmServer({
    default: (request) => ({ kind: 'object', object: answer(request), delayMs: DELAY_MS }),
  });
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
    GENERATION_DAILY_TOKENS_PER_USER: '10000000',
    GENERATION_DAILY_TOKENS_TOTAL: '10000000',
  });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    const { brainstormId, headers } = await seed(database, app);
    const model = { provider: 'openai_compatible', model: 'fake-model' };
    const steps = [
      { name: `themes of ${IDEAS} ideas`, body: { kind: 'themes', ...model }, ideal: 2 },
      { name: `ranking of ${RANKED}`, body: { kind: 'rank', top: RANKED, ...model }, ideal: 7 },
    ];
    for (const step of steps) {
      const calls = fake.requests.length;
      const { run, ms } = await runStep(app, headers, brainstormId, step.body);
      const ratio = ms / DELAY_MS;
      console.log(
        `${ratio.toFixed(2).padStart(7)}x  ${label}, ${step.name}: ${(ms / 1000).toFixed(2)} s ` +
          `(ideal ${step.ideal}x: ${step.ideal} sequential calls); ${run.calls_made} calls ` +
          `(${fake.requests.length - calls} seen by the provider, ${run.calls_planned} planned), ` +
          `${run.input_tokens.toLocaleString('en')} input and ` +
          `${run.output_tokens.toLocaleString('en')} output tokens`,
      );
    }
    const offline = await runStep(app, headers, brainstormId, {
      kind: 'themes',
      provider: 'offline',
      model: 'sample-ideas',
    });
    const found = offline.run.result?.kind === 'themes' ? offline.run.result.themes.length : 0;
    console.log(
      `          ${label}, offline keyword themes of ${IDEAS} ideas: ` +
        `${(offline.ms / 1000).toFixed(2)} s, ${found} themes, no calls`,
    );
  } finally {
    await app.close();
    await fake.close();
  }
}

console.log(
  `\nSense-making against a provider answering after D = ${DELAY_MS / 1000} s; ratio = wall time / D`,
);
const pglite = await openDatabase({ kind: 'pglite-memory' });
try {
  await bench('PGlite', pglite);
} finally {
  await pglite.close();
}
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  const { database } = await createPostgresDatabase(postgresUrl);
  try {
    await bench('PostgreSQL', database);
  } finally {
    await database.close();
  }
} else {
  console.log('          PostgreSQL: skipped (set BENCH_DATABASE_URL to include it)');
}
