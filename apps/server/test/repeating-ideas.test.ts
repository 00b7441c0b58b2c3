import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DUPLICATE_THRESHOLDS } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { closestIdeas } from '../src/modules/ideas/near-duplicates.js';
import { seededRandom } from '../src/modules/providers/offline-provider.js';
import { createTestDatabase } from './database.js';
import { makeUser } from './factories.js';
import { insertIdeas, makeBrainstorm } from './idea-factories.js';
import { baseOf, repeatingIdeas, REPEATING_BASE_IDEAS, reword } from './repeating-ideas.js';

describe('the repeating fake model', () => {
  it('tells which base every rewording came from', () => {
    const random = seededRandom(3);
    for (let n = 0; n < 400; n += 1) {
      const base = n % REPEATING_BASE_IDEAS.length;
      const idea = reword(base, random);
      expect(baseOf(idea), `${idea.title} | ${idea.summary}`).toBe(base);
    }
    expect(baseOf({ title: 'A quiet reading room', summary: 'Books and armchairs.' })).toBeNull();
  });

  it('rewords each base in many ways: words, order, case and punctuation', () => {
    const random = seededRandom(4);
    const wordings = Array.from({ length: 50 }, () => reword(0, random));
    expect(new Set(wordings.map((idea) => `${idea.title}\n${idea.summary}`)).size).toBeGreaterThan(
      30,
    );
    const texts = wordings.map((idea) => `${idea.title} ${idea.summary}`);
    expect(texts.some((text) => text.includes('coworkers'))).toBe(true);
    expect(wordings.some((idea) => idea.summary.startsWith('They '))).toBe(true);
    expect(wordings.some((idea) => idea.title === idea.title.toLowerCase())).toBe(true);
    expect(texts.some((text) => text.includes(';') || text.includes('!'))).toBe(true);
  });

  it('answers only its bases (five unless told), and records what it answered', () => {
    const fake = repeatingIdeas({ seed: 1 });
    expect(fake.bases).toHaveLength(5);
    const responder = fake.responder;
    if (typeof responder !== 'function') throw new Error('the responder is a function');
    for (let n = 1; n <= 60; n += 1) {
      const behaviour = responder({
        n,
        path: '/v1/chat/completions',
        api: 'chat',
        headers: {},
        body: {},
        system: undefined,
        user: undefined,
        at: 0,
      });
      if (behaviour.kind !== 'idea' || !behaviour.idea) throw new Error('an idea is answered');
      expect(baseOf(behaviour.idea)).toBe(fake.answers[n - 1]?.base);
    }
    expect(new Set(fake.answers.map((answer) => answer.base))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(() => repeatingIdeas({ bases: 9 })).toThrow(RangeError);
  });

  describe('seen by the near-duplicate detector', () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.close());

    it('stacks rewordings of one base together, never two bases', async () => {
      const { db } = database;
      const owner = await makeUser(db);
      const brainstorm = await makeBrainstorm(db, owner, 'Getting to work');
      const random = seededRandom(8);
      const stored: { id: number; base: number }[] = [];
      for (let n = 0; n < 50; n += 1) {
        const base = Math.floor(random() * REPEATING_BASE_IDEAS.length);
        const idea = reword(base, random);
        const [match] = await closestIdeas(db, brainstorm.id, [idea], DEFAULT_DUPLICATE_THRESHOLDS);
        const original = match?.duplicate ? match.original : null;
        if (original !== null) {
          expect(stored.find((s) => s.id === original)?.base, idea.title).toBe(base);
        }
        const [row] = await insertIdeas(db, brainstorm.id, [{ ...idea, duplicateOf: original }]);
        if (!row) throw new Error('an insert returned no row');
        stored.push({ id: row.id, base });
      }
      // One original for each base that came up, or very nearly: the rewordings are light.
      const [counted] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from ideas
          where brainstorm_id = ${brainstorm.id} and duplicate_of is null`),
      );
      const count = counted?.n ?? 0;
      expect(count).toBeGreaterThanOrEqual(new Set(stored.map((s) => s.base)).size);
      expect(count).toBeLessThanOrEqual(12);
    });
  });
});
