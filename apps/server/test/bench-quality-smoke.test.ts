import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { RECALL_KS, RECALL_LOWERS } from '../bench/candidate-recall.js';
import {
  formatQualityResult,
  LEXICAL_MEASURES,
  measureQuality,
  scoreMeasures,
} from '../bench/quality.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { loadHeldOutPairs, loadLabelledPairs } from '../src/modules/ideas/near-duplicate-pairs.js';
import { createTestDatabase } from './database.js';

// The quality benchmark in smoke mode, so that it cannot rot: 10 ideas from the repeating model
// through the queue, 20 offline and 100 distractors a hidden pair, on this project's database.
vi.setConfig({ testTimeout: 120_000 });

const inRange = (share: number) => share >= 0 && share <= 1;

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

  // The measure study: every kind of both sets has a range per measure, and each measure a
  // threshold chosen on the tuning set with precision and recall on both.
  const { measures } = result;
  expect(new Set(measures.kinds.map((kind) => kind.set))).toEqual(new Set(['tuning', 'held-out']));
  for (const kind of measures.kinds) {
    for (const measure of LEXICAL_MEASURES) {
      const { lowest, highest } = kind.ranges[measure];
      expect(inRange(lowest) && inRange(highest) && lowest <= highest).toBe(true);
    }
  }
  expect(measures.choices.map((choice) => choice.measure)).toEqual([...LEXICAL_MEASURES]);
  for (const choice of measures.choices) {
    expect(choice.threshold).toBeGreaterThan(0);
    expect(choice.threshold).toBeLessThan(1);
    for (const accuracy of [choice.tuning, choice.heldOut]) {
      expect(inRange(accuracy.precision) && inRange(accuracy.recall)).toBe(true);
    }
  }

  // Candidate recall: every cell of both sets, recall growing with k and never below what the
  // detector finds alone; the band chosen among those measured; the judge's load counted.
  const recall = result.candidateRecall;
  expect(recall.distractors).toBe(100);
  expect(RECALL_KS).toContain(recall.chosen.k);
  expect(RECALL_LOWERS).toContain(recall.chosen.lower);
  for (const set of [recall.tuning, recall.heldOut]) {
    expect(set.pairs).toBeGreaterThan(0);
    for (const kind of [set.all, ...set.kinds]) {
      expect(kind.cells).toHaveLength(RECALL_KS.length * RECALL_LOWERS.length);
      for (const cell of kind.cells) {
        expect(inRange(cell.recall)).toBe(true);
        expect(cell.found).toBeGreaterThanOrEqual(kind.byDetector);
      }
      for (const lower of RECALL_LOWERS) {
        const found = kind.cells.filter((cell) => cell.lower === lower).map((cell) => cell.found);
        expect(found).toEqual([...found].sort((x, y) => x - y));
      }
    }
    expect(set.load.ideas).toBeGreaterThan(0);
    expect(set.load.pairsPer100).toBeGreaterThan(0);
    expect(set.load.pairsPer100).toBeLessThanOrEqual(recall.chosen.k * 100);
    expect(set.load.tokensPer100).toBeGreaterThan(0);
  }
  expect(recall.heldOut.kinds.map((kind) => kind.kind)).toEqual([
    'rewording',
    'paraphrase',
    'length',
  ]);
});

it('scores the lexical measures the same on PGlite as on this database', async () => {
  const pairs = [...loadLabelledPairs().slice(0, 8), ...loadHeldOutPairs().slice(0, 8)];
  const pglite = await openDatabase({
    kind: 'pglite-memory',
    from: new Blob([readFileSync(inject('pgliteTemplate'))]),
  });
  try {
    const here = await scoreMeasures(database.db, pairs);
    const embedded = await scoreMeasures(pglite.db, pairs);
    expect(here).toHaveLength(pairs.length);
    for (const [index, scores] of here.entries()) {
      for (const measure of LEXICAL_MEASURES) {
        expect(scores[measure]).toBeCloseTo(embedded[index]?.[measure] ?? -1, 6);
      }
    }
  } finally {
    await pglite.close();
  }
});
