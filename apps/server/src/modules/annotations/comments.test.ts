import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaAggregates, ideaPool, makeIdeas } from '../../../test/annotation-fixtures.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, authHeaders, makeUser } from '../../../test/factories.js';
import type { UserRow } from '../../db/schema/users.js';
import type { CommentDto } from './comments.schemas.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let me: UserRow;
let other: UserRow;
let staff: UserRow;
let ideaIds: number[];
let statements = 0;
const url = '/api/idea-annotations/comments/';

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

async function comment(user: UserRow, body: object) {
  const response = await call(user, 'POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CommentDto>();
}

const annotationOf = async (user: UserRow, idea: number) =>
  (await call(user, 'GET', `/api/idea-annotations/annotations/?idea=${idea}`)).json<{
    results: { id: number; comments: string }[];
  }>().results[0];

describe('POST /api/idea-annotations/comments/', () => {
  it('finds or creates my annotation of the idea, and trims the text', async () => {
    const idea = freshIdea();
    const first = await comment(me, { idea_id: idea, text: '  Why not trains?  ' });
    expect(first).toEqual({
      id: expect.any(Number) as number,
      text: 'Why not trains?',
      created: expect.any(String) as string,
      modified: expect.any(String) as string,
      annotation: expect.any(Number) as number,
    });
    const second = await comment(me, { idea_id: idea, annotation_id: first.annotation, text: 'B' });
    const third = await comment(me, { idea_id: idea, text: 'C' });
    expect([second.annotation, third.annotation]).toEqual([first.annotation, first.annotation]);
    const annotation = await annotationOf(me, idea);
    expect(annotation?.id).toBe(first.annotation);
    expect(JSON.parse(annotation?.comments ?? '')).toHaveLength(3);
    expect(await ideaAggregates(t.db, idea)).toMatchObject({ comments: 3, votes: 0 });
  });

  it('refuses blank, over-long and mistyped input with field errors', async () => {
    const idea = freshIdea();
    const cases: [object, Record<string, string[]> | string][] = [
      [{ idea_id: idea, text: '   ' }, { text: ['This field may not be blank.'] }],
      [{ idea_id: idea, text: '' }, { text: ['This field may not be blank.'] }],
      [
        { idea_id: idea, text: 'x'.repeat(2001) },
        { text: ['Ensure this field has no more than 2000 characters.'] },
      ],
      [{ idea_id: idea }, { text: ['This field is required.'] }],
      [{ text: 'Hi' }, { idea_id: ['This field is required.'] }],
      [{ idea_id: 'x', text: 'Hi' }, 'idea_id'],
      [{ idea_id: idea, annotation_id: -1, text: 'Hi' }, 'annotation_id'],
      [
        { idea_id: 999_999, text: 'Hi' },
        { idea_id: ['Invalid pk "999999" - object does not exist.'] },
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await call(me, 'POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (typeof expected === 'string')
        expect(Object.keys(response.json<object>())).toEqual([expected]);
      else expect(response.json()).toEqual(expected);
    }
    const longest = await comment(me, { idea_id: idea, text: ` ${'y'.repeat(2000)} ` });
    expect(longest.text).toHaveLength(2000);
  });

  it("answers 404 for another user's annotation and 400 for an annotation of another idea", async () => {
    const [idea, elsewhere] = [freshIdea(), freshIdea()];
    const theirs = await comment(other, { idea_id: idea, text: 'Mine' });
    for (const user of [me, staff]) {
      const response = await call(user, 'POST', url, {
        idea_id: idea,
        annotation_id: theirs.annotation,
        text: 'Sneaky',
      });
      expect(response.statusCode).toBe(404);
    }
    const wrongIdea = await call(other, 'POST', url, {
      idea_id: elsewhere,
      annotation_id: theirs.annotation,
      text: 'Misplaced',
    });
    expect(wrongIdea.statusCode).toBe(400);
    expect(Object.keys(wrongIdea.json<object>())).toEqual(['annotation_id']);
    expect((await call(null, 'POST', url, { idea_id: idea, text: 'Hi' })).statusCode).toBe(401);
  });
});

describe('GET /api/idea-annotations/comments/', () => {
  it('lists only mine, by idea, at a fixed cost', async () => {
    const [a, b] = [freshIdea(), freshIdea()];
    const mine = await comment(me, { idea_id: a, text: 'On a' });
    await comment(me, { idea_id: b, text: 'On b' });
    const theirs = await comment(other, { idea_id: a, text: 'Theirs' });
    const list = async (query: string) => {
      const response = await call(me, 'GET', `${url}${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<{ count: number; results: CommentDto[] }>();
    };
    expect((await list(`?idea=${a}`)).results).toEqual([mine]);
    expect((await list('?page_size=100')).results.map((c) => c.id)).not.toContain(theirs.id);
    expect((await call(me, 'GET', `${url}?ordering=text`)).statusCode).toBe(400);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);

    const headers = await authHeaders(t.app, me);
    const cost = async (query: string) => {
      const before = statements;
      expect((await t.app.inject({ url: `${url}${query}`, headers })).statusCode).toBe(200);
      return statements - before;
    };
    expect((await list('')).count).toBeGreaterThan(3);
    // The count and the page; the signed-in user comes from the cache (decision 036).
    expect(await cost('?page_size=1')).toBe(2);
    expect(await cost('?page_size=50')).toBe(2);
  });
});

describe('/api/idea-annotations/comments/{id}/', () => {
  it('reads, edits and deletes my comment', async () => {
    const idea = freshIdea();
    const mine = await comment(me, { idea_id: idea, text: 'Draft' });
    const one = `${url}${mine.id}/`;
    expect((await call(me, 'GET', one)).json()).toEqual(mine);
    const put = await call(me, 'PUT', one, { text: ' Final ' });
    expect(put.json()).toMatchObject({ id: mine.id, text: 'Final', annotation: mine.annotation });
    expect((await call(me, 'PATCH', one, {})).json()).toMatchObject({ text: 'Final' });
    expect((await call(me, 'PATCH', one, { text: 'Again' })).json()).toMatchObject({
      text: 'Again',
    });
    for (const [method, body] of [
      ['PUT', {}],
      ['PUT', { text: ' ' }],
      ['PATCH', { text: 'z'.repeat(2001) }],
      ['PATCH', { text: 3 }],
    ] as const) {
      const response = await call(me, method, one, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json<object>())).toEqual(['text']);
    }
    expect(await ideaAggregates(t.db, idea)).toMatchObject({ comments: 1 });
    expect((await call(me, 'DELETE', one)).statusCode).toBe(204);
    expect((await call(me, 'GET', one)).statusCode).toBe(404);
    expect(await ideaAggregates(t.db, idea)).toMatchObject({ comments: 0 });
  });

  it("answers 404 for another user's comment, staff included", async () => {
    const theirs = await comment(other, { idea_id: freshIdea(), text: 'Private?' });
    const one = `${url}${theirs.id}/`;
    for (const user of [me, staff]) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { text: 'Hijacked' }],
        ['PATCH', { text: 'Hijacked' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(user, method, one, body);
        expect(response.statusCode, `${method} as ${user.email}`).toBe(404);
      }
    }
    expect((await call(other, 'GET', one)).json()).toMatchObject({ text: 'Private?' });
    expect((await call(null, 'GET', one)).statusCode).toBe(401);
  });

  it('goes with my annotation when I delete it, with my reactions', async () => {
    const idea = freshIdea();
    const mine = await comment(me, { idea_id: idea, text: 'Soon gone' });
    const reaction = await call(me, 'POST', '/api/idea-annotations/reactions/', {
      idea_id: idea,
      reaction_type: 'laugh',
    });
    const kept = await comment(other, { idea_id: idea, text: 'Stays' });
    expect(await ideaAggregates(t.db, idea)).toMatchObject({ comments: 2, laugh: 1 });
    const annotation = `/api/idea-annotations/annotations/${mine.annotation}/`;
    expect((await call(me, 'DELETE', annotation)).statusCode).toBe(204);
    expect((await call(me, 'GET', `${url}${mine.id}/`)).statusCode).toBe(404);
    const reactionUrl = `/api/idea-annotations/reactions/${reaction.json<{ id: number }>().id}/`;
    expect((await call(me, 'GET', reactionUrl)).statusCode).toBe(404);
    expect((await call(other, 'GET', `${url}${kept.id}/`)).statusCode).toBe(200);
    expect(await ideaAggregates(t.db, idea)).toMatchObject({ comments: 1, laugh: 0 });
  });
});
