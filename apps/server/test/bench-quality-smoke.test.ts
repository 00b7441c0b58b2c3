import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { formatQualityResult, measureQuality } from '../bench/quality.js';
import type { Database } from '../src/db/client.js';
import { createTestDatabase } from './database.js';

// The quality benchmark in smoke mode, so that it cannot rot: 10 ideas from the repeating model
// through the queue and 20 offline, on this project's database.
vi.setConfig({ testTimeout: 60_000 });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('stacks the repeating model by base, scores the pairs and counts offline variety', async () => {
  const result = await measureQuality('this database', database, { smoke: true });
  console.log(formatQualityResult(result));

  expect(result.repeating.map((r) => r.variety)).toEqual(['normal', 'high']);
  const [run, high] = result.repeating;
  // Picking the least alike of 3 leaves no more ideas standing alone than picking 1 would.
  expect(high?.ideas).toBe(10);
  expect(high?.inReview).toBeGreaterThanOrEqual(run?.inReview ?? 0);
  expect(run?.ideas).toBe(10);
  expect((run?.inReview ?? 0) + (run?.stacked ?? 0)).toBe(10);
  expect(run?.stacked).toBeGreaterThan(0);
  expect(run?.mixedStacks).toBe(0);
  expect(run?.tokens).toBeGreaterThan(0);
  expect(result.pairs.accuracy.map((row) => row.threshold)).toEqual([0.4, 0.5, 0.6]);
  // The held-out pairs, each kind scored: every kind has pairs, and rewordings stack.
  expect(result.heldOut.kinds.map((kind) => kind.pairs > 0)).toEqual([
    true,
    true,
    true,
    true,
    true,
  ]);
  expect(result.heldOut.kinds.find((kind) => kind.kind === 'rewording')?.stacked).toBeGreaterThan(
    0,
  );
  expect(result.offline.map((run) => run.ideas)).toEqual([20]);
  expect(result.offline[0]?.distinct).toBeGreaterThan(0);
});
