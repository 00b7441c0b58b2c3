import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import { createPostgresDatabase } from '../../../test/database.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { makeRichBrainstorm } from '../../../test/generation-helpers.js';
import { openLive, type LiveReader } from '../../../test/live-streams.js';
import { openDatabase, type Database } from '../../db/client.js';
import { personalAccessTokens } from '../../db/schema/integrations.js';
import type { UserRow } from '../../db/schema/users.js';

/**
 * A stream speaks for the credential that opened it (decision 026): it ends when that
 * credential stops being valid, whichever kind it is, and a closed stream gives its place back.
 */
let t: TestApp;
let baseUrl: string;
let api: ReturnType<typeof apiAs>;
let staff: UserRow;
const readers: LiveReader[] = [];
/** What the app logged at level error or above: a stream must never end in one. */
const logged: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { live: { ...testConfig.live, streamsPerUser: 10, keepAliveMs: 15_000 } },
    {},
    { logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } },
  );
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  api = apiAs(t.app);
  staff = await makeUser(t.db, { is_staff: true });
});

afterEach(() => {
  const errors = logged.splice(0).map((line) => {
    const { msg, err } = JSON.parse(line) as { msg: string; err?: { message: string } };
    return `${msg}: ${err?.message ?? ''}`;
  });
  expect(errors, 'errors logged').toEqual([]);
});

afterAll(async () => {
  for (const reader of readers) reader.close();
  await t.close();
});

/**
 * A new personal access token of the user's, made from their web session. It lasts 30 days,
 * longer than a timer can wait at once.
 */
async function newToken(app: App, user: UserRow) {
  const response = await apiAs(app)(user, 'POST', '/api/tokens/', {
    name: `Live ${Math.random()}`,
    scope: 'read',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; token: string }>();
}

async function watch(url: string, brainstormId: number, bearer: string) {
  const reader = await openLive(url, brainstormId, { authorization: `Bearer ${bearer}` });
  readers.push(reader);
  expect(reader.status, reader.body).toBe(200);
  await reader.next('ready');
  return reader;
}

/** Whether the server ended the stream within `ms`. */
async function endsWithin(reader: LiveReader, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, ms);
  });
  const ended = await Promise.race([reader.ended.then(() => true), late]);
  clearTimeout(timer);
  return ended;
}

/** An access token of the user's web session that expires in about `seconds`. */
async function sessionTokenExpiringIn(user: UserRow, seconds: number) {
  return new SignJWT({ token_type: 'access', ver: user.sessionVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer('ideaforge')
    .setAudience('ideaforge-api')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(new TextEncoder().encode(testConfig.jwtSecret));
}

async function sessionToken(user: UserRow) {
  return t.app.tokens.sign(user);
}

describe('a stream opened with a personal access token', () => {
  it('ends within two seconds of its revocation, and receives nothing after it', async () => {
    const user = await makeUser(t.db);
    const brainstorm = await makeRichBrainstorm(t.db, user);
    const { id, token } = await newToken(t.app, user);
    const reader = await watch(baseUrl, brainstorm.id, token);

    const revoked = await api(user, 'DELETE', `/api/tokens/${id}/`);
    expect(revoked.statusCode).toBe(204);
    const idea = await api(user, 'POST', '/api/ideas/', {
      brainstorm: brainstorm.id,
      title: 'Said after the revocation',
    });
    expect(idea.statusCode).toBe(201);
    expect(await endsWithin(reader, 2000)).toBe(true);
    expect(reader.events.map((event) => event.event)).toEqual(['ready']);
  });

  it('ends when the token expires while it is open', async () => {
    const user = await makeUser(t.db);
    const brainstorm = await makeRichBrainstorm(t.db, user);
    const { id, token } = await newToken(t.app, user);
    await t.db
      .update(personalAccessTokens)
      .set({ expiresAt: sql`now() + interval '1.5 seconds'` })
      .where(eq(personalAccessTokens.id, id));
    const reader = await watch(baseUrl, brainstorm.id, token);
    expect(await endsWithin(reader, 500)).toBe(false);
    expect(await endsWithin(reader, 3000)).toBe(true);
    const after = await openLive(baseUrl, brainstorm.id, { authorization: `Bearer ${token}` });
    expect(after.status).toBe(401);
  });

  it("ends at once when its owner is deactivated, with the owner's other streams", async () => {
    const user = await makeUser(t.db);
    const brainstorm = await makeRichBrainstorm(t.db, user);
    const { token } = await newToken(t.app, user);
    const byToken = await watch(baseUrl, brainstorm.id, token);
    const bySession = await watch(baseUrl, brainstorm.id, await sessionToken(user));

    const response = await api(staff, 'PATCH', `/api/users/${user.id}/`, { is_active: false });
    expect(response.statusCode).toBe(200);
    expect(await endsWithin(byToken, 2000)).toBe(true);
    expect(await endsWithin(bySession, 2000)).toBe(true);
  });

  it("outlives a password change, which ends the web session's streams (decision 032)", async () => {
    const user = await makeUser(t.db);
    const brainstorm = await makeRichBrainstorm(t.db, user);
    const { token } = await newToken(t.app, user);
    const byToken = await watch(baseUrl, brainstorm.id, token);
    const bySession = await watch(baseUrl, brainstorm.id, await sessionToken(user));

    const reset = await api(staff, 'PATCH', `/api/users/${user.id}/`, {
      password: 'velvet harbour lantern quietly',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await endsWithin(bySession, 2000)).toBe(true);
    const idea = await api(staff, 'POST', '/api/ideas/', {
      brainstorm: brainstorm.id,
      title: 'Still heard',
    });
    expect((await byToken.next('ideas.created')).data).toMatchObject({
      ideas: [{ id: idea.json<{ id: number }>().id }],
    });
    byToken.close();
  });
});

describe("a stream opened with a web session's access token", () => {
  it('ends when the access token expires while it is open', async () => {
    const user = await makeUser(t.db);
    const brainstorm = await makeRichBrainstorm(t.db, user);
    const reader = await watch(baseUrl, brainstorm.id, await sessionTokenExpiringIn(user, 2));
    expect(await endsWithin(reader, 4000)).toBe(true);
  });
});

describe('places under the limits', () => {
  it('ten closed streams of a personal token leave room for an eleventh at once', async () => {
    const user = await makeUser(t.db);
    const brainstorm = await makeRichBrainstorm(t.db, user);
    const { token } = await newToken(t.app, user);
    const opened: LiveReader[] = [];
    for (let n = 0; n < 10; n += 1) opened.push(await watch(baseUrl, brainstorm.id, token));
    const full = await openLive(baseUrl, brainstorm.id, { authorization: `Bearer ${token}` });
    expect(full.status).toBe(429);

    for (const reader of opened) reader.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const eleventh = await openLive(baseUrl, brainstorm.id, { authorization: `Bearer ${token}` });
    readers.push(eleventh);
    expect(eleventh.status, eleventh.body).toBe(200);
    eleventh.close();
  });
});

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const onPostgres = process.env.TEST_DB === 'postgres' && adminUrl !== '';

describe.skipIf(!onPostgres)('two API instances on one PostgreSQL', () => {
  let database: Database;
  let other: Database;
  let first: App;
  let second: App;
  let secondUrl: string;
  let databaseUrl: string;

  beforeAll(async () => {
    const created = await createPostgresDatabase(adminUrl);
    database = created.database;
    databaseUrl = created.url;
    other = await openDatabase({ kind: 'postgres', url: created.url });
    first = await buildApp(testConfig, { database });
    second = await buildApp(testConfig, { database: other });
    await Promise.all([first.ready(), second.ready()]);
    secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await second.close();
    await first.close();
    await other.close();
    await database.close();
  });

  it("ends a stream on one instance within two seconds of its token's revocation on the other", async () => {
    const user = await makeUser(first.db);
    const brainstorm = await makeRichBrainstorm(first.db, user);
    const { id, token } = await newToken(first, user);
    const reader = await watch(secondUrl, brainstorm.id, token);

    const revoked = await apiAs(first)(user, 'DELETE', `/api/tokens/${id}/`);
    expect(revoked.statusCode).toBe(204);
    expect(await endsWithin(reader, 2000)).toBe(true);
  });

  it('ends a stream whose token is revoked while the stream is being opened', async () => {
    const user = await makeUser(first.db);
    const brainstorm = await makeRichBrainstorm(first.db, user);
    const { id, token } = await newToken(first, user);
    // The brainstorm's table held, the request waits after its token was checked and before its
    // stream can hear anything.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table brainstorms in access exclusive mode');
      const opening = openLive(secondUrl, brainstorm.id, { authorization: `Bearer ${token}` });
      await waitUntil(async () => {
        const waiting = await holder.query(`select 1 from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`);
        return waiting.rowCount === 1;
      });
      const revoked = await apiAs(first)(user, 'DELETE', `/api/tokens/${id}/`);
      expect(revoked.statusCode).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query('commit');
      const reader = await opening;
      readers.push(reader);
      expect(reader.status).toBe(200);
      expect(await endsWithin(reader, 2000)).toBe(true);
    } finally {
      await holder.end();
    }
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
