import { expect, it, vi } from 'vitest';
import { benchHttp } from '../bench/http.js';
import { benchLive } from '../bench/live.js';
import { formatHttpResult, formatLiveResult } from '../bench/report.js';

// The HTTP and live-review benchmarks in smoke mode, so that they cannot rot: a tiny seed and a
// few requests per endpoint, a handful of streams and votes, on this project's database. It starts the seed command, the built server and the
// ceiling servers as child processes, which take seconds each on a busy machine (over two
// minutes in all on PGlite beside other work).
vi.setConfig({ testTimeout: 300_000 });

const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

it('loads every endpoint and its ceilings, and downloads the whole CSV export', async () => {
  // Any failed request, and a CSV short of a row, make the benchmark throw.
  const result = await benchHttp({ smoke: true, postgresUrl });
  console.log(formatHttpResult(result));

  expect(result.database).toBe(postgresUrl ? 'postgres' : 'pglite');
  expect(result.endpoints.map((endpoint) => endpoint.key)).toEqual([
    'review-table',
    'unreviewed',
    'reviewed',
    'brainstorms',
    'insights',
    'insights-brainstorm',
    'vote',
  ]);
  for (const { figures } of result.endpoints) {
    expect(figures.requestsPerSecond).toBeGreaterThan(0);
    expect(figures.ceiling.requestsPerSecond).toBeGreaterThan(0);
    expect(figures.ratio).toBeGreaterThan(0);
  }
  // On PostgreSQL the lists and the vote also have a SQL ceiling, which answered what the server
  // does before it was loaded (the benchmark throws otherwise); PGlite has none.
  const withSqlCeiling = result.endpoints
    .filter(({ figures }) => figures.sqlCeiling !== null)
    .map((endpoint) => endpoint.key);
  expect(withSqlCeiling).toEqual(
    postgresUrl ? ['review-table', 'unreviewed', 'reviewed', 'brainstorms', 'vote'] : [],
  );
  expect(result.csv.rows).toBe(result.seed.ideas);
});

it('reads every vote on every live stream, in order, on one process and on two instances', async () => {
  // A failed vote, a stream refused and a reader that dies make the benchmark throw.
  const result = await benchLive({ smoke: true, postgresUrl });
  console.log(formatLiveResult(result));

  expect(result.database).toBe(postgresUrl ? 'postgres' : 'pglite');
  expect(result.setups.map((setup) => setup.key)).toEqual(
    postgresUrl ? ['one-process', 'two-instances'] : ['one-process'],
  );
  for (const setup of result.setups) {
    expect(setup.vote.samples).toBe(result.settings.votes);
    expect(setup.groups.reduce((sum, group) => sum + group.streams, 0)).toBe(
      result.settings.streams,
    );
    for (const group of setup.groups) {
      expect(group.expected).toBe(result.settings.votes * group.streams);
      expect(group).toMatchObject({ lost: 0, outOfOrder: 0, idProblems: 0, ended: 0 });
      expect(group.received).toBe(group.expected);
      expect(group.latency.samples).toBe(group.expected);
    }
  }
});
