import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaAggregates, makeIdeas } from '../../../test/annotation-fixtures.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { ideaAnnotations, ideaReactions } from '../../db/schema/annotations.js';
import type { UserRow } from '../../db/schema/users.js';

// Parallel requests: on PostgreSQL they really race, on separate connections.
let t: TestApp;
let call: ReturnType<typeof apiAs>;
let me: UserRow;
let ideaIds: number[];
const base = '/api/idea-annotations/';

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  me = await makeUser(t.db);
  ideaIds = await makeIdeas(t.db, me, 10);
});
afterAll(() => t.close());

const idea = (i: number) => ideaIds[i] ?? 0;

const rowsOf = async (table: typeof ideaAnnotations | typeof ideaReactions, where: unknown) => {
  const [row] = await t.db
    .select({ n: count() })
    .from(table)
    .where(where as never);
  return row?.n;
};

describe('concurrent writes', () => {
  it('make one annotation of an idea from parallel creates', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(me, 'POST', `${base}annotations/`, { idea_id: idea(0), vote: i % 2 ? 1 : -1 }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(responses.map((r) => r.json<{ id: number }>().id)).size).toBe(1);
    expect(await rowsOf(ideaAnnotations, eq(ideaAnnotations.ideaId, idea(0)))).toBe(1);
  });

  it('make one reaction from parallel identical reaction requests', async () => {
    const body = { idea_id: idea(1), reaction_type: 'thumbtack' };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => call(me, 'POST', `${base}reactions/`, body)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(responses.map((r) => r.json<{ id: number }>().id)).size).toBe(1);
    expect(await rowsOf(ideaAnnotations, eq(ideaAnnotations.ideaId, idea(1)))).toBe(1);
    expect(await ideaAggregates(t.db, idea(1))).toMatchObject({ votes: 0 });
    const [row] = await t.db
      .select({ n: count() })
      .from(ideaReactions)
      .innerJoin(ideaAnnotations, eq(ideaAnnotations.id, ideaReactions.annotationId))
      .where(eq(ideaAnnotations.ideaId, idea(1)));
    expect(row?.n).toBe(1);
  });

  it('lose no toggle: an even number of parallel toggles leaves the flag as it was', async () => {
    const created = await call(me, 'POST', `${base}annotations/`, { idea_id: idea(2) });
    const url = `${base}annotations/${created.json<{ id: number }>().id}/`;
    const toggles = await Promise.all([
      ...Array.from({ length: 10 }, () => call(me, 'POST', `${url}toggle_bookmark/`)),
      ...Array.from({ length: 7 }, () => call(me, 'POST', `${url}toggle_hidden/`)),
    ]);
    expect(toggles.every((r) => r.statusCode === 200)).toBe(true);
    expect((await call(me, 'GET', url)).json()).toMatchObject({
      is_bookmarked: false,
      is_hidden: true,
    });
  });

  it('count every vote when 20 users vote on one idea at once', async () => {
    const voters = await Promise.all(Array.from({ length: 20 }, () => makeUser(t.db)));
    const first = await Promise.all(
      voters.map((voter) =>
        call(voter, 'POST', `${base}annotations/`, { idea_id: idea(3), vote: 1 }),
      ),
    );
    expect(first.every((r) => r.statusCode === 201)).toBe(true);
    expect(await ideaAggregates(t.db, idea(3))).toMatchObject({ votes: 20 });

    // Then each changes their mind through the vote action, at once: up, down, up...
    const changed = await Promise.all(
      voters.map((voter, i) => {
        const id = first[i]?.json<{ id: number }>().id ?? 0;
        return call(voter, 'POST', `${base}annotations/${id}/vote/`, { value: i % 2 ? 1 : -1 });
      }),
    );
    expect(changed.every((r) => r.statusCode === 200)).toBe(true);
    expect(await ideaAggregates(t.db, idea(3))).toMatchObject({ votes: 0 });
  });
});
