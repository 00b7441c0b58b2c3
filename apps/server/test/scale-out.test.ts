import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client.js';
import type { GenerationDto } from '../src/modules/generation/generation.schemas.js';
import type { IdeaDto } from '../src/modules/ideas/ideas.schemas.js';
import { createPostgresDatabase } from './database.js';
import { EntryPoints, waitFor } from './entry-points.js';
import { startFakeLlmServer, type FakeLlmServer } from './fake-llm-server.js';
import { compatibleEnv, generationBody } from './generation-helpers.js';
import { openLive } from './live-streams.js';

/**
 * docs/deploy.md, proved: two stateless API processes (WORKERS=0) and one worker process, started
 * together on one empty PostgreSQL database, exactly as production starts them.
 */
vi.setConfig({ testTimeout: 120_000 });
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const onPostgres = process.env.TEST_DB === 'postgres' && adminUrl !== '';

const IDEAS = 3;
const POOL_SIZE = 2;
const DRAIN_SECONDS = 2;
const running = /Ideaforge is running at http:\/\/localhost:(\d+)/;
const entryPoints = new EntryPoints();

interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** One HTTP call to an API process, as the web app makes it. */
async function call<T>(
  base: string,
  method: string,
  path: string,
  { token, cookie, body }: { token?: string; cookie?: string; body?: object } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    headers: response.headers,
  };
}

/** The refresh cookie a token answer sets, as the browser would send it back. */
function refreshCookie(answer: Answer<unknown>): string {
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('ideaforge_refresh='));
  if (!cookie) throw new Error('no refresh cookie');
  return cookie.split(';')[0] ?? '';
}

/**
 * Signs in with a one-time password (the first admin's, or one staff set), chooses `chosen`
 * instead, as the web app asks (decision 043), and signs in with it: that sign-in's answer.
 */
async function chooseOwnPassword(base: string, email: string, oneTime: string, chosen: string) {
  const first = await call<{ access: string; user: { id: number; password_must_change: boolean } }>(
    base,
    'POST',
    '/api/auth/token/',
    { body: { email, password: oneTime } },
  );
  expect(first.body.user.password_must_change).toBe(true);
  const changed = await call(base, 'PATCH', `/api/users/${String(first.body.user.id)}/`, {
    token: first.body.access,
    body: { current_password: oneTime, password: chosen },
  });
  expect(changed.status).toBe(200);
  return call<{ access: string }>(base, 'POST', '/api/auth/token/', {
    body: { email, password: chosen },
  });
}

describe.skipIf(!onPostgres)(
  'two API processes and a worker process on one PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let fake: FakeLlmServer;
    let database: Database;
    const rows = async <T>(text: string) => (await database.executeSql(text)).rows as T[];
    let api: { child: ChildProcess; base: string; output: string }[];
    let adminPassword: string;
    let access: string;

    /** Each process names its connections, so the test can count them per process. */
    const urlFor = (url: string, name: string) => `${url}?application_name=${name}`;

    beforeAll(async () => {
      fake = await startFakeLlmServer({ default: { kind: 'idea', delayMs: 200 } });
      const created = await createPostgresDatabase(adminUrl);
      database = created.database;
      // Start from an empty database, as a new deployment does: every process sets it up at once.
      await database.executeSql(
        'drop schema public cascade; create schema public; drop schema drizzle cascade',
      );
      const env = (name: string, settings: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
        ...compatibleEnv(fake.baseUrl),
        DATABASE_URL: urlFor(created.url, name),
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        JWT_SECRET: 'scale-out-test-secret-shared-by-every-process',
        QUEUE_POLLING_SECONDS: '0.5',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        ...settings,
      });
      const apiEnv = (name: string) =>
        env(name, { WORKERS: '0', PORT: '0', SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) });
      const [first, second] = await Promise.all([
        entryPoints.launch(['serve'], apiEnv('scale-out-api-1'), running),
        entryPoints.launch(['serve'], apiEnv('scale-out-api-2'), running),
        entryPoints.launch(['worker'], env('scale-out-worker'), /worker is running/),
      ]);
      api = [first, second].map(({ child, match }) => ({
        child,
        base: `http://127.0.0.1:${match[1] ?? ''}`,
        output: match.input,
      }));
    }, 120_000);

    afterAll(async () => {
      entryPoints.killAll();
      await database.close();
      await fake.close();
    });

    const base = (n: 0 | 1) => api[n]?.base ?? '';

    it('migrates once and creates one first admin when all start together', async () => {
      const passwords = api.flatMap(({ output }) => /password: (\S+)/.exec(output)?.[1] ?? []);
      expect(passwords).toHaveLength(1);
      adminPassword = passwords[0] ?? '';
      const journal = JSON.parse(
        readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      const applied = await rows('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied).toEqual([{ n: journal.entries.length }]);
    });

    it('signs in on one API process and refreshes the session on the other', async () => {
      // The printed password is one-time: the admin chooses their own first.
      const signIn = await chooseOwnPassword(
        base(0),
        'admin@ideaforge.local',
        adminPassword,
        'a passphrase chosen at first sign-in',
      );
      expect(signIn.status).toBe(200);
      const refreshed = await call<{ access: string }>(
        base(1),
        'POST',
        '/api/auth/token/refresh/',
        {
          cookie: refreshCookie(signIn),
          body: {},
        },
      );
      expect(refreshed.status).toBe(200);
      access = refreshed.body.access;
      // Rotation is shared too: the first process refuses the token the second one replaced.
      const replayed = await call(base(0), 'POST', '/api/auth/token/refresh/', {
        cookie: refreshCookie(signIn),
        body: {},
      });
      expect(replayed.status).toBe(401);
      expect((await call(base(0), 'GET', '/api/users/me/', { token: access })).status).toBe(200);
    });

    it('has the worker process complete a generation started on an API process; both see the same ideas and annotations', async () => {
      const brainstorm = await call<{ id: number }>(base(0), 'POST', '/api/brainstorms/', {
        token: access,
        body: { parameters: { problem: 'Queues at the canteen' } },
      });
      const started = await call<GenerationDto>(
        base(1),
        'POST',
        `/api/brainstorms/${brainstorm.body.id}/brainstorm/`,
        { token: access, body: generationBody(IDEAS, 'openai_compatible', 'fake-model') },
      );
      expect(started.status).toBe(202);
      const finished = await waitFor(
        async () =>
          (
            await call<GenerationDto>(base(0), 'GET', `/api/generations/${started.body.id}/`, {
              token: access,
            })
          ).body,
        (g) => g.status !== 'queued' && g.status !== 'running',
      );
      expect(finished).toMatchObject({ status: 'done', succeeded: IDEAS, failed: 0 });
      expect(fake.calls()).toBe(IDEAS);

      const list = (n: 0 | 1) =>
        call<{ count: number; results: IdeaDto[] }>(
          base(n),
          'GET',
          `/api/ideas/?brainstorm=${brainstorm.body.id}&with_annotations=true`,
          { token: access },
        );
      const [onFirst, onSecond] = [(await list(0)).body, (await list(1)).body];
      expect(onFirst.count).toBe(IDEAS);
      expect(onSecond).toEqual(onFirst);

      const idea = onFirst.results[0];
      const annotated = await call(base(0), 'POST', `/api/ideas/${idea?.id ?? 0}/annotate/`, {
        token: access,
        body: { vote: 1, is_bookmarked: true },
      });
      expect(annotated.status).toBe(200);
      const seen = (await list(1)).body.results.find((i) => i.id === idea?.id);
      expect(seen).toMatchObject({ votes: 1, user_annotation: { vote: 1, is_bookmarked: true } });
    });

    it('streams a vote and a comment made on one API process to a viewer of the other, and who is viewing where', async () => {
      const password = 'velvet harbour lantern quietly';
      const created = await call(base(0), 'POST', '/api/users/', {
        token: access,
        body: { email: 'ben@example.com', password, first_name: 'Ben', last_name: 'Okafor' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const benSignIn = await chooseOwnPassword(
        base(1),
        'ben@example.com',
        password,
        'a passphrase of his own choosing',
      );
      const ben = benSignIn.body.access;
      const brainstorm = await call<{ id: number }>(base(0), 'POST', '/api/brainstorms/', {
        token: access,
        body: { parameters: { problem: 'Nobody reads the wiki' } },
      });
      const idea = await call<{ id: number }>(base(0), 'POST', '/api/ideas/', {
        token: access,
        body: { brainstorm: brainstorm.body.id, title: 'A wiki digest by email' },
      });

      const viewer = await openLive(base(0), brainstorm.body.id, {
        authorization: `Bearer ${access}`,
      });
      try {
        expect(viewer.status).toBe(200);
        await viewer.next('ready');
        const other = await openLive(
          base(1),
          brainstorm.body.id,
          { authorization: `Bearer ${ben}` },
          undefined,
          'themes',
        );
        try {
          // Each process tells the other who it serves, and on which page, through the database.
          const presence = await viewer.next('presence');
          expect(
            (presence.data.users as { name: string; on: string[] }[]).map((u) => [u.name, u.on]),
          ).toEqual([
            ['Admin', []],
            ['Ben Okafor', ['themes']],
          ]);
          await call(base(1), 'POST', `/api/ideas/${idea.body.id}/annotate/`, {
            token: ben,
            body: { vote: 1 },
          });
          expect((await viewer.next('idea.updated')).data).toMatchObject({
            id: idea.body.id,
            votes: 1,
          });
          await call(base(1), 'POST', '/api/idea-annotations/comments/', {
            token: ben,
            body: { idea_id: idea.body.id, text: 'Fridays, please' },
          });
          expect((await viewer.next('comment.created')).data).toMatchObject({
            idea: idea.body.id,
            comment: { text: 'Fridays, please', author: { name: 'Ben Okafor' } },
          });
        } finally {
          other.close();
        }
        expect((await viewer.next('presence')).data.users).toHaveLength(1);
      } finally {
        viewer.close();
      }
    });

    it('opens at most DATABASE_POOL_SIZE connections per process and one to hear live updates, and a worker one more', async () => {
      const connections = await rows<{ name: string; n: number }>(
        `select application_name as name, count(*)::int as n from pg_stat_activity
         where datname = current_database() and application_name like 'scale-out-%'
         group by application_name order by application_name`,
      );
      expect(connections.map((c) => c.name)).toEqual([
        'scale-out-api-1',
        'scale-out-api-2',
        'scale-out-worker',
      ]);
      const [apiOne, apiTwo, worker] = connections.map((c) => c.n);
      // The pool, and the connection on which it hears what to send its live streams.
      expect(apiOne).toBeLessThanOrEqual(POOL_SIZE + 1);
      expect(apiTwo).toBeLessThanOrEqual(POOL_SIZE + 1);
      // The worker's pool, and the connection on which it listens for new jobs.
      expect(worker).toBeLessThanOrEqual(POOL_SIZE + 1);
    });

    it('drains an API process on SIGTERM: not ready, still serving, then gone', async () => {
      const [first] = api;
      if (!first) throw new Error('no API process');
      const stopping = Date.now();
      const exited = entryPoints.stop(first.child, 'SIGTERM');
      const ready = await waitFor(
        () => call<{ status: string }>(first.base, 'GET', '/api/health/ready/'),
        (answer) => answer.status === 503,
      );
      expect(ready.body).toEqual({ status: 'draining' });
      expect((await call(first.base, 'GET', '/api/users/me/', { token: access })).status).toBe(200);
      expect(await exited).toBe(0);
      expect(Date.now() - stopping).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
      expect((await call(base(1), 'GET', '/api/health/ready/')).status).toBe(200);
    });
  },
);
