import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { ideas } from '../src/db/schema/ideas.js';
import type { GenerationDto } from '../src/modules/generation/generation.schemas.js';
import { createBoss } from '../src/modules/generation/job-queue.js';
import { createUser } from '../src/modules/users/users.service.js';
import { createPostgresDatabase } from './database.js';
import { EntryPoints, waitFor } from './entry-points.js';
import { startFakeLlmServer, type FakeLlmServer } from './fake-llm-server.js';
import { compatibleEnv, generationBody } from './generation-helpers.js';

/**
 * A worker killed with SIGKILL in the middle of a provider call (a crash, the OOM killer):
 * once a worker runs again, the job completes and its idea is stored exactly once.
 */
// Child processes start and restart: seconds each on a busy machine.
vi.setConfig({ testTimeout: 120_000 });
const entryPoints = new EntryPoints();
let fake: FakeLlmServer;

beforeAll(async () => {
  fake = await startFakeLlmServer({ default: { kind: 'idea' } });
});
afterEach(() => {
  entryPoints.killAll();
});
afterAll(() => fake.close());

const JWT_SECRET = 'durability-test-secret-long-enough-for-hs256';
const TIMINGS = { expireInSeconds: 600, maintenanceSeconds: 1, pollingSeconds: 0.5 };

function generationEnv(): NodeJS.ProcessEnv {
  return {
    ...compatibleEnv(fake.baseUrl),
    GENERATION_TIMEOUT_SECONDS: '3',
    GENERATION_ATTEMPTS: '1',
    GENERATION_RETRY_DELAY_MS: '100',
    GENERATION_MAX_RETRY_AFTER_SECONDS: '1',
    QUEUE_MAINTENANCE_SECONDS: '1',
    QUEUE_POLLING_SECONDS: '0.5',
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
  };
}

describe.runIf(process.env.TEST_DB !== 'postgres')('on the embedded database', () => {
  it('restarts at once after SIGKILL and completes the job, storing one idea', async () => {
    fake.reset();
    // The first call never answers: the process dies in the middle of it.
    fake.enqueue({ kind: 'hang' });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ideaforge-durability-'));
    try {
      const env = { ...generationEnv(), DATA_DIR: dataDir, PORT: '0' };
      const serve = () => entryPoints.launch(['serve'], env, /running at http:\/\/localhost:(\d+)/);
      let { child, match } = await serve();
      const base = `http://127.0.0.1:${match[1]}`;
      const call = async (method: string, url: string, token?: string, body?: object) => {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: {
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      // Sign in as the first admin, whose one-time password the first start printed, and choose
      // a password of their own, as the first sign-in asks (decision 043).
      const printed = /password: (\S+)/.exec(match.input)?.[1] ?? '';
      const signIn = async (secret: string) =>
        (
          await call('POST', '/api/auth/token/', undefined, {
            email: 'admin@ideaforge.local',
            password: secret,
          })
        ).body as { access: string; user: { id: number } };
      const once = await signIn(printed);
      const password = 'a passphrase chosen at first sign-in';
      const changed = await call('PATCH', `/api/users/${String(once.user.id)}/`, once.access, {
        current_password: printed,
        password,
      });
      expect(changed.status).toBe(200);
      const token = (await signIn(password)).access;
      const brainstorm = (
        await call('POST', '/api/brainstorms/', token, { parameters: { problem: 'Slow lifts' } })
      ).body as { id: number };
      const started = await call(
        'POST',
        `/api/brainstorms/${brainstorm.id}/brainstorm/`,
        token,
        generationBody(1, 'openai_compatible', 'fake-model'),
      );
      expect(started.status).toBe(202);
      const { id } = started.body as GenerationDto;

      await waitFor(
        async () => fake.calls(),
        (n) => n === 1,
      );
      await entryPoints.stop(child);

      ({ child, match } = await serve());
      const restartedBase = `http://127.0.0.1:${match[1]}`;
      const finished = await waitFor(
        async () =>
          (await (
            await fetch(`${restartedBase}/api/generations/${id}/`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json()) as GenerationDto,
        (g) => g.status !== 'queued' && g.status !== 'running',
      );
      expect(finished).toMatchObject({ status: 'done', succeeded: 1, failed: 0 });
      expect(finished.slots[0]?.attempts).toBe(2);
      const list = await fetch(`${restartedBase}/api/ideas/?brainstorm=${brainstorm.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await list.json()) as { count: number }).count).toBe(1);
      expect(fake.calls()).toBe(2);
      await entryPoints.stop(child);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL)(
  'on PostgreSQL, with separate worker processes',
  () => {
    let owned: { database: Database; url: string };
    let app: App;
    let authorization: string;
    let brainstormId: number;

    // Jobs expire only after minutes here: whatever finishes within the test was resumed at
    // once because its worker was seen to be gone, not because its job expired.
    const env = () => ({
      ...generationEnv(),
      GENERATION_TIMEOUT_SECONDS: '120',
      DATABASE_URL: owned.url,
    });
    const worker = () => entryPoints.launch(['worker'], env(), /worker is running/);

    beforeAll(async () => {
      owned = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '');
      const config = loadConfig({ ...env(), WORKERS: '0' });
      app = await buildApp(config, { database: owned.database, logger: false });
      await app.ready();
      const user = await createUser(owned.database.db, {
        email: 'worker@example.com',
        password: 'durable passphrase',
        first_name: 'W',
        last_name: '',
        is_staff: false,
      });
      authorization = `Bearer ${await app.tokens.sign(user)}`;
      const brainstorm = await app.inject({
        method: 'POST',
        url: '/api/brainstorms/',
        headers: { authorization },
        payload: { parameters: { problem: 'Slow lifts' } },
      });
      brainstormId = brainstorm.json<{ id: number }>().id;
    });
    afterAll(async () => {
      await app.close();
      await owned.database.close();
    });

    async function startGeneration() {
      const started = await app.inject({
        method: 'POST',
        url: `/api/brainstorms/${brainstormId}/brainstorm/`,
        headers: { authorization },
        payload: generationBody(1, 'openai_compatible', 'fake-model'),
      });
      expect(started.statusCode).toBe(202);
      return started.json<GenerationDto>().id;
    }

    async function expectOneIdea(id: number, attempts = 2) {
      const finished = await waitFor(
        async () =>
          (
            await app.inject({
              method: 'GET',
              url: `/api/generations/${id}/`,
              headers: { authorization },
            })
          ).json<GenerationDto>(),
        (g) => g.status !== 'queued' && g.status !== 'running',
        30_000,
      );
      expect(finished).toMatchObject({ status: 'done', succeeded: 1, failed: 0 });
      expect(finished.slots[0]?.attempts).toBe(attempts);
      const stored = await owned.database.db.select().from(ideas).where(eq(ideas.generationId, id));
      expect(stored).toHaveLength(1);
    }

    /** A worker in the middle of a generation's provider call, which never answers. */
    async function workerInTheMiddle() {
      fake.reset();
      fake.enqueue({ kind: 'hang' });
      const { child } = await worker();
      const id = await startGeneration();
      await waitFor(
        async () => fake.calls(),
        (n) => n === 1,
      );
      return { child, id };
    }

    it('restarted with the same command after SIGKILL, resumes the job at once', async () => {
      const first = await workerInTheMiddle();
      await entryPoints.stop(first.child);

      const restarted = await worker();
      await expectOneIdea(first.id);
      expect(fake.calls()).toBe(2);
      await entryPoints.stop(restarted.child);
    });

    it('resumes a job that was handed out to a worker that never got it', async () => {
      fake.reset();
      const id = await startGeneration();
      // As when the database goes away while answering a worker's fetch: the job is active, its
      // slot was never claimed, and no worker knows of it (nor sends its heartbeats).
      const lost = createBoss(owned.database, TIMINGS, { supervise: false });
      await lost.start();
      const [job] = await lost.fetch('generate-idea-openai_compatible');
      expect(job?.data).toEqual({ generationId: id, slot: 0 });
      await lost.stop({ close: false, graceful: false });
      const { child } = await worker();
      await expectOneIdea(id, 1);
      expect(fake.calls()).toBe(1);
      await entryPoints.stop(child);
    });

    it('another running worker takes over the jobs of one that was killed', async () => {
      const first = await workerInTheMiddle();
      // Started once the first holds the job: at its start, the job's worker is still alive.
      const survivor = await worker();
      await entryPoints.stop(first.child);

      // Noticed once the killed worker's heartbeats are missing: 10 s, and the maintenance interval.
      await expectOneIdea(first.id);
      expect(fake.calls()).toBe(2);
      await entryPoints.stop(survivor.child);
    });
  },
);
