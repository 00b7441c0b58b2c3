import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, it } from 'vitest';
import { createTestApp } from './app.js';
import { FuzzWorld, type PreparedRequest } from './fuzz-world.js';
import { requestArbitrary } from './openapi-arbitraries.js';
import { listOperations, openApiDocument, responseChecker } from './openapi-document.js';

const seed = Number(process.env.FUZZ_SEED ?? 4242);
const numRuns = Number(process.env.FUZZ_RUNS ?? 100);

// The causes of server errors, from the app's own log: they tell one 500 from another.
const serverErrors: string[] = [];
const t = await createTestApp(
  {},
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

afterAll(async () => {
  console.log(
    `fuzz: ${requests} requests over ${operations.length} operations in ` +
      `${(busyMs / 1000).toFixed(1)} s (${process.env.TEST_DB ?? 'pglite'}, FUZZ_SEED=${seed})`,
  );
  await t.close();
});

describe('every operation in the OpenAPI document, fuzzed', () => {
  for (const entry of operations) {
    it(
      entry.key,
      async () => {
        const started = performance.now();
        await world.reset();
        const failures = new FailureLog();
        // Failures are collected rather than thrown: every distinct one is reported at once, and
        // shrinking would replay requests against a database the earlier ones already changed.
        await fc.assert(
          fc.asyncProperty(requestArbitrary(entry, document), async (spec) => {
            const request = await world.prepare(entry, spec);
            serverErrors.length = 0;
            const response = await t.app.inject(request);
            requests += 1;
            await world.observe(request, response);
            const problem = check(entry, response);
            if (problem) failures.add(problem, request, response, serverErrors.map(loggedCause));
          }),
          { seed, numRuns },
        );
        busyMs += performance.now() - started;
        if (failures.size > 0) {
          const rerun = `FUZZ_SEED=${seed} FUZZ_RUNS=${numRuns} npx vitest run test/fuzz.test.ts -t '${entry.key}'`;
          throw new Error(
            `${entry.key}: ${failures.size} distinct failures\n\n${failures.report()}\n\nRerun: ${rerun}`,
          );
        }
      },
      Math.max(30_000, numRuns * 300),
    );
  }
});

interface Example {
  count: number;
  size: number;
  text: string;
}

/** Distinct problems with a count and the smallest request that showed each. */
class FailureLog {
  private readonly byProblem = new Map<string, Example>();

  get size() {
    return this.byProblem.size;
  }

  add(
    problem: string,
    request: PreparedRequest,
    response: LightMyRequestResponse,
    causes: string[],
  ) {
    const signature = causes.length > 0 ? `${problem} (${causes.join('; ')})` : problem;
    const payload = typeof request.payload === 'string' ? request.payload : '';
    const size = request.url.length + payload.length;
    const known = this.byProblem.get(signature);
    const count = (known?.count ?? 0) + 1;
    if (known && known.size <= size) {
      known.count = count;
      return;
    }
    const headers = Object.entries(request.headers).filter(([name]) => name !== 'authorization');
    const text = [
      `  request:  ${request.method} ${clip(request.url)} ${request.description}`,
      `            headers ${clip(JSON.stringify(Object.fromEntries(headers)))}`,
      ...(payload ? [`            payload ${clip(JSON.stringify(payload))}`] : []),
      `  response: ${response.statusCode} ${clip(JSON.stringify(response.headers['content-type'] ?? null))} ${clip(response.body)}`,
    ].join('\n');
    this.byProblem.set(signature, { count, size, text });
  }

  report(): string {
    return [...this.byProblem]
      .map(([signature, { count, text }]) => `${signature} ×${count}\n${text}`)
      .join('\n\n');
  }
}

const clip = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/**
 * Logs an error as its innermost cause (a database error's SQLSTATE and message) and, for a
 * failed query, the statement and table it was on: distinctive, without the request's values.
 */
function errorCause(error: Error) {
  let root: unknown = error;
  while (root instanceof Error && root.cause !== undefined) root = root.cause;
  const { code, message } = root as { code?: unknown; message?: unknown };
  const statement = /^Failed query: (\w+)/.exec(error.message)?.[1]?.toLowerCase();
  const table = /\b(?:into|update|from)\s+("?\w+"?)/i.exec(error.message)?.[1];
  const cause = [
    error.name,
    typeof code === 'string' ? code : null,
    clip(String(message), 120),
    statement && table ? `in ${statement} ${table}` : null,
  ];
  return { type: error.name, message: cause.filter(Boolean).join(' '), stack: '' };
}

const loggedCause = (line: string) =>
  (JSON.parse(line) as { err?: { message: string } }).err?.message ?? 'no cause logged';
