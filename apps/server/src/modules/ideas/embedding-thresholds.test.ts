import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database.js';
import { makeUser } from '../../../test/factories.js';
import { insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import { DEFAULT_DUPLICATE_THRESHOLDS, type DuplicateThresholds } from '../../config.js';
import type { Database } from '../../db/client.js';
import { ideaEmbeddings } from '../../db/schema/ideas.js';
import { closestIdeas, closestIdeasByScan, type Comparable } from './near-duplicates.js';

/*
 * Embeddings that can say no (issue 38): per embedding model, a cosine at which two ideas stack
 * and one below which ideas that share their words are not stacked after all.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const repair = { title: 'Bike repair workshop for students', summary: 'Free weekly repairs.' };
/** One word swapped: lexically a near-duplicate (about 0.6), another idea. */
const rental = { title: 'Bike rental workshop for students', summary: 'Free weekly rentals.' };
/** The repair workshop in other words: lexically far. */
const fixing = { title: 'Students mend their cycles', summary: 'Tools and help every week.' };

/** A brainstorm holding the repair workshop, embedded by `model` as [1, 0, 0]; its id. */
async function brainstormWithRepair(model = 'embed-small') {
  const owner = await makeUser(database.db);
  const brainstorm = await makeBrainstorm(database.db, owner);
  const [stored] = await insertIdeas(database.db, brainstorm.id, [repair]);
  if (!stored) throw new Error('no idea stored');
  await database.db
    .insert(ideaEmbeddings)
    .values({ ideaId: stored.id, model, embedding: [1, 0, 0] });
  return { brainstorm: brainstorm.id, repair: stored.id };
}

const withVector = (
  idea: Omit<Comparable, 'embedding'>,
  vector: number[],
  model = 'embed-small',
) => ({ ...idea, embedding: { model, vector } });

/** Whether each comparison, through the index and by scanning, stacks the candidate. */
async function stacks(brainstorm: number, candidate: Comparable, thresholds: DuplicateThresholds) {
  const found = await Promise.all([
    closestIdeas(database.db, brainstorm, [candidate], thresholds),
    closestIdeas(database.db, brainstorm, [candidate], thresholds, {}, 'stacking'),
    closestIdeasByScan(database.db, brainstorm, [candidate], thresholds),
  ]);
  const verdicts = found.map(([match]) => match?.duplicate);
  expect(new Set(verdicts).size, 'the three comparisons agree').toBe(1);
  return verdicts[0];
}

const vetoing: DuplicateThresholds = {
  ...DEFAULT_DUPLICATE_THRESHOLDS,
  embeddingModels: { 'embed-small': { stack: 0.75, veto: 0.5 } },
};

describe('an embedding model with its own thresholds', () => {
  it('vetoes a lexical stack when the two ideas differ in meaning', async () => {
    const { brainstorm } = await brainstormWithRepair();
    const apart = withVector(rental, [0.2, 0.98, 0]);
    // Without a veto the shared words stack it; with one, the cosine (0.2) keeps it apart.
    expect(await stacks(brainstorm, apart, DEFAULT_DUPLICATE_THRESHOLDS)).toBe(true);
    expect(await stacks(brainstorm, apart, vetoing)).toBe(false);
    // Close in meaning as well as in words, it is stacked still.
    expect(await stacks(brainstorm, withVector(rental, [0.95, 0.3, 0]), vetoing)).toBe(true);
  });

  it('stacks at its own cosine, and leaves other models and ideas without vectors as they were', async () => {
    const { brainstorm } = await brainstormWithRepair();
    const alike = withVector(fixing, [0.8, 0.6, 0]);
    expect(await stacks(brainstorm, alike, DEFAULT_DUPLICATE_THRESHOLDS)).toBe(false);
    expect(await stacks(brainstorm, alike, vetoing)).toBe(true);
    // Another model's vectors are held to the default threshold, and never vetoed.
    const other = await brainstormWithRepair('embed-large');
    const otherModel = (idea: Omit<Comparable, 'embedding'>, vector: number[]) =>
      withVector(idea, vector, 'embed-large');
    expect(await stacks(other.brainstorm, otherModel(fixing, [0.8, 0.6, 0]), vetoing)).toBe(false);
    expect(await stacks(other.brainstorm, otherModel(rental, [0.2, 0.98, 0]), vetoing)).toBe(true);
    // Without a vector, the words alone decide.
    expect(await stacks(brainstorm, rental, vetoing)).toBe(true);
  });
});
