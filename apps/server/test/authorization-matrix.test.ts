import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users as usersTable, type UserRow } from '../src/db/schema/users.js';
import { createTestApp, type TestApp } from './app.js';
import { authHeaders, makeUser, TEST_PASSWORD } from './factories.js';
import {
  everyOperationConfig,
  operationFixtures,
  type OperationFixtures,
} from './operation-fixtures.js';
import { listOperations, openApiDocument, type Method } from './openapi-document.js';
import { injectAny } from './inject.js';

const ACTORS = ['anonymous', 'other', 'owner', 'staff'] as const;
type Actor = (typeof ACTORS)[number];

/**
 * Who may do what (docs/decisions/004-permissions.md): the status each actor gets for a valid
 * request. 'owner' created the object ({id}); for /api/users/{id}/ it is that user. Signing in
 * and refreshing speak for the actor through the body and the refresh cookie. What a member may
 * read of the team's reviews under blind review, through every channel that carries them, is
 * checked in blind-review-channels.test.ts.
 */
const matrix: Record<string, Record<Actor, number>> = {
  'GET /api/health/': { anonymous: 200, other: 200, owner: 200, staff: 200 },
  'GET /api/health/ready/': { anonymous: 200, other: 200, owner: 200, staff: 200 },
  'POST /api/auth/token/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/auth/token/refresh/': { anonymous: 200, other: 200, owner: 200, staff: 200 },
  'POST /api/auth/logout/': { anonymous: 204, other: 204, owner: 204, staff: 204 },
  'POST /api/auth/sessions/end-others/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
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
  'POST /api/projects/{id}/archive/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'POST /api/projects/{id}/restore/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'GET /api/brainstorms/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/brainstorms/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'GET /api/brainstorms/types/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/brainstorms/{id}/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'PUT /api/brainstorms/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'PATCH /api/brainstorms/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'DELETE /api/brainstorms/{id}/': { anonymous: 401, other: 403, owner: 204, staff: 204 },
  'POST /api/brainstorms/{id}/brainstorm/': { anonymous: 401, other: 202, owner: 202, staff: 202 },
  'GET /api/brainstorms/{id}/steering/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/brainstorms/{id}/generations/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/brainstorms/{id}/events/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/generations/{id}/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/brainstorms/{id}/analyses/': { anonymous: 401, other: 202, owner: 202, staff: 202 },
  'POST /api/brainstorms/{id}/analyses/plan/': {
    anonymous: 401,
    other: 200,
    owner: 200,
    staff: 200,
  },
  'GET /api/brainstorms/{id}/analyses/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/brainstorms/{id}/possible-repeats/': {
    anonymous: 401,
    other: 200,
    owner: 200,
    staff: 200,
  },
  'GET /api/analyses/{id}/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/analyses/{id}/comparisons/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/analyses/{id}/shortlist/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/brainstorms/{id}/assessments/': {
    anonymous: 401,
    other: 200,
    owner: 200,
    staff: 200,
  },
  'GET /api/ideas/{id}/assessments/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/brainstorms/{id}/disagreements/': {
    anonymous: 401,
    other: 200,
    owner: 200,
    staff: 200,
  },
  'POST /api/analyses/{id}/apply/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/brainstorms/{id}/import/preview/': {
    anonymous: 401,
    other: 200,
    owner: 200,
    staff: 200,
  },
  'POST /api/brainstorms/{id}/import/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'GET /api/brainstorms/{id}/themes/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/brainstorms/{id}/themes/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'POST /api/brainstorms/{id}/themes/from-parameters/': {
    anonymous: 401,
    other: 201,
    owner: 201,
    staff: 201,
  },
  'GET /api/brainstorms/{id}/theme-suggestions/': {
    anonymous: 401,
    other: 200,
    owner: 200,
    staff: 200,
  },
  'PATCH /api/themes/{id}/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'DELETE /api/themes/{id}/': { anonymous: 401, other: 204, owner: 204, staff: 204 },
  'POST /api/themes/{id}/merge/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/themes/{id}/split/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'PUT /api/ideas/{id}/theme/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/llm-providers/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/dashboard/review-queue/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/dashboard/recent-brainstorms/': {
    anonymous: 401,
    other: 200,
    owner: 200,
    staff: 200,
  },
  'GET /api/dashboard/activity/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/dashboard/spend/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/insights/models/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/insights/models/export/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  // Each user manages their own tokens only; another's answers 404 (decision 032).
  'GET /api/tokens/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/tokens/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'DELETE /api/tokens/{id}/': { anonymous: 401, other: 404, owner: 204, staff: 404 },
  // Its tools call the operations above as the caller: each is authorized there (decision 033).
  'POST /api/mcp/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/ideas/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/ideas/': { anonymous: 401, other: 201, owner: 201, staff: 201 },
  'GET /api/ideas/reviewed/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/ideas/unreviewed/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'GET /api/ideas/{id}/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'PUT /api/ideas/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'PATCH /api/ideas/{id}/': { anonymous: 401, other: 403, owner: 200, staff: 200 },
  'DELETE /api/ideas/{id}/': { anonymous: 401, other: 403, owner: 204, staff: 204 },
  'POST /api/ideas/{id}/annotate/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/ideas/{id}/not-duplicate/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/ideas/{id}/mark-duplicate/': { anonymous: 401, other: 200, owner: 200, staff: 200 },
  'POST /api/ideas/{id}/more-like-this/': { anonymous: 401, other: 202, owner: 202, staff: 202 },
  'POST /api/ideas/{id}/flip-it/': { anonymous: 401, other: 202, owner: 202, staff: 202 },
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
  // Webhooks are staff's, whoever made one (decision 034).
  'GET /api/webhooks/': { anonymous: 401, other: 403, owner: 403, staff: 200 },
  'POST /api/webhooks/': { anonymous: 401, other: 403, owner: 403, staff: 201 },
  'GET /api/webhooks/{id}/': { anonymous: 401, other: 403, owner: 403, staff: 200 },
  'PATCH /api/webhooks/{id}/': { anonymous: 401, other: 403, owner: 403, staff: 200 },
  'DELETE /api/webhooks/{id}/': { anonymous: 401, other: 403, owner: 403, staff: 204 },
  'POST /api/webhooks/{id}/rotate-secret/': { anonymous: 401, other: 403, owner: 403, staff: 200 },
  'POST /api/webhooks/{id}/test/': { anonymous: 401, other: 403, owner: 403, staff: 202 },
  'GET /api/webhooks/{id}/deliveries/': { anonymous: 401, other: 403, owner: 403, staff: 200 },
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/retry/': {
    anonymous: 401,
    other: 403,
    owner: 403,
    staff: 202,
  },
};

/**
 * What a user who signed in with a password staff set may do before choosing their own
 * (decision 043): the status each of these answers them; every other operation answers 403.
 * Signing in, refreshing and signing out carry no access token; their profile takes only a new
 * password (the matrix's PATCH body is a new name, so it too answers 403).
 */
const beforeNewPassword: Record<string, number> = {
  'GET /api/health/': 200,
  'GET /api/health/ready/': 200,
  'POST /api/auth/token/': 200,
  'POST /api/auth/token/refresh/': 200,
  'POST /api/auth/logout/': 204,
  'GET /api/users/me/': 200,
  'PUT /api/users/{id}/': 403,
  'PATCH /api/users/{id}/': 403,
};

let t: TestApp;
let users: Record<Exclude<Actor, 'anonymous'>, UserRow>;
let fixtures: OperationFixtures;

beforeAll(async () => {
  t = await createTestApp(everyOperationConfig);
  users = {
    other: await makeUser(t.db),
    owner: await makeUser(t.db),
    staff: await makeUser(t.db, { is_staff: true }),
  };
  fixtures = await operationFixtures(t, users.owner);
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
        .filter((o) => o.operation.requestBody && !(o.key in fixtures.bodies))
        .map((o) => `${o.key} takes a body: add one to the bodies in test/operation-fixtures.ts`),
    ];
    expect(problems).toEqual([]);
  });

  it.each(Object.entries(matrix))('%s', async (key, expected) => {
    const [method, path] = key.split(' ') as [Method, string];
    const actual = {} as Record<Actor, number>;
    for (const actor of ACTORS) {
      // Every actor gets its own object, so that one actor's DELETE leaves the next one's intact.
      const url = await fixtures.ownedObject(path);
      const user = actor === 'anonymous' ? null : users[actor];
      const body = fixtures.bodies[key]?.(user);
      const response = await injectAny(t.app, {
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

describe('a user who must choose a new password', () => {
  let pending: UserRow;
  beforeAll(async () => {
    pending = await makeUser(t.db);
    await t.db
      .update(usersTable)
      .set({ passwordMustChange: true })
      .where(eq(usersTable.id, pending.id));
  });

  it.each(Object.keys(matrix))('%s', async (key) => {
    const [method, path] = key.split(' ') as [Method, string];
    const url = path.startsWith('/api/users/{id}/')
      ? path.replace('{id}', String(pending.id))
      : await fixtures.ownedObject(path);
    const body = fixtures.bodies[key]?.(pending);
    const response = await injectAny(t.app, {
      method,
      url,
      headers: await credentials(pending),
      ...(body ? { payload: body } : {}),
    });
    expect(response.statusCode).toBe(beforeNewPassword[key] ?? 403);
  });
});
