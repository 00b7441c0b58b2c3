import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  annotateDirectly,
  insertIdeas,
  makeBrainstorm,
  type IdeaJson,
} from '../../../test/idea-factories.js';
import { ideaAnnotations } from '../../db/schema/annotations.js';
import { ideas } from '../../db/schema/ideas.js';
import type { UserRow } from '../../db/schema/users.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let owner: UserRow;
let author: UserRow;
let other: UserRow;
let staff: UserRow;
let brainstormId: number;

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  owner = await makeUser(t.db);
  author = await makeUser(t.db, { first_name: 'Ada', last_name: 'Lovelace' });
  other = await makeUser(t.db);
  staff = await makeUser(t.db, { is_staff: true });
  brainstormId = (await makeBrainstorm(t.db, owner, 'Commute')).id;
});
afterAll(() => t.close());

async function create(user: UserRow, payload: object = {}): Promise<IdeaJson> {
  const response = await call(user, 'POST', '/api/ideas/', {
    brainstorm: brainstormId,
    title: 'Trains with desks',
    ...payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<IdeaJson>();
}

describe('POST /api/ideas/', () => {
  it('creates an idea by hand, written by the caller, in anyone’s brainstorm', async () => {
    const idea = await create(author, { summary: ' Work on the way ', description: 'Fold-out' });
    expect(idea).toMatchObject({
      title: 'Trains with desks',
      summary: 'Work on the way',
      description: 'Fold-out',
      brainstorm: brainstormId,
      brainstorm_detail: { id: brainstormId, title: 'Commute', type: 'classic' },
      created_by: author.id,
      provenance: null,
      votes: 0,
      reaction_counts: { laugh: 0, idea: 0, surprised: 0, thumbtack: 0 },
      comments_count: 0,
    });
    expect(idea).not.toHaveProperty('user_annotation');
  });

  it('rejects bad input with field errors', async () => {
    const cases: [object, string[]][] = [
      [{ brainstorm: 999999 }, ['brainstorm']],
      [{ brainstorm: 'abc' }, ['brainstorm']],
      [{ brainstorm: undefined }, ['brainstorm']],
      [{ title: '   ' }, ['title']],
      [{ title: 42 }, ['title']],
      [{ title: 'x'.repeat(301) }, ['title']],
      [{ description: 'x'.repeat(10_001) }, ['description']],
    ];
    for (const [payload, fields] of cases) {
      const response = await call(author, 'POST', '/api/ideas/', {
        brainstorm: brainstormId,
        title: 'T',
        ...payload,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json<object>())).toEqual(fields);
    }
    const missing = await call(author, 'POST', '/api/ideas/', { brainstorm: 999999, title: 'T' });
    expect(missing.json()).toEqual({
      brainstorm: ['Invalid pk "999999" - object does not exist.'],
    });
    expect((await call(null, 'POST', '/api/ideas/', { brainstorm: brainstormId })).statusCode).toBe(
      401,
    );
  });
});

describe('GET/PUT/PATCH/DELETE /api/ideas/{id}/', () => {
  it('is readable by everyone signed in, with provenance for a generated idea', async () => {
    const [generated] = await insertIdeas(t.db, brainstormId, [
      {
        title: 'Generated',
        provider: 'offline',
        model: 'echo-1',
        technique: 'classic',
        promptVersion: 'v1',
        settings: { temperature: 0.7, max_tokens: 1000 },
        inputTokens: 12,
        outputTokens: 34,
      },
    ]);
    const response = await call(other, 'GET', `/api/ideas/${generated?.id}/`);
    expect(response.json()).toMatchObject({
      title: 'Generated',
      created_by: null,
      provenance: {
        provider: 'offline',
        model: 'echo-1',
        technique: 'classic',
        prompt_version: 'v1',
        settings: { temperature: 0.7, max_tokens: 1000 },
        input_tokens: 12,
        output_tokens: 34,
        generation: null,
      },
    });
    expect((await call(other, 'GET', '/api/ideas/999999/')).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/ideas/abc/')).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/ideas/${generated?.id}/`)).statusCode).toBe(401);
  });

  it("shows only the caller's annotation, with comments as a JSON string", async () => {
    const idea = await create(author);
    await annotateDirectly(t.db, author, idea.id, {
      vote: 1,
      isBookmarked: true,
      reactions: ['laugh'],
      comments: ['Nice'],
    });
    await annotateDirectly(t.db, other, idea.id, { vote: 1, isHidden: true, comments: ['Meh'] });
    const url = `/api/ideas/${idea.id}/?with_annotations=true`;
    const mine = (await call(author, 'GET', url)).json<IdeaJson>();
    expect(mine).toMatchObject({
      votes: 2,
      comments_count: 2,
      reaction_counts: { laugh: 1 },
      user_annotation: { user: author.id, vote: 1, is_bookmarked: true, is_hidden: false },
    });
    expect(mine.annotation).toEqual(mine.user_annotation);
    const comments = JSON.parse(String(mine.user_annotation?.comments)) as { text: string }[];
    expect(comments.map((c) => c.text)).toEqual(['Nice']);
    const theirs = (await call(other, 'GET', url)).json<IdeaJson>();
    expect(theirs.user_annotation).toMatchObject({ user: other.id, is_hidden: true });
    expect(theirs.user_annotation?.is_bookmarked).toBe(false);
    const nobody = (await call(staff, 'GET', url)).json<IdeaJson>();
    expect(nobody).toMatchObject({ user_annotation: null, annotation: null });
    expect(
      (await call(staff, 'GET', `/api/ideas/${idea.id}/?with_annotations=maybe`)).statusCode,
    ).toBe(400);
  });

  it("is changed by its author, the brainstorm's creator or staff, and by no one else", async () => {
    const idea = await create(author, { summary: 'keep me' });
    const url = `/api/ideas/${idea.id}/`;
    const patched = await call(author, 'PATCH', url, { title: 'Quiet carriages' });
    expect(patched.json()).toMatchObject({ title: 'Quiet carriages', summary: 'keep me' });
    expect((await call(owner, 'PATCH', url, { summary: 'by owner' })).statusCode).toBe(200);
    const put = await call(staff, 'PUT', url, { brainstorm: brainstormId, title: 'Replaced' });
    expect(put.json()).toMatchObject({ title: 'Replaced', summary: '', description: '' });
    for (const method of ['PATCH', 'PUT'] as const) {
      const refused = await call(other, method, url, { title: 'Theirs' });
      expect(refused.statusCode).toBe(403);
      expect((await call(null, method, url, { title: 'Anon' })).statusCode).toBe(401);
    }
    expect((await call(other, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(author, 'GET', url)).json()).toMatchObject({ title: 'Replaced' });
    expect((await call(author, 'PATCH', url, { title: '' })).statusCode).toBe(400);
    expect((await call(author, 'PATCH', '/api/ideas/999999/', { title: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('keeps an idea in its brainstorm', async () => {
    const idea = await create(author);
    const elsewhere = await makeBrainstorm(t.db, author, 'Elsewhere');
    const url = `/api/ideas/${idea.id}/`;
    const moved = await call(author, 'PATCH', url, { brainstorm: elsewhere.id });
    expect(moved.json()).toEqual({ brainstorm: ['An idea stays in its brainstorm.'] });
    expect((await call(author, 'PATCH', url, { brainstorm: brainstormId })).statusCode).toBe(200);
  });

  it("lets only the brainstorm's creator or staff change a generated idea", async () => {
    const [generated] = await insertIdeas(t.db, brainstormId, [{ provider: 'offline' }]);
    const url = `/api/ideas/${generated?.id}/`;
    expect((await call(author, 'PATCH', url, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await call(author, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(owner, 'PATCH', url, { title: 'Edited' })).statusCode).toBe(200);
    expect((await call(staff, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(owner, 'GET', url)).statusCode).toBe(404);
  });

  it('never lets concurrent changes of different fields undo each other', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const idea = await create(author);
      const url = `/api/ideas/${idea.id}/`;
      await Promise.all([
        call(author, 'PATCH', url, { title: 'new title' }),
        call(author, 'PATCH', url, { summary: 'new summary' }),
        call(owner, 'PATCH', url, { description: 'new description' }),
      ]);
      expect((await call(author, 'GET', url)).json()).toMatchObject({
        title: 'new title',
        summary: 'new summary',
        description: 'new description',
      });
    }
  });

  it('deletes with its annotations', async () => {
    const idea = await create(author);
    await annotateDirectly(t.db, other, idea.id, { vote: 1, comments: ['bye'] });
    expect((await call(author, 'DELETE', `/api/ideas/${idea.id}/`)).statusCode).toBe(204);
    const left = await t.db
      .select()
      .from(ideaAnnotations)
      .where(eq(ideaAnnotations.ideaId, idea.id));
    expect(left).toEqual([]);
    expect((await call(author, 'DELETE', `/api/ideas/${idea.id}/`)).statusCode).toBe(404);
  });
});

describe('POST /api/ideas/{id}/annotate/', () => {
  it("sets the caller's fields in one call and keeps the others", async () => {
    const idea = await create(author);
    const url = `/api/ideas/${idea.id}/annotate/`;
    const first = await call(other, 'POST', url, { vote: -1, is_bookmarked: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      user: other.id,
      idea: idea.id,
      vote: -1,
      is_bookmarked: true,
      is_hidden: false,
      reactions: [],
      comments: '[]',
    });
    const second = await call(other, 'POST', url, { is_hidden: true });
    expect(second.json()).toMatchObject({ vote: -1, is_bookmarked: true, is_hidden: true });
    expect((await call(author, 'GET', `/api/ideas/${idea.id}/`)).json()).toMatchObject({
      votes: -1,
    });
  });

  it('rejects bad input, a missing idea and anonymous calls', async () => {
    const idea = await create(author);
    const url = `/api/ideas/${idea.id}/annotate/`;
    for (const payload of [{ vote: 2 }, { vote: '1' }, { is_hidden: 'yes' }, { vote: 0.5 }]) {
      const response = await call(other, 'POST', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json<object>())).toEqual(Object.keys(payload));
    }
    expect((await call(other, 'POST', '/api/ideas/999999/annotate/', { vote: 1 })).statusCode).toBe(
      404,
    );
    expect((await call(null, 'POST', url, { vote: 1 })).statusCode).toBe(401);
  });

  it('makes one annotation of concurrent first clicks, and loses no vote of 20 users', async () => {
    const idea = await create(author);
    const url = `/api/ideas/${idea.id}/annotate/`;
    const clicks = await Promise.all([
      call(other, 'POST', url, { vote: 1 }),
      call(other, 'POST', url, { is_bookmarked: true }),
    ]);
    expect(clicks.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.db
      .select()
      .from(ideaAnnotations)
      .where(eq(ideaAnnotations.ideaId, idea.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ vote: 1, isBookmarked: true });

    const voters = await Promise.all(Array.from({ length: 20 }, () => makeUser(t.db)));
    const votes = await Promise.all(voters.map((voter) => call(voter, 'POST', url, { vote: 1 })));
    expect(votes.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.db.select().from(ideas).where(eq(ideas.id, idea.id));
    expect(row?.votes).toBe(21);
  });
});

describe('GET /api/ideas/{id}/comments/', () => {
  it("lists everyone's comments oldest first, with each author's name", async () => {
    const idea = await create(author);
    await annotateDirectly(t.db, author, idea.id, { comments: ['first'] });
    await annotateDirectly(t.db, other, idea.id, { comments: ['second', 'third'] });
    const response = await call(staff, 'GET', `/api/ideas/${idea.id}/comments/?page_size=2`);
    const page = response.json<{
      count: number;
      next: string | null;
      results: { text: string; author: { id: number; name: string } }[];
    }>();
    expect(page.count).toBe(3);
    expect(page.next).toMatch(/page=2/);
    expect(page.results.map((c) => c.text)).toEqual(['first', 'second']);
    expect(page.results[0]?.author).toEqual({ id: author.id, name: 'Ada Lovelace' });
    const rest = await call(staff, 'GET', `/api/ideas/${idea.id}/comments/?page_size=2&page=2`);
    expect(rest.json<{ results: { text: string }[] }>().results.map((c) => c.text)).toEqual([
      'third',
    ]);
  });

  it('answers 404 for a missing idea, 400 for a bad page size, 401 anonymous', async () => {
    expect((await call(other, 'GET', '/api/ideas/999999/comments/')).statusCode).toBe(404);
    const idea = await create(author);
    const url = `/api/ideas/${idea.id}/comments/`;
    expect((await call(other, 'GET', url)).json()).toMatchObject({ count: 0, results: [] });
    expect((await call(other, 'GET', `${url}?page_size=101`)).statusCode).toBe(400);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
  });
});
