import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authHeaders, makeUser } from '../../../test/factories.js';
import { annotateDirectly, insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import {
  listOperations,
  openApiDocument,
  responseChecker,
} from '../../../test/openapi-document.js';
import type { UserRow } from '../../db/schema/users.js';

/*
 * Ideas and brainstorms are written as JSON by the database and sent as they are (decision 036).
 * These answers must be what the schemas document, field for field, whatever the rows hold.
 */

let t: TestApp;
let me: UserRow;
let headers: Record<string, string>;
let check: (
  key: string,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
) => void;
let brainstormId: number;
let originalId: number;
let stackedId: number;

beforeAll(async () => {
  t = await createTestApp();
  me = await makeUser(t.db);
  headers = await authHeaders(t.app, me);
  const document = openApiDocument(t.app);
  const operations = new Map(listOperations(document).map((entry) => [entry.key, entry]));
  const problemOf = responseChecker(document);
  check = (key, response) => {
    const entry = operations.get(key);
    if (!entry) throw new Error(`${key} is not in the OpenAPI document`);
    expect(problemOf(entry, response), key).toBeNull();
  };
  const brainstorm = await makeBrainstorm(t.db, me, 'Quotes "and" \\ slashes');
  brainstormId = brainstorm.id;
  // A JSON column holding more than the schema documents: only the documented fields go out.
  await t.db.execute(sql`update brainstorms set parameters = parameters || '{"secret": 1}'
    where id = ${brainstormId}`);
  const [original, stacked] = await insertIdeas(t.db, brainstormId, [
    {
      title: 'Night buses 🚌',
      summary: 'Line one\nline two\t"quoted"',
      provider: 'offline',
      model: 'm',
      technique: 'classic',
      promptVersion: 'v1',
      settings: { temperature: 0.7, max_tokens: 500, internal: 'x' } as never,
      inputTokens: 10,
      outputTokens: 20,
      steeredBy: { liked: [1], rejected: [], note: 'private' } as never,
      combinedFrom: [3, 4],
      created: new Date('2026-01-02T03:04:05.678Z'),
    },
    { title: 'Night buses again' },
  ]);
  if (!original || !stacked) throw new Error('no ideas');
  originalId = original.id;
  stackedId = stacked.id;
  // Microseconds are stored; the API writes milliseconds, as Date.toISOString does.
  await t.db.execute(sql`update ideas set modified = '2026-01-02 03:04:05.678999+00'
    where id = ${originalId}`);
  await t.db.execute(sql`update ideas set duplicate_of = ${originalId}, duplicate_score = 0.8333333
    where id = ${stackedId}`);
  await annotateDirectly(t.db, me, originalId, {
    vote: 1,
    isBookmarked: true,
    reactions: ['laugh', 'thumbtack'],
    comments: ['First "one"', 'Second\nline é'],
  });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers });

describe('ideas and brainstorms written by the database (decision 036)', () => {
  it('answers a page of ideas as the schema documents it, with the annotation in full', async () => {
    const response = await get(
      `/api/ideas/?brainstorm=${brainstormId}&with_annotations=true&include_duplicates=true&ordering=id`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    check('GET /api/ideas/', response);
    const page = response.json<{ results: Record<string, unknown>[] }>();
    const [original, stacked] = page.results;
    expect(original).toMatchObject({
      id: originalId,
      title: 'Night buses 🚌',
      summary: 'Line one\nline two\t"quoted"',
      brainstorm_detail: { id: brainstormId, title: 'Quotes "and" \\ slashes', type: 'classic' },
      created: '2026-01-02T03:04:05.678Z',
      modified: '2026-01-02T03:04:05.678Z',
      provenance: {
        provider: 'offline',
        settings: { temperature: 0.7, max_tokens: 500 },
        steered_by: { liked: [1], rejected: [] },
        generation: null,
      },
      votes: 1,
      reaction_counts: { laugh: 1, idea: 0, surprised: 0, thumbtack: 1 },
      comments_count: 2,
      totals_hidden: false,
      duplicates_count: 1,
      combined_from: [3, 4],
    });
    const annotation = original?.user_annotation as Record<string, unknown>;
    expect(original?.annotation).toEqual(annotation);
    expect(annotation).toMatchObject({
      user: me.id,
      idea: originalId,
      vote: 1,
      is_bookmarked: true,
    });
    expect(
      (annotation.reactions as { reaction_type: string }[]).map((r) => r.reaction_type),
    ).toEqual(['laugh', 'thumbtack']);
    // The comments are a JSON-encoded list, written as JSON.stringify writes it.
    const comments = JSON.parse(annotation.comments as string) as { text: string }[];
    expect(comments.map((c) => c.text)).toEqual(['First "one"', 'Second\nline é']);
    expect(annotation.comments).toBe(JSON.stringify(comments));
    expect(stacked).toMatchObject({
      id: stackedId,
      duplicate_of: originalId,
      duplicate_score: 0.8333333,
      provenance: null,
      user_annotation: null,
      annotation: null,
    });
  });

  it('answers one idea and the JSON export from the same definition', async () => {
    const one = await get(`/api/ideas/${originalId}/?with_annotations=true`);
    check('GET /api/ideas/{id}/', one);
    const listed = await get(
      `/api/ideas/?brainstorm=${brainstormId}&with_annotations=true&ordering=id`,
    );
    const exported = await get(
      `/api/ideas/?brainstorm=${brainstormId}&with_annotations=true&ordering=id&format=json`,
    );
    expect(exported.statusCode).toBe(200);
    const fromPage = listed.json<{ results: unknown[] }>().results[0];
    expect(one.json()).toEqual(fromPage);
    expect(exported.json<unknown[]>()[0]).toEqual(fromPage);
    // Without annotations, neither field is there at all.
    const bare = await get(`/api/ideas/${originalId}/`);
    expect(Object.keys(bare.json<object>())).not.toContain('annotation');
    expect(Object.keys(bare.json<object>())).not.toContain('user_annotation');
  });

  it('withholds totals under blind review in the same statement', async () => {
    await t.db.execute(sql`update brainstorms set blind_review = true where id = ${brainstormId}`);
    try {
      const other = await makeUser(t.db);
      const response = await t.app.inject({
        url: `/api/ideas/?brainstorm=${brainstormId}&ordering=id`,
        headers: await authHeaders(t.app, other),
      });
      check('GET /api/ideas/', response);
      expect(response.json<{ results: unknown[] }>().results[0]).toMatchObject({
        votes: null,
        reaction_counts: null,
        comments_count: null,
        totals_hidden: true,
      });
    } finally {
      await t.db.execute(
        sql`update brainstorms set blind_review = false where id = ${brainstormId}`,
      );
    }
  });

  it('answers brainstorms with only their documented parameters', async () => {
    const list = await get('/api/brainstorms/?page_size=50');
    check('GET /api/brainstorms/', list);
    const listed = list
      .json<{ results: { id: number; parameters: object }[] }>()
      .results.find((b) => b.id === brainstormId);
    expect(listed).toMatchObject({
      type: 'classic',
      type_display: 'Classic Brainstorm',
      parameters: { problem: 'p', themes: [], type: 'classic' },
    });
    expect(Object.keys(listed?.parameters ?? {})).toEqual(['problem', 'themes', 'type']);
    const one = await get(`/api/brainstorms/${brainstormId}/`);
    check('GET /api/brainstorms/{id}/', one);
    expect(one.json()).toEqual(listed);
  });
});
