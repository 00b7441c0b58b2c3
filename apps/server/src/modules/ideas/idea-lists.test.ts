import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, authHeaders, makeUser } from '../../../test/factories.js';
import {
  annotateDirectly,
  insertIdeas,
  makeBrainstorm,
  pageReader,
  type IdeaPage,
} from '../../../test/idea-factories.js';
import type { UserRow } from '../../db/schema/users.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let read: ReturnType<typeof pageReader>;
let me: UserRow;
let alice: UserRow;
let bob: UserRow;
let b1: number;
let statements = 0;

/** Titles A..F in brainstorm 1 (A newest), G in brainstorm 2. */
beforeAll(async () => {
  t = await createTestApp({}, { logger: { logQuery: () => void (statements += 1) } });
  call = apiAs(t.app);
  read = pageReader(t.app);
  me = await makeUser(t.db);
  alice = await makeUser(t.db);
  bob = await makeUser(t.db);
  b1 = (await makeBrainstorm(t.db, alice, 'One')).id;
  const b2 = (await makeBrainstorm(t.db, alice, 'Two')).id;
  const rows = await insertIdeas(
    t.db,
    b1,
    ['A', 'B', 'C', 'D', 'E', 'F'].map((title) => ({
      title,
      summary: title === 'B' ? 'about bicycles' : '',
      description: title === 'C' ? 'Bicycle lanes' : '',
    })),
  );
  const [a, b, c, d] = rows.map((row) => row.id) as [number, number, number, number];
  for (const [i, row] of rows.entries()) {
    await t.db.execute(
      sql`update ideas set created = ${`2026-01-0${9 - i}T10:00:00Z`}::timestamptz where id = ${row.id}`,
    );
  }
  const [g] = await insertIdeas(t.db, b2, [{ title: 'G' }]);
  await annotateDirectly(t.db, me, a, { vote: 1, isBookmarked: true, reactions: ['idea'] });
  await annotateDirectly(t.db, me, b, { isHidden: true });
  await annotateDirectly(t.db, me, c, { vote: -1 });
  await annotateDirectly(t.db, alice, a, { vote: 1, isHidden: true, isBookmarked: true });
  await annotateDirectly(t.db, alice, d, { vote: 1, reactions: ['laugh'] });
  await annotateDirectly(t.db, bob, g?.id ?? 0, { isBookmarked: true });
});
afterAll(() => t.close());

const titles = (page: IdeaPage) => page.results.map((idea) => idea.title);
const counts = (page: IdeaPage) => [page.count, page.filteredCount];

describe('GET /api/ideas/', () => {
  it('lists newest first, with count and filteredCount equal without the caller’s filters', async () => {
    const page = await read(me, `/api/ideas/?brainstorm=${b1}`);
    expect(titles(page)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(counts(page)).toEqual([6, 6]);
    expect(page.results[0]).toMatchObject({ votes: 2, reaction_counts: { idea: 1 } });
    expect(counts(await read(me, '/api/ideas/'))).toEqual([7, 7]);
  });

  it('searches title, summary and description, and orders by each allowed field', async () => {
    expect(titles(await read(me, `/api/ideas/?brainstorm=${b1}&search=bicycle`))).toEqual([
      'B',
      'C',
    ]);
    // Every word, each in any of the three; never a word made of one field's end and the next's
    // start (a list's search reads the three apart).
    const search = (words: string) => read(me, `/api/ideas/?brainstorm=${b1}&search=${words}`);
    expect(titles(await search('c+LANES'))).toEqual(['C']);
    expect(titles(await search('b+bicycles'))).toEqual(['B']);
    expect(titles(await search('babout'))).toEqual([]);
    expect(titles(await search('cbicycle'))).toEqual([]);
    const order = (ordering: string) =>
      read(me, `/api/ideas/?brainstorm=${b1}&ordering=${ordering}`);
    expect(titles(await order('title'))).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(titles(await order('-votes,title'))).toEqual(['A', 'D', 'B', 'E', 'F', 'C']);
    // Paged, and with the caller's filters, which choose a page by the caller's annotations.
    const paged: string[] = [];
    for (const page of [1, 2, 3]) {
      paged.push(...titles(await order(`-votes,title&page_size=2&page=${page}`)));
    }
    expect(paged).toEqual(['A', 'D', 'B', 'E', 'F', 'C']);
    expect(titles(await order('-votes,title&is_hidden=false'))).toEqual(['A', 'D', 'E', 'F', 'C']);
    expect(titles(await order('created'))).toEqual(['F', 'E', 'D', 'C', 'B', 'A']);
    expect(titles(await order('-id'))).toEqual(['F', 'E', 'D', 'C', 'B', 'A']);
    expect(titles(await order('modified'))).toHaveLength(6);
  });

  it("filters on the caller's hidden flag only, keeping ideas the caller never annotated", async () => {
    const shown = await read(me, `/api/ideas/?brainstorm=${b1}&is_hidden=false`);
    expect(titles(shown)).toEqual(['A', 'C', 'D', 'E', 'F']);
    expect(counts(shown)).toEqual([6, 5]);
    expect(titles(await read(me, `/api/ideas/?brainstorm=${b1}&is_hidden=true`))).toEqual(['B']);
    expect(titles(await read(alice, `/api/ideas/?brainstorm=${b1}&is_hidden=true`))).toEqual(['A']);
  });

  it('pages over the filtered ideas', async () => {
    const first = await read(me, `/api/ideas/?brainstorm=${b1}&is_hidden=false&page_size=2`);
    expect(titles(first)).toEqual(['A', 'C']);
    expect(first.next).toMatch(/page=2/);
    expect(first.previous).toBeNull();
    const last = await read(me, `/api/ideas/?brainstorm=${b1}&is_hidden=false&page_size=2&page=3`);
    expect(titles(last)).toEqual(['F']);
    expect(last.next).toBeNull();
    const beyond = await call(me, 'GET', `/api/ideas/?brainstorm=${b1}&page_size=2&page=4`);
    expect(beyond.statusCode).toBe(404);
  });

  it('answers a bad yes/no parameter with the message every list gives', async () => {
    const ideas = await call(me, 'GET', '/api/ideas/?is_hidden=maybe');
    const own = await call(me, 'GET', '/api/idea-annotations/annotations/?is_hidden=maybe');
    expect(ideas.json()).toEqual({ is_hidden: ['Must be a valid boolean.'] });
    expect(own.json()).toEqual(ideas.json());
  });

  it('rejects bad parameters with field errors', async () => {
    const cases: [string, string][] = [
      ['?brainstorm=999999', 'brainstorm'],
      ['?brainstorm=abc', 'brainstorm'],
      ['?is_hidden=maybe', 'is_hidden'],
      ['?with_annotations=2', 'with_annotations'],
      ['?ordering=summary', 'ordering'],
      ['?page_size=101', 'page_size'],
      ['?page=0', 'page'],
      ['?format=xml', 'format'],
      ['?search=%00', 'search'],
    ];
    for (const [query, field] of cases) {
      const response = await call(me, 'GET', `/api/ideas/${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<object>()), query).toEqual([field]);
    }
    const missing = await call(me, 'GET', '/api/ideas/?brainstorm=999999');
    expect(missing.json()).toEqual({
      brainstorm: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await call(null, 'GET', '/api/ideas/')).statusCode).toBe(401);
  });
});

describe('GET /api/ideas/reviewed/', () => {
  const reviewed = (user: UserRow, query: string) =>
    read(user, `/api/ideas/reviewed/?brainstorm=${b1}&${query}`);

  it('is, by default, what the caller annotated', async () => {
    const page = await reviewed(me, '');
    expect(titles(page)).toEqual(['A', 'B', 'C']);
    expect(counts(page)).toEqual([6, 3]);
    expect(titles(await reviewed(me, 'user_filter=current'))).toEqual(['A', 'B', 'C']);
  });

  it('is "my saved ideas" with user_filter=current&is_bookmarked=true, across brainstorms', async () => {
    const saved = (user: UserRow) =>
      read(user, '/api/ideas/reviewed/?user_filter=current&is_bookmarked=true');
    expect(titles(await saved(me))).toEqual(['A']);
    expect(titles(await saved(alice))).toEqual(['A']);
    expect(titles(await saved(bob))).toEqual(['G']);
  });

  it("filters on the caller's own flags, vote and reactions", async () => {
    expect(titles(await reviewed(me, 'is_hidden=true'))).toEqual(['B']);
    expect(titles(await reviewed(me, 'is_hidden=false'))).toEqual(['A', 'C']);
    expect(titles(await reviewed(me, 'is_bookmarked=false'))).toEqual(['B', 'C']);
    expect(titles(await reviewed(me, 'vote=1'))).toEqual(['A']);
    expect(titles(await reviewed(me, 'vote=-1'))).toEqual(['C']);
    expect(titles(await reviewed(me, 'vote=0'))).toEqual(['B']);
    expect(titles(await reviewed(me, 'reaction_type=idea'))).toEqual(['A']);
    expect(titles(await reviewed(me, 'reaction_type=laugh'))).toEqual([]);
    expect(titles(await reviewed(alice, 'reaction_type=laugh'))).toEqual(['D']);
  });

  it('takes the reviewer from user_filter: anyone, no one, or a specific user', async () => {
    expect(titles(await reviewed(me, 'user_filter=any'))).toEqual(['A', 'B', 'C', 'D']);
    expect(titles(await reviewed(bob, 'user_filter=any'))).toEqual(['A', 'B', 'C', 'D']);
    const none = await reviewed(me, 'user_filter=none');
    expect(titles(none)).toEqual(['E', 'F']);
    expect(counts(none)).toEqual([6, 2]);
    expect(titles(await reviewed(me, `user_filter=specific&user_id=${alice.id}`))).toEqual([
      'A',
      'D',
    ]);
    expect(titles(await reviewed(me, `user_filter=specific&user_id=${bob.id}`))).toEqual([]);
  });

  it("never filters on another user's bookmark or hidden flag", async () => {
    // Alice hid and bookmarked A; with user_filter=specific the flags are still the caller's.
    const byAlice = `user_filter=specific&user_id=${alice.id}`;
    expect(titles(await reviewed(me, `${byAlice}&is_hidden=true`))).toEqual([]);
    expect(titles(await reviewed(bob, `${byAlice}&is_bookmarked=true`))).toEqual([]);
    expect(titles(await reviewed(bob, 'user_filter=any&is_hidden=false'))).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);
    const seen = await reviewed(bob, 'user_filter=any&with_annotations=true');
    expect(seen.results.every((idea) => idea.user_annotation === null)).toBe(true);
    expect(JSON.stringify(seen)).not.toMatch(/"is_(bookmarked|hidden)":true/);
  });

  it('rejects bad parameters with field errors', async () => {
    const cases: [string, string][] = [
      ['user_filter=specific', 'user_id'],
      ['user_filter=specific&user_id=999999', 'user_id'],
      ['user_filter=specific&user_id=abc', 'user_id'],
      ['user_filter=everyone', 'user_filter'],
      ['vote=2', 'vote'],
      ['vote=up', 'vote'],
      ['reaction_type=heart', 'reaction_type'],
      ['is_bookmarked=yes', 'is_bookmarked'],
      ['ordering=-brainstorm', 'ordering'],
      ['page_size=500', 'page_size'],
    ];
    for (const [query, field] of cases) {
      const response = await call(me, 'GET', `/api/ideas/reviewed/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<object>()), query).toEqual([field]);
    }
    const required = await call(me, 'GET', '/api/ideas/reviewed/?user_filter=specific');
    expect(required.json()).toEqual({
      user_id: ['This field is required when user_filter is specific.'],
    });
    expect((await call(null, 'GET', '/api/ideas/reviewed/')).statusCode).toBe(401);
  });
});

describe('GET /api/ideas/unreviewed/', () => {
  it('lists what the caller has not annotated', async () => {
    const page = await read(me, `/api/ideas/unreviewed/?brainstorm=${b1}`);
    expect(titles(page)).toEqual(['D', 'E', 'F']);
    expect(counts(page)).toEqual([6, 3]);
    expect(titles(await read(alice, `/api/ideas/unreviewed/?brainstorm=${b1}`))).toEqual([
      'B',
      'C',
      'E',
      'F',
    ]);
    expect(
      titles(await read(me, `/api/ideas/unreviewed/?brainstorm=${b1}&is_hidden=false`)),
    ).toEqual(['D', 'E', 'F']);
    expect(
      titles(await read(me, `/api/ideas/unreviewed/?brainstorm=${b1}&is_hidden=true`)),
    ).toEqual([]);
    const annotated = await read(
      me,
      `/api/ideas/unreviewed/?brainstorm=${b1}&with_annotations=true`,
    );
    expect(annotated.results.every((idea) => idea.user_annotation === null)).toBe(true);
    expect(
      (await call(me, 'GET', '/api/ideas/unreviewed/?search=x&ordering=nope')).statusCode,
    ).toBe(400);
    expect((await call(null, 'GET', '/api/ideas/unreviewed/')).statusCode).toBe(401);
  });
});

describe('what a list costs', () => {
  it('costs the same number of SQL statements whatever the page size', async () => {
    const extra = await insertIdeas(
      t.db,
      b1,
      Array.from({ length: 60 }, () => ({})),
    );
    for (const idea of extra.slice(0, 55)) {
      await annotateDirectly(t.db, me, idea.id, { vote: 1, reactions: ['laugh'], comments: ['c'] });
    }
    const headers = await authHeaders(t.app, me);
    const cost = async (url: string) => {
      const before = statements;
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(200);
      return statements - before;
    };
    const lists = [
      '/api/ideas/?ordering=-votes',
      '/api/ideas/?ordering=-votes&is_hidden=false',
      '/api/ideas/reviewed/?ordering=-votes&vote=1&reaction_type=laugh',
      `/api/ideas/reviewed/?user_filter=specific&user_id=${me.id}`,
      '/api/ideas/unreviewed/?ordering=-votes',
    ];
    for (const url of lists) {
      // The page with its counts and, when asked, the caller's annotations, all built by the
      // database in one statement (and the counts alone for an empty page); the signed-in user
      // comes from the cache (decision 036).
      const small = await cost(`${url}&page_size=1`);
      expect(small, url).toBeLessThanOrEqual(2);
      expect(await cost(`${url}&page_size=50`), url).toBe(small);
      expect(await cost(`${url}&page_size=1&with_annotations=true`), url).toBe(small);
      expect(await cost(`${url}&page_size=50&with_annotations=true`), url).toBe(small);
    }
    expect(await cost('/api/ideas/?ordering=-votes&page_size=1')).toBe(1);
    expect(await cost('/api/ideas/?ordering=-votes&page_size=50&with_annotations=true')).toBe(1);
    expect(await cost('/api/ideas/reviewed/?page_size=1&with_annotations=true')).toBe(1);
    // One brainstorm by votes reads first whether it is under blind review: if not, its order
    // reads nothing of the caller's, which at 20,000 ideas is most of the page's time.
    expect(await cost(`/api/ideas/?brainstorm=${b1}&ordering=-votes&page_size=50`)).toBe(2);
  });
});
