import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema/users.js';
import { makeIdeas } from './annotation-fixtures.js';
import { createTestApp, testConfig, type TestApp } from './app.js';
import { authHeaders, makeUser, TEST_PASSWORD } from './factories.js';
import { listOperations, openApiDocument, type Method } from './openapi-document.js';

const ACTORS = ['anonymous', 'other', 'owner', 'staff'] as const;
type Actor = (typeof ACTORS)[number];

/**
 * Who may do what (docs/decisions/004-permissions.md): the status each actor gets for a valid
 * request. 'owner' created the object ({id}); for /api/users/{id}/ it is that user. Signing in
 * and refreshing speak for the actor through the body and the refresh cookie.
 */
const matrix: Record<string, Record<Actor, number>> = {
  'GET /api/health/': { anonymous: 200, other: 200, owner: 200, staff: 200 },
  'GET /api/health/ready/': { anonymous: 200, other: 200, owner: 200, staff: 200 },
  'POST /api/auth/token/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/auth/token/refresh/': { anonymous: 200, other: 200, owner: 200, staff: 200 },
  'POST /api/auth/logout/': { anonymous: 204, other: 204, owner: 204, staff: 204 },
  'GET /api/users/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/users/': { anonymous: 401, other: 403, owner: 403, staff: 201 },
  'GET /api/users/me/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/users/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'PUT /api/users/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'PATCH /api/users/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'GET /api/projects/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/projects/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'GET /api/projects/{id}/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'PUT /api/projects/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'PATCH /api/projects/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'DELETE /api/projects/{id}/': { anonymous: 401, other: 403, owner: 204, staff: 204 },
  'GET /api/brainstorms/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/brainstorms/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'GET /api/brainstorms/types/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/brainstorms/{id}/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'PUT /api/brainstorms/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'PATCH /api/brainstorms/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'DELETE /api/brainstorms/{id}/': { anonymous: 401, other: 403, owner: 204, staff: 204 },
  'POST /api/brainstorms/{id}/brainstorm/': { anonymous: 401, other: 202, owner: 202, staff: 202 },
  'GET /api/brainstorms/{id}/generations/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/generations/{id}/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/llm-providers/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/ideas/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/ideas/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'GET /api/ideas/reviewed/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/ideas/unreviewed/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/ideas/{id}/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'PUT /api/ideas/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'PATCH /api/ideas/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'DELETE /api/ideas/{id}/': { anonymous: 401, other: 403, owner: 204, staff: 204 },
  'POST /api/ideas/{id}/annotate/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/ideas/{id}/comments/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/idea-annotations/annotations/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/idea-annotations/annotations/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'GET /api/idea-annotations/annotations/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'PUT /api/idea-annotations/annotations/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'PATCH /api/idea-annotations/annotations/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'DELETE /api/idea-annotations/annotations/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 204,
    staff: 404,
  },
  'POST /api/idea-annotations/annotations/{id}/toggle_bookmark/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'POST /api/idea-annotations/annotations/{id}/toggle_hidden/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'POST /api/idea-annotations/annotations/{id}/vote/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'GET /api/idea-annotations/comments/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/idea-annotations/comments/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'GET /api/idea-annotations/comments/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'PUT /api/idea-annotations/comments/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'PATCH /api/idea-annotations/comments/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'DELETE /api/idea-annotations/comments/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 204,
    staff: 404,
  },
  'GET /api/idea-annotations/reactions/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/idea-annotations/reactions/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'GET /api/idea-annotations/reactions/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'PUT /api/idea-annotations/reactions/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'PATCH /api/idea-annotations/reactions/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 200,
    staff: 404,
  },
  'DELETE /api/idea-annotations/reactions/{id}/': {
    anonymous: 401,
    other: 404,
    owner: 204,
    staff: 404,
  },
};

let newUsers = 0;
/** Ideas for the annotation rows, one per create, so each create makes a new annotation. */
let annotationIdeas: number[] = [];
const freshIdea = () => annotationIdeas.pop() ?? 0;
/** The brainstorm, created by the owner, that the ideas' rows write their ideas in. */
let ideaBrainstorm = 0;

/** A valid body for each operation that takes one, given the owner and the actor. */
const validBodies: Record<string, (owner: UserRow, actor: UserRow | null) => object> = {
  'POST /api/auth/token/': (_owner, actor) => ({
    email: actor?.email ?? 'nobody@example.com',
    password: TEST_PASSWORD,
  }),
  'POST /api/auth/token/refresh/': () => ({}),
  'POST /api/auth/logout/': () => ({}),
  'POST /api/users/': () => ({
    email: `new-${(newUsers += 1)}@example.com`,
    password: 'a long passphrase 42',
  }),
  'PUT /api/users/{id}/': (owner) => ({ email: owner.email, first_name: 'Ada', last_name: 'L' }),
  'PATCH /api/users/{id}/': () => ({ first_name: 'Ada' }),
  'POST /api/projects/': () => ({ name: 'Roadmap' }),
  'PUT /api/projects/{id}/': () => ({ name: 'Roadmap', description: 'Next quarter' }),
  'PATCH /api/projects/{id}/': () => ({ description: 'Next quarter' }),
  'POST /api/brainstorms/': () => ({ parameters: { problem: 'Fewer meetings' } }),
  'PUT /api/brainstorms/{id}/': () => ({ title: 'Meetings', parameters: { problem: 'Fewer' } }),
  'PATCH /api/brainstorms/{id}/': () => ({ title: 'Renamed' }),
  'POST /api/brainstorms/{id}/brainstorm/': () => ({
    num_workers: 2,
    worker_params: [
      {
        provider: 'offline',
        model: 'sample-ideas',
        settings: { temperature: 0.7, max_tokens: 1000 },
      },
      { provider: 'offline', model: 'sample-ideas', settings: { temperature: 1, max_tokens: 200 } },
    ],
  }),
  'POST /api/ideas/': () => ({ brainstorm: ideaBrainstorm, title: 'Trains with desks' }),
  'PUT /api/ideas/{id}/': () => ({ title: 'Quiet carriages', summary: 'Work on the way' }),
  'PATCH /api/ideas/{id}/': () => ({ summary: 'Work on the way' }),
  'POST /api/ideas/{id}/annotate/': () => ({ vote: 1, is_bookmarked: true }),
  'POST /api/idea-annotations/annotations/': () => ({ idea_id: freshIdea(), vote: 1 }),
  'PUT /api/idea-annotations/annotations/{id}/': () => ({ vote: -1, is_bookmarked: true }),
  'PATCH /api/idea-annotations/annotations/{id}/': () => ({ is_hidden: true }),
  'POST /api/idea-annotations/annotations/{id}/vote/': () => ({ value: -1 }),
  'POST /api/idea-annotations/comments/': () => ({ idea_id: freshIdea(), text: 'Why not trains?' }),
  'PUT /api/idea-annotations/comments/{id}/': () => ({ text: 'Why not buses?' }),
  'PATCH /api/idea-annotations/comments/{id}/': () => ({ text: 'Or bikes?' }),
  'POST /api/idea-annotations/reactions/': () => ({ idea_id: freshIdea(), reaction_type: 'laugh' }),
  'PUT /api/idea-annotations/reactions/{id}/': () => ({ reaction_type: 'idea' }),
  'PATCH /api/idea-annotations/reactions/{id}/': () => ({ reaction_type: 'surprised' }),
};

let t: TestApp;
let users: Record<Exclude<Actor, 'anonymous'>, UserRow>;

beforeAll(async () => {
  // Generations stay queued here (no workers): limits high enough for every row's requests.
  t = await createTestApp({
    generation: {
      ...testConfig.generation,
      limits: { ...testConfig.generation.limits, runningPerUser: 100, ideasPerHour: 10_000 },
    },
  });
  users = {
    other: await makeUser(t.db),
    owner: await makeUser(t.db),
    staff: await makeUser(t.db, { is_staff: true }),
  };
  annotationIdeas = await makeIdeas(t.db, users.owner, 200);
  const brainstorm = await t.app.inject({
    method: 'POST',
    url: '/api/brainstorms/',
    headers: await authHeaders(t.app, users.owner),
    payload: { parameters: { problem: 'Commuting' } },
  });
  ideaBrainstorm = brainstorm.json<{ id: number }>().id;
});
afterAll(() => t.close());

/** An access token and a refresh cookie from a real sign-in: everything a browser would send. */
async function credentials(user: UserRow | null): Promise<Record<string, string>> {
  if (!user) return {};
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  const cookie = String(signIn.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  return { ...(await authHeaders(t.app, user)), cookie };
}

/** A fresh object for a path's {id}, created by the owner through its collection's POST. */
async function ownedObject(path: string, owner: UserRow): Promise<string> {
  if (!path.includes('{id}')) return path;
  if (path.startsWith('/api/users/')) return path.replace('{id}', String(owner.id));
  if (path.startsWith('/api/generations/')) {
    // Generations are made by asking a brainstorm for ideas.
    const brainstorm = await ownedObject('/api/brainstorms/{id}/brainstorm/', owner);
    const response = await t.app.inject({
      method: 'POST',
      url: brainstorm,
      headers: await authHeaders(t.app, owner),
      payload: validBodies[`POST /api/brainstorms/{id}/brainstorm/`]?.(owner, owner),
    });
    expect(response.statusCode, `POST ${brainstorm} as the owner`).toBe(202);
    return path.replace('{id}', String(response.json<{ id: number }>().id));
  }
  const collection = path.slice(0, path.indexOf('{id}'));
  const body = validBodies[`POST ${collection}`];
  if (!body) throw new Error(`No fixture for ${path}: add a valid body for POST ${collection}`);
  const response = await t.app.inject({
    method: 'POST',
    url: collection,
    headers: await authHeaders(t.app, owner),
    payload: body(owner, owner),
  });
  expect(response.statusCode, `POST ${collection} as the owner`).toBe(201);
  return path.replace('{id}', String(response.json<{ id: number }>().id));
}

describe('the authorization matrix', () => {
  it('has a row for every operation in the OpenAPI document, and a valid body where one is needed', () => {
    const operations = listOperations(openApiDocument(t.app));
    const documented = new Set(operations.map((o) => o.key));
    const problems = [
      ...[...documented]
        .filter((key) => !(key in matrix))
        .map((key) => `${key} is in the OpenAPI document: add its row to the authorization matrix`),
      ...Object.keys(matrix)
        .filter((key) => !documented.has(key))
        .map((key) => `${key} is not in the OpenAPI document: remove its row from the matrix`),
      ...operations
        .filter((o) => o.operation.requestBody && !(o.key in validBodies))
        .map((o) => `${o.key} takes a body: add one to validBodies beside the matrix`),
    ];
    expect(problems).toEqual([]);
  });

  it.each(Object.entries(matrix))('%s', async (key, expected) => {
    const [method, path] = key.split(' ') as [Method, string];
    const actual = {} as Record<Actor, number>;
    for (const actor of ACTORS) {
      // Every actor gets its own object, so that one actor's DELETE leaves the next one's intact.
      const url = await ownedObject(path, users.owner);
      const user = actor === 'anonymous' ? null : users[actor];
      const body = validBodies[key]?.(users.owner, user);
      const response = await t.app.inject({
        method,
        url,
        headers: await credentials(user),
        ...(body ? { payload: body } : {}),
      });
      actual[actor] = response.statusCode;
    }
    expect(actual).toEqual(expected);
  });
});
