import { expect, it, vi } from 'vitest';
import { benchHttp } from '../bench/http.js';
import { formatHttpResult } from '../bench/report.js';

// The HTTP benchmark in smoke mode, so that it cannot rot: a tiny seed and a few requests per
// endpoint, on this project's database. It starts the seed command, the built server and the
// ceiling servers as child processes, which take seconds each on a busy machine (over two
// minutes in all on PGlite beside other work).
vi.setConfig({ testTimeout: 300_000 });

const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

it('loads every endpoint and its ceiling, and downloads the whole CSV export', async () => {
  // Any failed request, and a CSV short of a row, make the benchmark throw.
  const result = await benchHttp({ smoke: true, postgresUrl });
  console.log(formatHttpResult(result));

  expect(result.database).toBe(postgresUrl ? 'postgres' : 'pglite');
  expect(result.endpoints.map((endpoint) => endpoint.key)).toEqual([
    'review-table',
    'unreviewed',
    'reviewed',
    'brainstorms',
    'vote',
  ]);
  for (const { figures } of result.endpoints) {
    expect(figures.requestsPerSecond).toBeGreaterThan(0);
    expect(figures.ceiling.requestsPerSecond).toBeGreaterThan(0);
    expect(figures.ratio).toBeGreaterThan(0);
  }
  expect(result.csv.rows).toBe(result.seed.ideas);
});
