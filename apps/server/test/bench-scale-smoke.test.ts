import { expect, it, vi } from 'vitest';
import { benchScale, RANKED_IDEAS } from '../bench/scale.js';
import { PAIRS_PER_CALL } from '../src/modules/analysis/repeats-kind.js';
import { formatScaleResult } from '../bench/scale-report.js';

// The scale benchmark in smoke mode, so that it cannot rot: one empty brainstorm (each size
// seeds a database and starts the built server, some 20 s on PGlite beside other work), a few
// writes and a few requests of each path, on this project's database.
vi.setConfig({ testTimeout: 120_000 });

const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

it('times the writes, the generation, the import and every per-brainstorm path', async () => {
  // A failed write, generation or import, a health check that fails and a vote whose live event
  // does not come make the benchmark throw; a path answering an error is recorded with its status.
  const result = await benchScale({ smoke: true, sizes: [0], postgresUrl });
  console.log(formatScaleResult(result));

  expect(result.database).toBe(postgresUrl ? 'postgres' : 'pglite');
  expect(result.sizes.map((size) => size.ideas)).toEqual([0]);
  const [size] = result.sizes;
  const { posts, generatedIdeas, importRows } = result.settings;
  expect(size?.pathIdeas).toBe(posts + generatedIdeas + importRows);
  expect(size?.posts.p50Ms).toBeGreaterThan(0);
  expect(size?.posts.p99Ms).toBeGreaterThan(0);
  expect(size?.posts.stacked).toBeGreaterThan(0);
  expect(size?.generation.seconds).toBeGreaterThan(0);
  expect(size?.import.seconds).toBeGreaterThan(0);
  expect(size?.import.stacked).toBeGreaterThan(0);
  expect(size?.review.unreviewed).toHaveProperty('p50Ms');
  expect(size?.review.table).toHaveProperty('p50Ms');
  for (const path of size?.paths ?? []) expect(path.timing, path.key).toHaveProperty('p50Ms');
  expect(size?.paths).toHaveLength(15);
  expect(size?.voteToEventMs).toBeGreaterThan(0);
  // Themes by the fake model and by keywords read the brainstorm's originals; a ranking, its top;
  // repeats, the pairs the newest ideas make with near earlier ones, twenty to a call.
  const { themes, keywordThemes, ranking, repeats } = size?.senseMaking ?? {};
  expect(themes?.ideas).toBeGreaterThan(0);
  expect(themes?.ideas).toBeLessThanOrEqual((size?.pathIdeas ?? 0) - (size?.posts.stacked ?? 0));
  expect(themes?.calls).toBeGreaterThan(0);
  expect(keywordThemes).toMatchObject({ ideas: themes?.ideas, calls: 0 });
  expect(ranking?.ideas).toBe(RANKED_IDEAS);
  expect(ranking?.calls).toBeGreaterThan(RANKED_IDEAS / 2);
  expect(repeats?.ideas).toBeGreaterThan(0);
  expect(repeats?.calls).toBe(Math.ceil((repeats?.ideas ?? 0) / PAIRS_PER_CALL));
  const measured = [size?.posts.health, size?.generation.health, size?.pathsHealth];
  for (const health of [...measured, size?.senseMaking.health]) {
    expect(health?.samples).toBeGreaterThan(0);
  }
  expect(result.pairs.accuracy.map((row) => row.threshold)).toEqual([0.4, 0.5, 0.6]);
});
