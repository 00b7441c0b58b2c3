import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  annotateDirectly,
  insertIdeas,
  makeBrainstorm,
  pageReader,
} from '../../../test/idea-factories.js';
import { rowsOf } from '../../db/rows.js';
import type { UserRow } from '../../db/schema/users.js';

/*
 * The review queue's counts come from `reviewer_counts` (migration 0022), kept by triggers as
 * reviews, stacks, ideas, brainstorms and users change; here they are held against the ideas
 * counted one by one after each kind of change, and after parallel ones (which race on
 * PostgreSQL).
 */

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let readPage: ReturnType<typeof pageReader>;
let staff: UserRow;
let ana: UserRow;
let ben: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  readPage = pageReader(t.app);
  staff = await makeUser(t.db, { is_staff: true });
  ana = await makeUser(t.db);
  ben = await makeUser(t.db);
});
afterAll(() => t.close());

interface Counted {
  brainstorm: number;
  user: number;
  reviewed: number;
  reviewedStacked: number;
}

/** Every non-zero kept count, and the same counted from the annotations, in one order. */
async function keptAndCounted() {
  const kept = rowsOf<Counted>(
    await t.db.execute(sql`select brainstorm_id as brainstorm, user_id as user, reviewed,
      reviewed_stacked as "reviewedStacked" from reviewer_counts
      where reviewed <> 0 or reviewed_stacked <> 0 order by 1, 2`),
  );
  const counted = rowsOf<Counted>(
    await t.db.execute(sql`select i.brainstorm_id as brainstorm, a.user_id as user,
      count(*) filter (where i.duplicate_of is null)::int as reviewed,
      count(*) filter (where i.duplicate_of is not null)::int as "reviewedStacked"
      from idea_annotations a join ideas i on i.id = a.idea_id
      group by 1, 2 order by 1, 2`),
  );
  return { kept, counted };
}

async function expectExact() {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
}

type CountsPage = Awaited<ReturnType<typeof readPage>> & { stackedCount: number };

/** A list's counts, and the same counted over its whole result, page by page. */
async function expectListCounts(user: UserRow, url: string) {
  const first = (await readPage(user, `${url}&page_size=100`)) as CountsPage;
  const all = (await readPage(user, `${url}&page_size=100&include_duplicates=true`)) as CountsPage;
  const listed = first.filteredCount;
  expect(first.results.length).toBe(Math.min(listed, 100));
  expect(all.filteredCount).toBe(listed + first.stackedCount);
  return first;
}

describe('the kept review counts', () => {
  it('follow reviews, stacks, deleted ideas, brainstorms and users, and match the lists', async () => {
    const brainstorm = await makeBrainstorm(t.db, staff);
    const other = await makeBrainstorm(t.db, staff, 'Other');
    const ideas = await insertIdeas(
      t.db,
      brainstorm.id,
      Array.from({ length: 12 }, (_, i) => ({ title: `Idea number ${i}` })),
    );
    const [elsewhere] = await insertIdeas(t.db, other.id, [{ title: 'Elsewhere' }]);
    const id = (i: number) => ideas[i]?.id ?? 0;

    for (const i of [0, 1, 2, 3]) {
      const response = await call(ana, 'POST', `/api/ideas/${id(i)}/annotate/`, { vote: 1 });
      expect(response.statusCode, response.body).toBe(200);
    }
    await annotateDirectly(t.db, ben, id(2));
    await annotateDirectly(t.db, ana, elsewhere?.id ?? 0);
    await expectExact();

    const unreviewed = `/api/ideas/unreviewed/?brainstorm=${brainstorm.id}`;
    const mine = `/api/ideas/reviewed/?brainstorm=${brainstorm.id}&user_filter=current`;
    expect(await expectListCounts(ana, unreviewed)).toMatchObject({
      count: 12,
      filteredCount: 8,
    });
    expect(await expectListCounts(ana, mine)).toMatchObject({ filteredCount: 4 });

    // Stacked and unstacked: a reviewed idea moves from the originals to the stacked.
    const stacked = await call(ana, 'POST', `/api/ideas/${id(1)}/mark-duplicate/`, { of: id(0) });
    expect(stacked.statusCode, stacked.body).toBe(200);
    await call(ana, 'POST', `/api/ideas/${id(5)}/mark-duplicate/`, { of: id(0) });
    await expectExact();
    expect(await expectListCounts(ana, unreviewed)).toMatchObject({
      count: 10,
      filteredCount: 7,
      stackedCount: 1,
    });
    expect(await expectListCounts(ana, mine)).toMatchObject({ filteredCount: 3, stackedCount: 1 });
    const unstacked = await call(ben, 'POST', `/api/ideas/${id(1)}/not-duplicate/`);
    expect(unstacked.statusCode, unstacked.body).toBe(200);
    await expectExact();

    // An original deleted: its stack moves to the earliest of it, its reviews go with it.
    expect((await call(staff, 'DELETE', `/api/ideas/${id(0)}/`)).statusCode).toBe(204);
    await expectExact();
    expect(await expectListCounts(ana, unreviewed)).toMatchObject({ count: 11 });

    // A review withdrawn, a user deleted, a brainstorm deleted.
    await t.db.execute(
      sql`delete from idea_annotations where user_id = ${ana.id} and idea_id = ${id(3)}`,
    );
    await expectExact();
    // Users are deactivated, not deleted, over the API; a deletion cascades all the same.
    await t.db.execute(sql`delete from users where id = ${ben.id}`);
    await expectExact();
    expect((await call(staff, 'DELETE', `/api/brainstorms/${other.id}/`)).statusCode).toBe(204);
    await expectExact();
    const left = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from reviewer_counts
        where brainstorm_id = ${other.id} or user_id = ${ben.id}`),
    );
    expect(left[0]?.n).toBe(0);

    // Across brainstorms, the sums.
    const everywhere = (await readPage(ana, '/api/ideas/unreviewed/?page_size=1')) as CountsPage;
    const total = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from ideas i where i.duplicate_of is null
        and not exists (select 1 from idea_annotations a where a.idea_id = i.id
          and a.user_id = ${ana.id})`),
    );
    expect(everywhere.filteredCount).toBe(total[0]?.n);
  });

  it('stay exact under parallel reviews, withdrawals and stacking', async () => {
    const cy = await makeUser(t.db);
    const brainstorm = await makeBrainstorm(t.db, staff);
    const ideas = await insertIdeas(
      t.db,
      brainstorm.id,
      Array.from({ length: 16 }, (_, i) => ({ title: `Parallel idea ${i}` })),
    );
    const ids = ideas.map((idea) => idea.id);
    const [first, ...rest] = ids;
    const reviews = [ana, cy].flatMap((user) =>
      ids.map((idea) => call(user, 'POST', `/api/ideas/${idea}/annotate/`, { vote: -1 })),
    );
    const stacks = rest
      .slice(0, 6)
      .map((idea) => call(staff, 'POST', `/api/ideas/${idea}/mark-duplicate/`, { of: first }));
    const responses = await Promise.all([...reviews, ...stacks]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    await expectExact();

    const annotations = rowsOf<{ id: number }>(
      await t.db.execute(
        sql`select a.id from idea_annotations a join ideas i on i.id = a.idea_id
          where i.brainstorm_id = ${brainstorm.id} and a.user_id = ${ana.id} order by a.id`,
      ),
    );
    const withdrawals = annotations
      .slice(0, 8)
      .map((a) => call(ana, 'DELETE', `/api/idea-annotations/annotations/${a.id}/`));
    const unstacks = rest
      .slice(0, 3)
      .map((idea) => call(cy, 'POST', `/api/ideas/${idea}/not-duplicate/`));
    const more = await Promise.all([...withdrawals, ...unstacks]);
    for (const response of more) expect([200, 204]).toContain(response.statusCode);
    await expectExact();
    const page = (await readPage(
      ana,
      `/api/ideas/unreviewed/?brainstorm=${brainstorm.id}&page_size=1`,
    )) as CountsPage;
    expect(page.filteredCount + page.stackedCount).toBe(8);
  });
});
