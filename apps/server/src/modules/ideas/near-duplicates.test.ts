import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.js';
import { DEFAULT_DUPLICATE_THRESHOLDS } from '../../config.js';
import type { Database } from '../../db/client.js';
import {
  accuracyAt,
  accuracyOver,
  loadLabelledPairs,
  scorePairs,
  type LabelledPair,
  type ScoredPair,
} from './near-duplicate-pairs.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const idea = (title: string, summary: string) => ({ title, summary });
const score = async (a: LabelledPair['a'], b: LabelledPair['b']) => {
  const [scored] = await scorePairs(database.db, [{ a, b, duplicate: true, kind: 'direct' }]);
  return scored?.score ?? 0;
};

describe('the lexical similarity of two ideas', () => {
  const original = idea(
    'Shuttle bus from the station',
    'A free minibus loops between the railway station and the campus every twenty minutes.',
  );

  it('is 1 for the same words in another order, case or punctuation', async () => {
    expect(await score(original, original)).toBe(1);
    expect(
      await score(
        original,
        idea(
          'SHUTTLE BUS FROM THE STATION!',
          'a free minibus loops, between the railway station and the campus - every twenty minutes',
        ),
      ),
    ).toBeCloseTo(1, 5);
    expect(
      await score(
        original,
        idea(
          'From the station, shuttle bus',
          'Every twenty minutes a free minibus loops between the campus and the railway station.',
        ),
      ),
    ).toBeCloseTo(1, 5);
  });

  it('stays high when a word or two is swapped, and low for another idea', async () => {
    const reworded = idea(
      'Shuttle bus from the station',
      'A complimentary minibus circulates between the railway station and the campus every twenty minutes.',
    );
    expect(await score(original, reworded)).toBeGreaterThanOrEqual(
      DEFAULT_DUPLICATE_THRESHOLDS.lexical,
    );
    const other = idea(
      'Bike racks on buses',
      'Buses carry folding racks on the front so riders can bring their bicycles on longer trips.',
    );
    expect(await score(original, other)).toBeLessThan(DEFAULT_DUPLICATE_THRESHOLDS.lexical);
  });
});

describe('the labelled pairs', () => {
  let scored: ScoredPair[];
  beforeAll(async () => {
    scored = await scorePairs(database.db, loadLabelledPairs());
  });

  it('hold at least 100 pairs, rewordings and near-misses in about equal numbers', () => {
    expect(scored.length).toBeGreaterThanOrEqual(100);
    const duplicates = scored.filter((pair) => pair.duplicate).length;
    expect(duplicates).toBeGreaterThanOrEqual(scored.length * 0.4);
    expect(duplicates).toBeLessThanOrEqual(scored.length * 0.6);
    expect(new Set(scored.map((pair) => pair.kind)).size).toBeGreaterThan(5);
  });

  it('are told apart at the default threshold: precision ≥ 0.9, recall ≥ 0.8', () => {
    const accuracy = accuracyAt(scored, DEFAULT_DUPLICATE_THRESHOLDS.lexical);
    expect(accuracy.precision).toBeGreaterThanOrEqual(0.9);
    expect(accuracy.recall).toBeGreaterThanOrEqual(0.8);
  });

  it('trade recall for precision as the threshold rises', () => {
    const range = accuracyOver(scored);
    expect(range.map((row) => row.threshold)).toEqual([
      0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7,
    ]);
    for (const [previous, row] of range.slice(1).map((row, i) => [range[i], row] as const)) {
      expect(row.recall).toBeLessThanOrEqual(previous?.recall ?? 1);
      expect(row.falsePositives).toBeLessThanOrEqual(previous?.falsePositives ?? Infinity);
    }
  });
});
