import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.js';
import { makeUser } from '../../../test/factories.js';
import { insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import { DEFAULT_DUPLICATE_THRESHOLDS } from '../../config.js';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { TRIGRAM_MATCH_FLOOR, trigramMatchThreshold } from '../../db/session-settings.js';
import { Random } from '../../seed/random.js';
import { ideaText, PROBLEMS } from '../../seed/seed-text.js';
import { closestEarlierRows, placeRows } from './batch-comparison.js';
import { compareEarly, compareSince } from './early-comparison.js';
import { loadLabelledPairs } from './near-duplicate-pairs.js';
import {
  closestIdeas,
  closestIdeasByScan,
  type Comparable,
  type Match,
} from './near-duplicates.js';

/*
 * The index finds what comparing with every idea finds (decision 039): the same closest idea,
 * original and score for every candidate, so the same ideas are stacked, on either database.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const thresholds = DEFAULT_DUPLICATE_THRESHOLDS;

/**
 * What stacking reads of a match: whether it stacks, and if so under which idea and how alike.
 * Below the thresholds a comparison exact for stacking only may name no closest idea.
 */
const stacking = (matches: Match[]) =>
  matches.map(({ candidate, duplicate, closest, original, score }) =>
    duplicate ? { candidate, duplicate, closest, original, score } : { candidate, duplicate },
  );

async function brainstormWith(ideas: Comparable[]) {
  const owner = await makeUser(database.db);
  const brainstorm = await makeBrainstorm(database.db, owner);
  const stored = await insertIdeas(database.db, brainstorm.id, ideas);
  return { id: brainstorm.id, owner, ids: stored.map((idea) => idea.id) };
}

describe('near-duplicates found through the index', () => {
  it('are searched at the session threshold both databases start with', async () => {
    const [row] = rowsOf<{ floor: string }>(
      await database.db.execute(
        sql`select current_setting('pg_trgm.similarity_threshold') as floor`,
      ),
    );
    expect(Number(row?.floor)).toBe(TRIGRAM_MATCH_FLOOR);
    // The default stacking threshold is searched at it, in one statement.
    expect(TRIGRAM_MATCH_FLOOR).toBeLessThanOrEqual(
      trigramMatchThreshold(DEFAULT_DUPLICATE_THRESHOLDS.lexical),
    );
  });

  it('are those found by comparing with every idea, for every labelled pair', async () => {
    const pairs = loadLabelledPairs();
    const { id } = await brainstormWith(pairs.map((pair) => pair.a));
    const candidates = pairs.map((pair) => pair.b);
    const indexed = await closestIdeas(database.db, id, candidates, thresholds);
    const scanned = await closestIdeasByScan(database.db, id, candidates, thresholds);
    expect(indexed).toEqual(scanned);
    // Not a vacuous agreement: the labelled rewordings are found, and stacked.
    expect(indexed.filter((match) => match.duplicate).length).toBeGreaterThan(pairs.length / 3);
    // Through the trigrams shared, the same stacks, under the same ideas, with the same scores.
    const shared = await closestIdeas(database.db, id, candidates, thresholds, {}, 'stacking');
    expect(stacking(shared)).toEqual(stacking(scanned));
    // At a threshold other than the default, too, and at a score equal to it.
    const atScore = shared.find((match) => match.duplicate && match.score < 1)?.score ?? 0.7;
    for (const lexical of [0.35, 0.65, atScore]) {
      const other = { ...thresholds, lexical };
      expect(
        stacking(await closestIdeas(database.db, id, candidates, other, {}, 'stacking')),
      ).toEqual(stacking(await closestIdeasByScan(database.db, id, candidates, other)));
    }
  });

  it('are those found by comparing with every idea among 600 in one wording', async () => {
    const random = new Random(7);
    const [problem] = PROBLEMS;
    if (!problem) throw new Error('the seed has no problems');
    const write = (count: number) =>
      Array.from({ length: count }, () => ideaText(random, problem, 'classic'));
    const { id } = await brainstormWith(write(600));
    const candidates = write(30);
    const scanned = await closestIdeasByScan(database.db, id, candidates, thresholds);
    expect(await closestIdeas(database.db, id, candidates, thresholds)).toEqual(scanned);
    expect(
      stacking(await closestIdeas(database.db, id, candidates, thresholds, {}, 'stacking')),
    ).toEqual(stacking(scanned));
  });

  it('stack on the earliest of many equal ideas, as the comparison with every idea does', async () => {
    const same = { title: 'Shuttle bus from the station', summary: 'A free minibus loops.' };
    const { id, ids } = await brainstormWith([
      { title: 'Bike racks on buses', summary: 'Folding racks on the front.' },
      ...Array.from({ length: 12 }, () => same),
    ]);
    const [match] = await closestIdeas(database.db, id, [same], thresholds);
    expect(match).toMatchObject({ closest: ids[1], original: ids[1], score: 1, duplicate: true });
  });
});

describe('a comparison made before the lock, brought up to date under it', () => {
  it('finds what a comparison made at that moment finds, with ideas stored and gone since', async () => {
    const pairs = loadLabelledPairs().slice(0, 40);
    const half = pairs.length / 2;
    const { id, ids } = await brainstormWith(pairs.slice(0, half).map((pair) => pair.a));
    const candidates = pairs.map((pair) => pair.b);
    const early = await compareEarly(database.db, id, candidates, thresholds, { chunk: 3 });
    // Meanwhile the other half is stored and one idea found early is deleted.
    await insertIdeas(
      database.db,
      id,
      pairs.slice(half).map((pair) => pair.a),
    );
    const found = early.matches.find((match) => match.duplicate)?.closest;
    expect(found).toBeDefined();
    await database.db.execute(`delete from ideas where id = ${Number(found)}`);
    expect(ids).toContain(found);

    const brought = await compareSince(database.db, id, candidates, early, thresholds);
    const scanned = await closestIdeasByScan(database.db, id, candidates, thresholds);
    expect(stacking(brought)).toEqual(stacking(scanned));
    expect(brought.filter((match) => match.duplicate).length).toBeGreaterThan(half / 2);
  });
});

describe('rows stored together', () => {
  it('stack under an earlier row as if stored one after another', async () => {
    const { id } = await brainstormWith([
      { title: 'Bike racks on buses', summary: 'Folding racks on the front of every bus.' },
    ]);
    const rows: Comparable[] = [
      { title: 'Shuttle bus from the station', summary: 'A free minibus loops every hour.' },
      { title: 'Shuttle bus from the station', summary: 'A free minibus loops every hour!' },
      { title: 'Bike racks on buses', summary: 'Folding racks on the front of every bus!' },
      { title: 'Rooftop garden', summary: 'Staff grow herbs for the canteen on the roof.' },
    ];
    const early = await compareEarly(database.db, id, rows, thresholds);
    const earlier = await closestEarlierRows(database.db, rows, 2);
    const placed = placeRows(
      await compareSince(database.db, id, rows, early, thresholds),
      earlier,
      thresholds,
    );
    expect(placed.map((place) => place.under)).toEqual([
      null,
      { row: 0 },
      { idea: expect.any(Number) as number },
      null,
    ]);
  });
});
