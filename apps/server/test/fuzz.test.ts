import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp } from './app.js';
import { compatibleEnv } from './generation-helpers.js';
import { errorCause, FailureLog, loggedCause } from './fuzz-report.js';
import { FuzzWorld, type PreparedRequest } from './fuzz-world.js';
import { SHAPE_HOSTILE_BODIES } from './hostile-values.js';
import { FixtureId, requestArbitrary, type RequestSpec } from './openapi-arbitraries.js';
import { listOperations, openApiDocument, responseChecker } from './openapi-document.js';
import { injectAny } from './inject.js';

const seed = Number(process.env.FUZZ_SEED ?? 4242);
// When the suite also runs on PostgreSQL, the embedded database replays only the same seed's
// first 40 requests per operation (the requests are the same on both; only the database
// differs), and PostgreSQL gets all 100. Run alone, PGlite gets 100 too.
const alsoOnPostgres = process.env.TEST_DB === 'pglite' && Boolean(process.env.TEST_DATABASE_URL);
const numRuns = Number(process.env.FUZZ_RUNS ?? (alsoOnPostgres ? 40 : 100));
/**
 * Starting a sense-making step succeeds only when its kind, provider, model and brainstorm all
 * line up, about one random request in twenty: the first 40 often hold none, so these get 100
 * on either database.
 */
const LONGER_RUNS = new Set([
  'POST /api/brainstorms/{id}/analyses/',
  'POST /api/brainstorms/{id}/analyses/plan/',
]);
const runsFor = (key: string) => (LONGER_RUNS.has(key) ? Math.max(numRuns, 100) : numRuns);

// The causes of server errors, from the app's own log: they tell one 500 from another.
const serverErrors: string[] = [];
// A language-model provider is offered besides the offline one (its address answers nothing; the
// fuzzer starts no workers), so that requests for every sense-making step can succeed.
const t = await createTestApp(
  { providers: loadConfig(compatibleEnv('http://127.0.0.1:9/v1')).providers },
  {},
  {
    logger: {
      level: 'error',
      serializers: { err: errorCause },
      stream: { write: (line: string) => serverErrors.push(line) },
    },
  },
);
const document = openApiDocument(t.app);
const operations = listOperations(document);
const check = responseChecker(document);
const world = new FuzzWorld(t);
let requests = 0;
let busyMs = 0;
/**
 * Per operation, how many fuzzed requests got a success (2xx) answer: the known good request,
 * and any fuzzed one that sends the same, do not count.
 */
const reached = new Map<string, number>();

afterAll(async () => {
  console.log(
    `fuzz: ${requests} requests over ${operations.length} operations in ` +
      `${(busyMs / 1000).toFixed(1)} s (${process.env.TEST_DB ?? 'pglite'}, FUZZ_SEED=${seed})`,
  );
  await t.close();
});

/** A request as the member, naming existing fixtures in its path. */
const signedIn = (path: string): RequestSpec => ({
  actor: 'member',
  credential: 'session',
  forgery: 0,
  address: '127.0.0.1',
  cookies: 'jar',
  path: Object.fromEntries(
    [...path.matchAll(/\{(\w+)\}/g)].map((match): [string, FixtureId] => [
      match[1] ?? '',
      new FixtureId(0),
    ]),
  ),
  query: [],
  body: { kind: 'none' },
});

/**
 * What a request sends, for telling a fuzzed one from the known good one: the same sign-in from
 * another address or with other cookies is another request.
 */
const sent = (request: PreparedRequest) =>
  [
    request.url,
    typeof request.payload === 'string' ? request.payload : '',
    request.remoteAddress,
    request.headers.cookie ?? '',
  ].join(' ');

const sentWithPersonalToken = ({ source }: PreparedRequest) =>
  (source.actor === 'staff' || source.actor === 'member') && source.credential !== 'session';

/** Streams already reported as left open: each is reported once. */
let leftOpen = 0;

/**
 * What is wrong with an answer besides its schema: an error logged for an answer that is not
 * a server error (a handler failed after it answered), or a live stream that kept its place
 * after its client left.
 */
async function problemsAfter(response: { statusCode: number }): Promise<string[]> {
  const problems: string[] = [];
  if (response.statusCode < 500 && serverErrors.length > 0) {
    problems.push(`an error was logged for an answer of ${response.statusCode}`);
  }
  const deadline = Date.now() + 500;
  while (t.app.live.openStreams() > leftOpen) {
    if (Date.now() > deadline) {
      leftOpen = t.app.live.openStreams();
      problems.push('a live stream kept its place after its client left');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return problems;
}

describe('every operation in the OpenAPI document, fuzzed', () => {
  for (const entry of operations) {
    it(
      entry.key,
      async () => {
        const started = performance.now();
        const example = await world.reset(entry);
        leftOpen = t.app.live.openStreams();
        const failures = new FailureLog();
        let knownGood = '';
        if (example) {
          const request = await world.prepare(entry, example);
          knownGood = sent(request);
          const response = await injectAny(t.app, request);
          await world.observe(request, response);
          expect(response.statusCode, `the known good request: ${response.body}`).toBeLessThan(300);
        }
        // Every operation gets every body whose shape is the attack, signed in, besides the
        // random ones below.
        for (const text of SHAPE_HOSTILE_BODIES) {
          const request = await world.prepare(entry, {
            ...(example ?? signedIn(entry.path)),
            body: { kind: 'text', text, contentType: 'application/json' },
          });
          serverErrors.length = 0;
          const response = await injectAny(t.app, request);
          requests += 1;
          await world.observe(request, response);
          const causes = serverErrors.map(loggedCause);
          for (const problem of [check(entry, response), ...(await problemsAfter(response))]) {
            if (problem) failures.add(problem, request, response, causes);
          }
        }
        let personal = 0;
        // Failures are collected rather than thrown: every distinct one is reported at once, and
        // shrinking would replay requests against a database the earlier ones already changed.
        await fc.assert(
          fc.asyncProperty(requestArbitrary(entry, document), async (spec) => {
            const request = await world.prepare(entry, spec);
            serverErrors.length = 0;
            const response = await injectAny(t.app, request);
            requests += 1;
            if (sentWithPersonalToken(request)) personal += 1;
            if (response.statusCode < 300 && sent(request) !== knownGood) {
              reached.set(entry.key, (reached.get(entry.key) ?? 0) + 1);
            }
            await world.observe(request, response);
            const causes = serverErrors.map(loggedCause);
            for (const problem of [check(entry, response), ...(await problemsAfter(response))]) {
              if (problem) failures.add(problem, request, response, causes);
            }
          }),
          { seed, numRuns: runsFor(entry.key) },
        );
        busyMs += performance.now() - started;
        if (failures.size > 0) {
          const rerun = `FUZZ_SEED=${seed} FUZZ_RUNS=${runsFor(entry.key)} npx vitest run test/fuzz.test.ts -t '${entry.key}'`;
          throw new Error(
            `${entry.key}: ${failures.size} distinct failures\n\n${failures.report()}\n\nRerun: ${rerun}`,
          );
        }
        expect(personal, 'no request was sent with a personal access token').toBeGreaterThan(0);
        // A fuzzer that only ever hears 4xx tests the validation, not the operation behind it.
        expect(
          reached.get(entry.key) ?? 0,
          'no fuzzed request succeeded: give the operation a known good request (FuzzWorld)',
        ).toBeGreaterThan(0);
      },
      Math.max(30_000, runsFor(entry.key) * 300),
    );
  }
});
