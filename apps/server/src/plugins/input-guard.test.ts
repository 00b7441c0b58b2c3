import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { apiAs, authHeaders, makeUser } from '../../test/factories.js';
import { deepArrayJson, wideObject } from '../../test/hostile-values.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-nesting.js';
import { MAX_REPORTED_PROBLEMS } from './input-guard.js';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const tooDeep = {
  detail: `JSON parse error - Arrays and objects may be nested at most ${MAX_JSON_DEPTH} deep.`,
};

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, 'content-type': 'application/json' },
  });

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or after escapes', () => {
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan('[[],[],[],{}]', 2)).toBe(false);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${'{'.repeat(100)}\\\\"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`["\\\\",${'['.repeat(5)}`, 5)).toBe(true);
  });
});

describe('a JSON body', () => {
  it(`nested deeper than ${MAX_JSON_DEPTH} is refused before it is parsed, signed in or not`, async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 6_000, 8_000, 500_000]) {
      const response = await post('/api/auth/logout/', `{"a":${deepArrayJson(depth)}}`);
      expect(response.statusCode, `depth ${depth}`).toBe(400);
      expect(response.json()).toEqual(tooDeep);
    }
    const headers = await authHeaders(t.app, await makeUser(t.db));
    const body = `{"name":"Deep","extra":${deepArrayJson(MAX_JSON_DEPTH)}}`;
    const created = await post('/api/projects/', body, headers);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(tooDeep);
  });

  it(`nested ${MAX_JSON_DEPTH} deep is read as usual`, async () => {
    const response = await post('/api/auth/logout/', `{"a":${deepArrayJson(MAX_JSON_DEPTH - 1)}}`);
    expect(response.statusCode).toBe(204);
  });

  it('with fifty thousand keys is answered like any other', async () => {
    const user = await makeUser(t.db);
    const response = await apiAs(t.app)(user, 'POST', '/api/projects/', {
      ...wideObject(50_000),
      name: 'Wide',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Wide' });
  });

  it(`full of text the database refuses names at most ${MAX_REPORTED_PROBLEMS} of them`, async () => {
    const response = await post(
      '/api/auth/token/',
      JSON.stringify({
        email: Array.from({ length: 20_000 }, () => 'a\u0000'),
        p: { '\ud800': 1 },
      }),
    );
    expect(response.statusCode).toBe(400);
    const fields = response.json<Record<string, string[]>>();
    expect(Object.values(fields).flat()).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(fields['email.0']).toEqual(['Null characters are not allowed.']);
  });
});

describe('the event loop', () => {
  /** Asks for the health check again and again until `done` settles: the slowest answer's time. */
  async function slowestHealthCheck(done: Promise<unknown>) {
    const state = { settled: false };
    void done.finally(() => (state.settled = true));
    let slowest = 0;
    do {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/health/`);
      expect(response.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
    } while (!state.settled);
    return slowest;
  }

  /**
   * Sends `bodies` over real HTTP at once while a health check keeps asking: the longest the
   * event loop was held and the slowest health check, in ms, and the answers.
   */
  async function sendWhileChecking(bodies: string[]) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const answers = Promise.all(
      bodies.map((body) =>
        fetch(`${baseUrl}/api/auth/logout/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }).then(async (response) => ({ status: response.status, body: await response.text() })),
      ),
    );
    const slowest = await slowestHealthCheck(answers);
    delay.disable();
    return { held: delay.max / 1e6, slowest, answers: await answers };
  }

  /**
   * Bodies of a few thousand nested arrays once held the event loop for a tenth of a second
   * to seconds each (the walk's cost grew with the square of the depth), and at some depth
   * overflowed the stack. Twenty of them, and four of 500,000 (1 MB), arrive over real HTTP
   * while a health check keeps asking; they may cost the event loop no more than flat bodies
   * of the same sizes sent the same way just before (on a busy machine both take longer).
   */
  it('stays responsive while deeply nested bodies arrive', async () => {
    const nested = [
      ...Array.from({ length: 20 }, () => `{"a":${deepArrayJson(4_000)}}`),
      ...Array.from({ length: 4 }, () => `{"a":${deepArrayJson(500_000)}}`),
    ];
    const flat = nested.map((body) => JSON.stringify({ a: 'x'.repeat(body.length - 8) }));
    const baseline = await sendWhileChecking(flat);
    const deep = await sendWhileChecking(nested);

    // Each body is scanned once, in about a millisecond: on a quiet machine the event loop is
    // held for tens of milliseconds by either kind.
    const heldBound = Math.max(250, 4 * baseline.held);
    expect(deep.held, 'the longest the event loop was held, in ms').toBeLessThan(heldBound);
    const slowestBound = Math.max(1000, 4 * baseline.slowest);
    expect(deep.slowest, 'the slowest health check, in ms').toBeLessThan(slowestBound);
    expect(deep.answers.map((a) => a.status)).toEqual(nested.map(() => 400));
    expect(JSON.parse(deep.answers[0]?.body ?? '')).toEqual(tooDeep);
  });
});
