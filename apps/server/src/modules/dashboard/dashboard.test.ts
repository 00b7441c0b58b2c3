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
import type { UserRow } from '../../db/schema/users.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let alice: UserRow;
let bob: UserRow;
/** Alice's: 3 originals and one stacked idea; alice reviewed one original. */
let small: number;
/** Bob's: 5 ideas, bob reviewed all of them. */
let large: number;
/** Bob's, all reviewed by alice. */
let done: number;
let smallIdeas: number[];
let largeIdeas: number[];

const at = (iso: string) => sql`${iso}::timestamptz`;

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  alice = await makeUser(t.db, { first_name: 'Alice', last_name: 'Archer' });
  bob = await makeUser(t.db, { first_name: 'Bob', last_name: 'Baker' });
  small = (await makeBrainstorm(t.db, alice, 'Small')).id;
  large = (await makeBrainstorm(t.db, bob, 'Large')).id;
  done = (await makeBrainstorm(t.db, bob, 'Done')).id;
  smallIdeas = (await insertIdeas(t.db, small, [{}, {}, {}])).map((row) => row.id);
  await insertIdeas(t.db, small, [{ title: 'Again', duplicateOf: smallIdeas[0] ?? null }]);
  largeIdeas = (await insertIdeas(t.db, large, [{}, {}, {}, {}, {}])).map((row) => row.id);
  const [doneIdea] = await insertIdeas(t.db, done, [{}]);
  await annotateDirectly(t.db, alice, smallIdeas[0] ?? 0, { vote: 1 });
  await annotateDirectly(t.db, alice, doneIdea?.id ?? 0, { isHidden: true });
  for (const id of largeIdeas) await annotateDirectly(t.db, bob, id, { isBookmarked: true });
});
afterAll(() => t.close());

interface Queue {
  total: number;
  brainstorms_total: number;
  results: { brainstorm: { id: number; title: string }; unreviewed: number; ideas_count: number }[];
}

const queueOf = async (user: UserRow) => {
  const response = await call(user, 'GET', '/api/dashboard/review-queue/');
  expect(response.statusCode).toBe(200);
  return response.json<Queue>();
};

describe('GET /api/dashboard/review-queue/', () => {
  it("lists the brainstorms with the caller's unreviewed ideas, most first, stacked ones left out", async () => {
    const queue = await queueOf(alice);
    expect(queue.results.map((r) => [r.brainstorm.title, r.unreviewed, r.ideas_count])).toEqual([
      ['Large', 5, 5],
      ['Small', 2, 4],
    ]);
    expect(queue).toMatchObject({ total: 7, brainstorms_total: 2 });
    // The same count as the review page's: the unreviewed list's filtered count.
    const page = await pageReader(t.app)(alice, `/api/ideas/unreviewed/?brainstorm=${small}`);
    expect(page.filteredCount).toBe(2);
  });

  it("never counts another user's reviews, bookmarks or hidden flags", async () => {
    const queue = await queueOf(bob);
    expect(queue.results.map((r) => [r.brainstorm.title, r.unreviewed])).toEqual([
      ['Small', 3],
      ['Done', 1],
    ]);
    expect(queue.total).toBe(4);
  });

  it('puts the newest first among equals and answers 401 without a session', async () => {
    const newer = (await makeBrainstorm(t.db, bob, 'Newer')).id;
    await insertIdeas(t.db, newer, [{}, {}]);
    await t.db.execute(sql`update brainstorms set created = ${at('2020-01-01T00:00:00Z')}
      where id = ${small}`);
    const queue = await queueOf(alice);
    expect(queue.results.map((r) => r.brainstorm.title)).toEqual(['Large', 'Newer', 'Small']);
    expect((await call(null, 'GET', '/api/dashboard/review-queue/')).statusCode).toBe(401);
  });
});

describe('the review queue under concurrent reviews', () => {
  it('reads a consistent count while the caller reviews ideas at once', async () => {
    const before = await queueOf(alice);
    const reviews = largeIdeas.map((id) =>
      call(alice, 'POST', `/api/ideas/${id}/annotate/`, { vote: 1 }),
    );
    const [reads, writes] = await Promise.all([
      Promise.all([queueOf(alice), queueOf(alice), queueOf(alice)]),
      Promise.all(reviews),
    ]);
    expect(writes.map((response) => response.statusCode)).toEqual(largeIdeas.map(() => 200));
    for (const read of reads) {
      const listed = read.results.reduce((sum, row) => sum + row.unreviewed, 0);
      expect(read.total).toBe(listed);
      expect(read.total).toBeGreaterThanOrEqual(before.total - largeIdeas.length);
    }
    const after = await queueOf(alice);
    expect(after.total).toBe(before.total - largeIdeas.length);
    expect(after.results.map((r) => r.brainstorm.title)).not.toContain('Large');
  });
});

interface Recent {
  results: {
    id: number;
    title: string;
    type_display: string;
    ideas_count: number;
    created_by: { id: number; name: string };
    last_activity: string;
  }[];
}

describe('GET /api/dashboard/recent-brainstorms/', () => {
  it('orders by the newest of a change, an idea and a generation', async () => {
    const old = '2021-01-01T00:00:00Z';
    await t.db.execute(sql`update brainstorms set modified = ${at(old)}`);
    await t.db.execute(sql`update ideas set created = ${at(old)}`);
    await t.db.execute(sql`update brainstorms set modified = ${at('2024-03-01T00:00:00Z')}
      where id = ${done}`);
    await t.db.execute(sql`update ideas set created = ${at('2024-05-01T00:00:00Z')}
      where id = ${smallIdeas[1] ?? 0}`);
    await t.db.execute(sql`insert into generations (brainstorm_id, created_by, requested, created)
      values (${large}, ${bob.id}, 1, ${at('2024-04-01T00:00:00Z')})`);
    const response = await call(alice, 'GET', '/api/dashboard/recent-brainstorms/');
    expect(response.statusCode).toBe(200);
    const { results } = response.json<Recent>();
    expect(results.slice(0, 3).map((r) => [r.title, r.last_activity])).toEqual([
      ['Small', '2024-05-01T00:00:00.000Z'],
      ['Large', '2024-04-01T00:00:00.000Z'],
      ['Done', '2024-03-01T00:00:00.000Z'],
    ]);
    expect(results[0]).toMatchObject({
      ideas_count: 4,
      type_display: expect.any(String) as unknown,
      created_by: { id: alice.id, name: 'Alice Archer' },
      project: null,
    });
  });

  it("with scope=mine lists the caller's own, refuses a bad scope and answers 401", async () => {
    const mine = await call(alice, 'GET', '/api/dashboard/recent-brainstorms/?scope=mine');
    expect(mine.json<Recent>().results.map((r) => r.title)).toEqual(['Small']);
    const bad = await call(alice, 'GET', '/api/dashboard/recent-brainstorms/?scope=everyone');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>())).toEqual(['scope']);
    expect((await call(null, 'GET', '/api/dashboard/recent-brainstorms/')).statusCode).toBe(401);
  });

  it('lists at most 8', async () => {
    for (let i = 0; i < 9; i += 1) await makeBrainstorm(t.db, bob, `Extra ${i}`);
    const response = await call(bob, 'GET', '/api/dashboard/recent-brainstorms/?scope=team');
    expect(response.json<Recent>().results).toHaveLength(8);
  });
});
