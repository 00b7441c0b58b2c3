import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  annotateDirectly,
  insertIdeas,
  makeBrainstorm,
  pageReader,
  type IdeaPage,
} from '../../../test/idea-factories.js';
import type { UserRow } from '../../db/schema/users.js';

/*
 * A list read again up to an idea (`up_to`, issue 39): a reviewer's list keeps its rows while
 * ideas arrive, and its counts are those of the ideas it holds, until it is read without it.
 */

let t: TestApp;
let read: ReturnType<typeof pageReader>;
let me: UserRow;
let alice: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  read = pageReader(t.app);
  me = await makeUser(t.db);
  alice = await makeUser(t.db);
});
afterAll(() => t.close());

type UpToPage = IdeaPage & { newestId: number | null; stackedCount: number; laterCount: number };
const titles = (page: IdeaPage) => page.results.map((idea) => idea.title);
const countsOf = (page: UpToPage) => [page.count, page.filteredCount, page.stackedCount];

/** A brainstorm of five ideas, 'Old 1' the oldest; the caller has reviewed 'Old 2'. */
async function reviewing() {
  const brainstorm = (await makeBrainstorm(t.db, alice)).id;
  const old = await insertIdeas(
    t.db,
    brainstorm,
    [1, 2, 3, 4, 5].map((n) => ({ title: `Old ${n}`, summary: 'about bicycles' })),
  );
  await annotateDirectly(t.db, me, old[1]?.id ?? 0, { vote: 1 });
  return { brainstorm, newest: old.at(-1)?.id };
}

/** Ideas stored meanwhile: two new ones, one stacked under 'Old 1', and one the caller reviewed. */
async function ideasArrive(brainstorm: number) {
  const [first] = await insertIdeas(t.db, brainstorm, [{ title: 'Old 1 again' }]);
  const arrived = await insertIdeas(t.db, brainstorm, [
    { title: 'New 1', summary: 'about bicycles' },
    { title: 'New 2', summary: 'about bicycles' },
    { title: 'New 3', duplicateOf: first?.id ?? null },
  ]);
  await annotateDirectly(t.db, me, arrived[0]?.id ?? 0, { vote: -1 });
  return arrived;
}

describe('a list read up to an idea', () => {
  it('keeps its rows and counts while ideas arrive, and shows them once read without it', async () => {
    const { brainstorm, newest } = await reviewing();
    const list = `/api/ideas/unreviewed/?brainstorm=${brainstorm}&page_size=3`;
    const first = (await read(me, list)) as UpToPage;
    expect(first.newestId).toBe(newest);
    expect(titles(first)).toEqual(['Old 5', 'Old 4', 'Old 3']);
    const before = countsOf(first);
    expect(before).toEqual([5, 4, 0]);

    const arrived = await ideasArrive(brainstorm);
    const again = (await read(me, `${list}&up_to=${String(first.newestId)}`)) as UpToPage;
    expect(titles(again)).toEqual(titles(first));
    expect(countsOf(again)).toEqual(before);
    expect(first.laterCount).toBe(0);
    // 'Old 1 again' and New 2 are still to review; New 1 the caller reviewed; New 3 is stacked.
    expect(again.laterCount).toBe(2);
    expect(again.newestId).toBe(arrived.at(-1)?.id);
    // The next page is the same too, and its link keeps the moment.
    expect(again.next).toContain(`up_to=${String(first.newestId)}`);
    const second = await read(me, `${list}&up_to=${String(first.newestId)}&page=2`);
    expect(titles(second)).toEqual(['Old 1']);

    const now = (await read(me, list)) as UpToPage;
    expect(titles(now)).toEqual(['New 2', 'Old 1 again', 'Old 5']);
    expect(countsOf(now)).toEqual([8, 6, 1]);
  });

  it('counts as it lists where the ideas are counted one by one (a search, a theme)', async () => {
    const { brainstorm, newest } = await reviewing();
    await ideasArrive(brainstorm);
    const searched = (await read(
      me,
      `/api/ideas/?brainstorm=${brainstorm}&search=bicycles&up_to=${String(newest)}`,
    )) as UpToPage;
    expect(titles(searched)).toEqual(['Old 5', 'Old 4', 'Old 3', 'Old 2', 'Old 1']);
    expect(countsOf(searched)).toEqual([5, 5, 0]);
    // 'Old 1 again' has no bicycles; New 1 and New 2 have.
    expect(searched.laterCount).toBe(2);
    const unsorted = (await read(
      me,
      `/api/ideas/reviewed/?brainstorm=${brainstorm}&user_filter=current&theme=none&up_to=${String(newest)}`,
    )) as UpToPage;
    expect(titles(unsorted)).toEqual(['Old 2']);
    expect(countsOf(unsorted)).toEqual([5, 1, 0]);
  });

  it('gives no newest idea without a brainstorm, and refuses an up_to that is not an id', async () => {
    const everywhere = (await read(me, '/api/ideas/?page_size=1')) as UpToPage;
    expect(everywhere.newestId).toBeNull();
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const response = await apiAs(t.app)(me, 'GET', `/api/ideas/?up_to=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(Object.keys(response.json<object>()), bad).toEqual(['up_to']);
    }
    expect((await apiAs(t.app)(null, 'GET', '/api/ideas/?up_to=1')).statusCode).toBe(401);
  });
});
