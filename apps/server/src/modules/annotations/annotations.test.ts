import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaAggregates, ideaPool, makeIdeas } from '../../../test/annotation-fixtures.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, authHeaders, makeUser } from '../../../test/factories.js';
import type { UserRow } from '../../db/schema/users.js';
import type { AnnotationWithIdeaDto } from './annotations.schemas.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let me: UserRow;
let other: UserRow;
let staff: UserRow;
let ideaIds: number[];
let statements = 0;
const url = '/api/idea-annotations/annotations/';

beforeAll(async () => {
  t = await createTestApp({}, { logger: { logQuery: () => void (statements += 1) } });
  call = apiAs(t.app);
  me = await makeUser(t.db);
  other = await makeUser(t.db);
  staff = await makeUser(t.db, { is_staff: true });
  ideaIds = await makeIdeas(t.db, other, 40);
});
afterAll(() => t.close());

const freshIdea = ideaPool(() => ideaIds);

async function annotate(user: UserRow, body: object, status = 201) {
  const response = await call(user, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<AnnotationWithIdeaDto>();
}

describe('POST /api/idea-annotations/annotations/', () => {
  it('creates my annotation with the idea, then updates it rather than make a second', async () => {
    const idea = freshIdea();
    const created = await annotate(me, { idea_id: idea, vote: 1, is_bookmarked: true });
    expect(created).toMatchObject({
      user: me.id,
      idea,
      vote: 1,
      is_bookmarked: true,
      is_hidden: false,
      reactions: [],
      comments: '[]',
      idea_detail: {
        id: idea,
        title: expect.any(String) as string,
        brainstorm: expect.any(Number) as number,
      },
    });
    const again = await annotate(me, { idea_id: idea, is_hidden: true }, 200);
    expect(again).toMatchObject({ id: created.id, vote: 1, is_bookmarked: true, is_hidden: true });
    expect(await ideaAggregates(t.db, idea)).toMatchObject({ votes: 1 });
    const mine = await call(me, 'GET', `${url}?idea=${idea}`);
    expect(mine.json<{ count: number }>().count).toBe(1);
  });

  it('refuses bad input with field errors', async () => {
    const idea = freshIdea();
    const cases: [object, string][] = [
      [{}, 'idea_id'],
      [{ idea_id: 'one' }, 'idea_id'],
      [{ idea_id: 0 }, 'idea_id'],
      [{ idea_id: 2 ** 31 }, 'idea_id'],
      [{ idea_id: idea, vote: 2 }, 'vote'],
      [{ idea_id: idea, vote: '1' }, 'vote'],
      [{ idea_id: idea, is_hidden: 'yes' }, 'is_hidden'],
    ];
    for (const [body, field] of cases) {
      const response = await call(me, 'POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json<object>())).toEqual([field]);
    }
    const missing = await call(me, 'POST', url, { idea_id: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ idea_id: ['Invalid pk "999999" - object does not exist.'] });
    expect((await call(null, 'POST', url, { idea_id: idea })).statusCode).toBe(401);
  });
});

describe('GET /api/idea-annotations/annotations/', () => {
  it('lists only mine, with filters and ordering', async () => {
    const [a, b, c] = [freshIdea(), freshIdea(), freshIdea()];
    const first = await annotate(me, { idea_id: a, is_bookmarked: true });
    const second = await annotate(me, { idea_id: b, is_hidden: true });
    await annotate(other, { idea_id: c });
    const ids = async (query: string, user = me) => {
      const response = await call(user, 'GET', `${url}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ results: AnnotationWithIdeaDto[] }>().results.map((r) => r.id);
    };
    const all = await ids('?page_size=100');
    expect(all).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(await ids('?page_size=100', other)).not.toContain(first.id);
    expect(await ids(`?idea=${a}`)).toEqual([first.id]);
    expect(await ids(`?idea=${c}`)).toEqual([]);
    expect(await ids('?is_bookmarked=true&page_size=100')).toContain(first.id);
    expect(await ids('?is_bookmarked=true&page_size=100')).not.toContain(second.id);
    expect(await ids('?is_hidden=1&page_size=100')).toContain(second.id);
    expect(await ids('?is_hidden=False&page_size=100')).not.toContain(second.id);
    expect(await ids('?ordering=id&page_size=100')).toEqual([...all].sort((x, y) => x - y));
    expect(await ids('?page_size=100')).toEqual([...all].sort((x, y) => y - x));
  });

  it('refuses bad parameters', async () => {
    for (const query of [
      'is_hidden=maybe',
      'idea=abc',
      'ordering=vote',
      'page_size=101',
      'page=0',
      'idea=2147483648',
    ]) {
      const response = await call(me, 'GET', `${url}?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await call(me, 'GET', `${url}?page=999`)).statusCode).toBe(404);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
  });

  it('costs the same number of SQL statements whatever the page size', async () => {
    const heavy = await makeUser(t.db);
    for (let i = 0; i < 12; i++) {
      const idea = freshIdea();
      const annotation = await annotate(heavy, { idea_id: idea, vote: 1 });
      await call(heavy, 'POST', '/api/idea-annotations/reactions/', {
        idea_id: idea,
        annotation_id: annotation.id,
        reaction_type: 'laugh',
      });
      await call(heavy, 'POST', '/api/idea-annotations/comments/', { idea_id: idea, text: 'Hm' });
    }
    const headers = await authHeaders(t.app, heavy);
    const cost = async (query: string) => {
      const before = statements;
      const response = await t.app.inject({ url: `${url}${query}`, headers });
      expect(response.statusCode).toBe(200);
      return statements - before;
    };
    const small = await cost('?page_size=1');
    // The count, the page with its ideas, and its reactions and comments; the signed-in user
    // comes from the cache (decision 036).
    expect(small).toBe(3);
    expect(await cost('?page_size=50')).toBe(small);
  });
});

describe('/api/idea-annotations/annotations/{id}/', () => {
  it('reads, replaces, changes and deletes my annotation', async () => {
    const idea = freshIdea();
    const mine = await annotate(me, { idea_id: idea, vote: -1, is_bookmarked: true });
    const one = `${url}${mine.id}/`;
    expect((await call(me, 'GET', one)).json()).toEqual(mine);

    const patched = await call(me, 'PATCH', one, { is_hidden: true, idea_id: idea, idea: 5 });
    expect(patched.json()).toMatchObject({ vote: -1, is_bookmarked: true, is_hidden: true });

    const put = await call(me, 'PUT', one, { vote: 1 });
    expect(put.json()).toMatchObject({ vote: 1, is_bookmarked: false, is_hidden: false });
    expect(await ideaAggregates(t.db, idea)).toMatchObject({ votes: 1 });

    const moved = await call(me, 'PATCH', one, { idea_id: freshIdea() });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json<object>())).toEqual(['idea_id']);
    expect((await call(me, 'PATCH', one, { vote: 5 })).statusCode).toBe(400);

    expect((await call(me, 'DELETE', one)).statusCode).toBe(204);
    expect((await call(me, 'GET', one)).statusCode).toBe(404);
    expect((await call(me, 'DELETE', one)).statusCode).toBe(404);
    expect(await ideaAggregates(t.db, idea)).toMatchObject({ votes: 0 });
  });

  it('toggles flags and sets the vote', async () => {
    const mine = await annotate(me, { idea_id: freshIdea() });
    const post = (action: string, body?: object) =>
      call(me, 'POST', `${url}${mine.id}/${action}/`, body);
    expect((await post('toggle_bookmark')).json()).toMatchObject({ is_bookmarked: true });
    expect((await post('toggle_bookmark')).json()).toMatchObject({ is_bookmarked: false });
    expect((await post('toggle_hidden')).json()).toMatchObject({ is_hidden: true });
    for (const value of [1, -1, 0]) {
      const response = await post('vote', { value });
      expect(response.json<AnnotationWithIdeaDto>().vote).toBe(value);
    }
    for (const body of [{ value: 2 }, { value: '1' }, {}, { value: 0.5 }]) {
      const response = await post('vote', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json<object>())).toEqual(['value']);
    }
  });

  it("answers 404 for another user's annotation, staff included, and 401 to no one", async () => {
    const theirs = await annotate(other, { idea_id: freshIdea(), vote: 1 });
    const one = `${url}${theirs.id}/`;
    for (const user of [me, staff]) {
      for (const [method, path, body] of [
        ['GET', one, undefined],
        ['PUT', one, { vote: -1 }],
        ['PATCH', one, { vote: -1 }],
        ['DELETE', one, undefined],
        ['POST', `${one}toggle_bookmark/`, undefined],
        ['POST', `${one}toggle_hidden/`, undefined],
        ['POST', `${one}vote/`, { value: -1 }],
      ] as const) {
        const response = await call(user, method, path, body);
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.' });
      }
    }
    expect((await call(other, 'GET', one)).json()).toMatchObject({ vote: 1, is_bookmarked: false });
    expect((await call(null, 'GET', one)).statusCode).toBe(401);
    expect((await call(me, 'GET', `${url}999999/`)).statusCode).toBe(404);
    expect((await call(me, 'GET', `${url}abc/`)).statusCode).toBe(400);
  });
});
