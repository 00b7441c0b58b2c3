import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import type { UserRow } from '../src/db/schema/users.js';
import type { GenerationDto } from '../src/modules/generation/generation.schemas.js';
import { testConfig } from './app.js';
import { CuttableRelay } from './cuttable-relay.js';
import { createPostgresDatabase } from './database.js';
import { authHeaders, makeUser } from './factories.js';
import { startFakeLlmServer, type FakeLlmServer } from './fake-llm-server.js';
import {
  compatibleEnv,
  generationBody,
  generationConfig,
  makeRichBrainstorm,
  waitForGeneration,
} from './generation-helpers.js';

const adminUrl = process.env.TEST_DATABASE_URL ?? '';

let relay: CuttableRelay;
let owned: { database: Database; url: string };
let database: Database;
let app: App;
let user: UserRow;
let headers: Record<string, string>;
let fake: FakeLlmServer;

describe.runIf(process.env.TEST_DB === 'postgres' && adminUrl)('when PostgreSQL goes away', () => {
  beforeAll(async () => {
    owned = await createPostgresDatabase(adminUrl);
    const direct = new URL(owned.url);
    relay = new CuttableRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    await relay.open();
    const relayed = new URL(owned.url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    database = await openDatabase({ kind: 'postgres', url: relayed.toString(), poolSize: 4 });
    fake = await startFakeLlmServer({ default: { kind: 'idea', delayMs: 600 } });
    // Jobs expire only after minutes: a generation that finishes within the test was not
    // rescued by expiry.
    app = await buildApp(
      { ...testConfig, ...generationConfig(compatibleEnv(fake.baseUrl), { attempts: 1 }) },
      { database, logger: false },
    );
    await app.ready();
    user = await makeUser(owned.database.db);
    // Signed before the outage: a token needs no database to be checked, its user does.
    headers = await authHeaders(app, user);
  });
  afterAll(async () => {
    await relay.cut();
    await app.close();
    await database.close();
    await owned.database.close();
    await fake.close();
  });

  it('answers 503 meanwhile, recovers by itself, and keeps every acknowledged write', async () => {
    const acknowledged: string[] = [];
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const create = async (name: string) => {
      const response = await call('POST', '/api/projects/', { name });
      if (response.statusCode === 201) acknowledged.push(name);
      return response;
    };
    for (let i = 0; i < 5; i++) expect((await create(`Before ${String(i)}`)).statusCode).toBe(201);

    await relay.cut();
    const read = await call('GET', '/api/projects/');
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('5');
    expect(read.json()).toEqual({
      detail: 'The service is briefly unavailable. Please try again in a moment.',
    });
    expect((await create('During')).statusCode).toBe(503);
    const ready = await app.inject({ url: '/api/health/ready/' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });

    await relay.open();
    // Connections broken by the cut are replaced as requests come: no restart, no operator.
    await vi.waitFor(
      async () => {
        expect((await app.inject({ url: '/api/health/ready/' })).statusCode).toBe(200);
      },
      { timeout: 10_000, interval: 100 },
    );
    for (let i = 0; i < 5; i++) expect((await create(`After ${String(i)}`)).statusCode).toBe(201);

    const listed = await call('GET', '/api/projects/?page_size=100');
    const names = listed.json<{ results: { name: string }[] }>().results.map((p) => p.name);
    expect(names.sort()).toEqual([...acknowledged].sort());
  });

  it('finishes a generation whose ideas came back while it was out, each stored once', async () => {
    const brainstorm = await makeRichBrainstorm(owned.database.db, user);
    fake.reset();
    const started = await app.inject({
      method: 'POST',
      url: `/api/brainstorms/${brainstorm.id}/brainstorm/`,
      headers,
      payload: generationBody(4, 'openai_compatible', 'fake-model'),
    });
    expect(started.statusCode).toBe(202);
    const { id } = started.json<GenerationDto>();
    await vi.waitFor(() => {
      expect(fake.calls()).toBe(4);
    });

    // The provider answers while the database is out of reach: nothing can be stored or
    // settled until it is back.
    await relay.cut();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await relay.open();

    const finished = await waitForGeneration(app, user, id, 30_000);
    expect(finished).toMatchObject({ status: 'done', succeeded: 4, failed: 0 });
    const stored = await owned.database.executeSql(
      'select generation_slot from ideas where generation_id = $1 order by generation_slot',
      [id],
    );
    expect(stored.rows).toEqual([0, 1, 2, 3].map((slot) => ({ generation_slot: slot })));
  });
});
