import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { makeBrainstorm, type IdeaJson } from '../../../test/idea-factories.js';
import type { UserRow } from '../../db/schema/users.js';

// On PostgreSQL, where requests really run at once (the embedded database serialises them).
const ROUNDS = 5;

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let owner: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  owner = await makeUser(t.db);
});
afterAll(() => t.close());

/** Ideas unlike each other (pg_trgm similarity 0.27 at most), so none stacks on another. */
const WORDS = (
  'anchor bicycle candle dolphin engine falcon guitar harbour igloo jigsaw kettle lantern ' +
  'magnet notebook orchard pepper quilt rocket saddle teapot umbrella violin walrus xylophone ' +
  'yacht zeppelin blanket cactus drum envelope fountain glacier hammock island jacket kayak ' +
  'lemon mirror nectar oyster'
).split(' ');
const ROWS = WORDS.length;
const FILE = JSON.stringify(WORDS.map((title) => ({ title })));

const importInto = (id: number) =>
  call(owner, 'POST', `/api/brainstorms/${id}/import/`, { format: 'json', content: FILE });

/** The brainstorm's ideas, stacked ones too. */
async function ideasOf(id: number) {
  const response = await call(
    owner,
    'GET',
    `/api/ideas/?brainstorm=${id}&include_duplicates=true&page_size=50&ordering=id`,
  );
  expect(response.statusCode).toBe(200);
  return response.json<{ count: number; results: IdeaJson[] }>();
}

describe.runIf(process.env.TEST_DB === 'postgres')('imports at once', () => {
  it('two imports of one file take turns: each stores all its rows, the second stacked on the first', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = (await makeBrainstorm(t.db, owner)).id;
      let settled = 0;
      const imports = [importInto(id), importInto(id)].map((p) => p.finally(() => (settled += 1)));
      // Meanwhile the count only ever shows whole imports: 0, one file's rows, or both.
      const seen = new Set<number>();
      while (settled < 2) seen.add((await ideasOf(id)).count);
      const answers = await Promise.all(imports);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      for (const count of seen) expect([0, ROWS, 2 * ROWS]).toContain(count);
      const stacked = answers.map((a) => a.json<{ stacked: number }>().stacked).sort();
      expect(stacked, 'the later sees every idea of the earlier').toEqual([0, ROWS]);
      expect((await ideasOf(id)).count).toBe(2 * ROWS);
    }
  });

  it('an import racing the deletion of its brainstorm stores all, or answers 404', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = (await makeBrainstorm(t.db, owner)).id;
      const [imported, deleted] = await Promise.all([
        importInto(id),
        call(owner, 'DELETE', `/api/brainstorms/${id}/`),
      ]);
      expect(deleted.statusCode).toBe(204);
      expect([201, 404]).toContain(imported.statusCode);
      if (imported.statusCode === 201) {
        expect(imported.json<{ imported: number }>().imported).toBe(ROWS);
      }
    }
  });
});
