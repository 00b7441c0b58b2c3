import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaAggregates, ideaPool, makeIdeas } from '../../../test/annotation-fixtures.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, authHeaders, makeUser } from '../../../test/factories.js';
import type { UserRow } from '../../db/schema/users.js';
import type { OwnReactionDto } from './reactions.schemas.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let me: UserRow;
let other: UserRow;
let staff: UserRow;
let ideaIds: number[];
let statements = 0;
const url = '/api/idea-annotations/reactions/';

beforeAll(async () => {
  t = await createTestApp({}, { logger: { logQuery: () => void (statements += 1) } });
  call = apiAs(t.app);
  me = await makeUser(t.db);
  other = await makeUser(t.db);
  staff = await makeUser(t.db, { is_staff: true });
  ideaIds = await makeIdeas(t.db, other, 30);
});
afterAll(() => t.close());

const freshIdea = ideaPool(() => ideaIds);

async function react(user: UserRow, body: object, status = 201) {
  const response = await call(user, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<OwnReactionDto>();
}

describe('POST /api/idea-annotations/reactions/', () => {
  it('adds a reaction once: the same type again answers 200 with the one there is', async () => {
    const idea = freshIdea();
    const laugh = await react(me, { idea_id: idea, reaction_type: 'laugh' });
    expect(laugh).toEqual({
      id: expect.any(Number) as number,
      reaction_type: 'laugh',
      created: expect.any(String) as string,
      modified: expect.any(String) as string,
      annotation: expect.any(Number) as number,
    });
    const again = await react(me, { idea_id: idea, reaction_type: 'laugh' }, 200);
    expect(again).toEqual(laugh);
    const pin = { idea_id: idea, annotation_id: laugh.annotation, reaction_type: 'thumbtack' };
    expect((await react(me, pin)).annotation).toBe(laugh.annotation);
    await react(me, pin, 200);
    expect(await ideaAggregates(t.db, idea)).toMatchObject({ laugh: 1 });
  });

  it('refuses bad input', async () => {
    const idea = freshIdea();
    const cases: [object, string][] = [
      [{ idea_id: idea, reaction_type: 'love' }, 'reaction_type'],
      [{ idea_id: idea }, 'reaction_type'],
      [{ reaction_type: 'laugh' }, 'idea_id'],
      [{ idea_id: 1.5, reaction_type: 'laugh' }, 'idea_id'],
      [{ idea_id: idea, annotation_id: 'a', reaction_type: 'laugh' }, 'annotation_id'],
      [{ idea_id: 999_999, reaction_type: 'laugh' }, 'idea_id'],
    ];
    for (const [body, field] of cases) {
      const response = await call(me, 'POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json<object>())).toEqual([field]);
    }
    const unknown = await call(me, 'POST', url, { idea_id: idea, reaction_type: 'love' });
    expect(unknown.json()).toEqual({
      reaction_type: ['Not a known reaction. Choose one of: laugh, idea, surprised, thumbtack.'],
    });
    const theirs = await react(other, { idea_id: idea, reaction_type: 'idea' });
    for (const user of [me, staff]) {
      const body = { idea_id: idea, annotation_id: theirs.annotation, reaction_type: 'idea' };
      expect((await call(user, 'POST', url, body)).statusCode).toBe(404);
    }
    const elsewhere = {
      idea_id: freshIdea(),
      annotation_id: theirs.annotation,
      reaction_type: 'idea',
    };
    expect((await call(other, 'POST', url, elsewhere)).statusCode).toBe(400);
    expect(
      (await call(null, 'POST', url, { idea_id: idea, reaction_type: 'idea' })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/idea-annotations/reactions/', () => {
  it('lists only mine, by idea and type, at a fixed cost', async () => {
    const [a, b] = [freshIdea(), freshIdea()];
    const laugh = await react(me, { idea_id: a, reaction_type: 'laugh' });
    const surprised = await react(me, { idea_id: a, reaction_type: 'surprised' });
    const onB = await react(me, { idea_id: b, reaction_type: 'laugh' });
    const theirs = await react(other, { idea_id: a, reaction_type: 'laugh' });
    const ids = async (query: string) => {
      const response = await call(me, 'GET', `${url}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ results: OwnReactionDto[] }>().results.map((r) => r.id);
    };
    expect(await ids(`?idea=${a}&ordering=id`)).toEqual([laugh.id, surprised.id]);
    expect(await ids(`?idea=${a}&reaction_type=laugh`)).toEqual([laugh.id]);
    expect(await ids('?reaction_type=laugh&page_size=100')).toEqual(
      expect.arrayContaining([laugh.id, onB.id]),
    );
    expect(await ids('?page_size=100')).not.toContain(theirs.id);
    expect((await call(me, 'GET', `${url}?reaction_type=love`)).statusCode).toBe(400);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);

    const headers = await authHeaders(t.app, me);
    const cost = async (query: string) => {
      const before = statements;
      expect((await t.app.inject({ url: `${url}${query}`, headers })).statusCode).toBe(200);
      return statements - before;
    };
    // The count and the page; the signed-in user comes from the cache (decision 036).
    expect(await cost('?page_size=1')).toBe(2);
    expect(await cost('?page_size=50')).toBe(2);
  });
});

describe('/api/idea-annotations/reactions/{id}/', () => {
  it('reads, changes the type of, and deletes my reaction', async () => {
    const idea = freshIdea();
    const laugh = await react(me, { idea_id: idea, reaction_type: 'laugh' });
    await react(me, { idea_id: idea, reaction_type: 'surprised' });
    const one = `${url}${laugh.id}/`;
    expect((await call(me, 'GET', one)).json()).toEqual(laugh);
    const put = await call(me, 'PUT', one, { reaction_type: 'idea' });
    expect(put.json()).toMatchObject({ id: laugh.id, reaction_type: 'idea' });
    expect(await ideaAggregates(t.db, idea)).toMatchObject({ laugh: 0, idea: 1 });
    expect((await call(me, 'PATCH', one, {})).json()).toMatchObject({ reaction_type: 'idea' });
    expect((await call(me, 'PATCH', one, { reaction_type: 'idea' })).statusCode).toBe(200);

    const taken = await call(me, 'PATCH', one, { reaction_type: 'surprised' });
    expect(taken.statusCode).toBe(400);
    expect(Object.keys(taken.json<object>())).toEqual(['reaction_type']);
    expect((await call(me, 'PUT', one, { reaction_type: 'love' })).statusCode).toBe(400);
    expect((await call(me, 'PUT', one, {})).statusCode).toBe(400);

    expect((await call(me, 'DELETE', one)).statusCode).toBe(204);
    expect((await call(me, 'GET', one)).statusCode).toBe(404);
    expect(await ideaAggregates(t.db, idea)).toMatchObject({ idea: 0 });
  });

  it("answers 404 for another user's reaction, staff included", async () => {
    const theirs = await react(other, { idea_id: freshIdea(), reaction_type: 'idea' });
    const one = `${url}${theirs.id}/`;
    for (const user of [me, staff]) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { reaction_type: 'laugh' }],
        ['PATCH', { reaction_type: 'laugh' }],
        ['DELETE', undefined],
      ] as const) {
        expect((await call(user, method, one, body)).statusCode, method).toBe(404);
      }
    }
    expect((await call(other, 'GET', one)).json()).toMatchObject({ reaction_type: 'idea' });
    expect((await call(null, 'DELETE', one)).statusCode).toBe(401);
  });
});
