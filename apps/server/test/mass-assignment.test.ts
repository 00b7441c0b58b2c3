import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import type { UserRow } from '../src/db/schema/users.js';
import { createTestApp, type TestApp } from './app.js';
import { authHeaders, makeUser } from './factories.js';
import {
  listOperations,
  openApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  type OperationEntry,
} from './openapi-document.js';
import {
  everyOperationConfig,
  operationFixtures,
  type OperationFixtures,
} from './operation-fixtures.js';
import { injectAny } from './inject.js';

/** A date no write of this test can have made: a forged `created` or `modified`. */
const FORGED_DATE = '2001-01-01T00:00:00.000Z';
const FORGED_ID = 987_654;
const FORGED_COUNT = 500;
const FORGED_TOKENS = 123_456;

/**
 * Fields a client must never set, with forged values: who owns or made an object, its id and
 * dates, the counts the database keeps, an idea's provenance and token counts, and a user's
 * standing. `other` is a user the request must not be able to act for.
 */
const forgedFields = (other: UserRow): Record<string, unknown> => ({
  id: FORGED_ID,
  user: other.id,
  user_id: other.id,
  created_by: other.id,
  is_staff: true,
  is_active: false,
  session_version: 99,
  votes: FORGED_COUNT,
  laugh_count: FORGED_COUNT,
  comments_count: FORGED_COUNT,
  ideas_count: FORGED_COUNT,
  duplicates_count: FORGED_COUNT,
  duplicate_of: FORGED_ID,
  duplicate_score: 0.5,
  stacked_by: other.id,
  reaction_counts: { laugh: FORGED_COUNT, idea: 0, surprised: 0, thumbtack: 0 },
  provenance: {
    provider: 'openai',
    model: 'forged-model',
    input_tokens: FORGED_TOKENS,
    output_tokens: FORGED_TOKENS,
    inspired_by: FORGED_ID,
    steered_by: { liked: [FORGED_ID], rejected: [] },
  },
  inspired_by: FORGED_ID,
  steered_by: { liked: [FORGED_ID], rejected: [] },
  provider: 'forged-provider',
  model: 'forged-model',
  input_tokens: FORGED_TOKENS,
  output_tokens: FORGED_TOKENS,
  created: FORGED_DATE,
  modified: FORGED_DATE,
});

/** The top-level fields an operation's body declares, following `$ref` and combinations. */
function declaredFields(document: OpenApiDocument, schema: JsonSchema | undefined): Set<string> {
  if (!schema) return new Set();
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1) ?? '';
    return declaredFields(document, document.components?.schemas?.[name]);
  }
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return new Set([
    ...Object.keys(schema.properties ?? {}),
    ...parts.flatMap((part) => [...declaredFields(document, part)]),
  ]);
}

/** Every place in a response where a forged field came back with its forged value. */
function forgedValuesIn(value: unknown, forged: Record<string, unknown>, path = ''): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => forgedValuesIn(item, forged, `${path}[${String(i)}]`));
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const here = `${path}.${key}`;
    const applied = key in forged && JSON.stringify(item) === JSON.stringify(forged[key]);
    return [...(applied ? [here] : []), ...forgedValuesIn(item, forged, here)];
  });
}

let t: TestApp;
let owner: UserRow;
let other: UserRow;
let staff: UserRow;
let fixtures: OperationFixtures;
let writes: OperationEntry[];

beforeAll(async () => {
  t = await createTestApp(everyOperationConfig);
  owner = await makeUser(t.db);
  other = await makeUser(t.db);
  staff = await makeUser(t.db, { is_staff: true });
  fixtures = await operationFixtures(t, owner);
  writes = listOperations(openApiDocument(t.app)).filter((o) => o.operation.requestBody);
});
afterAll(() => t.close());

describe('mass assignment', () => {
  it('covers every operation that takes a body', () => {
    expect(writes.map((o) => o.key).filter((key) => !(key in fixtures.bodies))).toEqual([]);
    expect(writes.length).toBeGreaterThan(20);
  });

  it('ignores or refuses fields a client must not set, on every write, and applies none', async () => {
    const document = openApiDocument(t.app);
    const applied: string[] = [];
    const unexpected: string[] = [];
    for (const write of writes) {
      // Creating users is for staff, who may make another staff member: is_staff is theirs to set.
      const actor = write.key === 'POST /api/users/' ? staff : owner;
      const declared = declaredFields(
        document,
        write.operation.requestBody?.content?.['application/json']?.schema,
      );
      const forged = Object.fromEntries(
        Object.entries(forgedFields(other)).filter(
          ([field]) => !declared.has(field) || (field === 'is_staff' && actor !== staff),
        ),
      );
      const response = await injectAny(t.app, {
        method: write.method,
        url: await fixtures.ownedObject(write.path),
        headers: await authHeaders(t.app, actor),
        payload: { ...fixtures.bodies[write.key]?.(actor), ...forged },
      });
      const status = response.statusCode;
      // Accepted without the forged fields, or refused as a whole.
      if (status >= 300 && status !== 400 && status !== 403) {
        unexpected.push(`${write.key}: ${String(status)} ${response.body}`);
      }
      if (status < 300 && response.body) {
        const found = forgedValuesIn(response.json(), forged);
        applied.push(...found.map((place) => `${write.key} answered ${place}`));
      }
    }
    expect(unexpected).toEqual([]);
    expect(applied).toEqual([]);

    // And nothing forged reached the database, whatever the answers showed.
    const [stored] = rowsOf<Record<string, number>>(
      await t.db.execute(sql`select
        (select count(*)::int from users where is_staff and id <> ${staff.id}) as staff,
        (select count(*)::int from users where not is_active or session_version = 99) as inactive,
        (select count(*)::int from ideas where votes >= ${FORGED_COUNT}
           or laugh_count >= ${FORGED_COUNT} or comments_count >= ${FORGED_COUNT}
           or input_tokens = ${FORGED_TOKENS} or output_tokens = ${FORGED_TOKENS}
           or provider like 'forged%' or model like 'forged%'
           or duplicates_count >= ${FORGED_COUNT} or duplicate_of = ${FORGED_ID}
           or stacked_by = ${other.id} or inspired_by = ${FORGED_ID}
           or steered_by is not null) as ideas,
        (select count(*)::int from brainstorms where ideas_count >= ${FORGED_COUNT}
           or duplicates_count >= ${FORGED_COUNT}) as brainstorms,
        (select count(*)::int from ideas where created_by = ${other.id}) +
        (select count(*)::int from brainstorms where created_by = ${other.id}) +
        (select count(*)::int from projects where created_by = ${other.id}) +
        (select count(*)::int from idea_annotations where user_id = ${other.id}) +
        (select count(*)::int from personal_access_tokens where user_id = ${other.id}) as other_s,
        (select count(*)::int from projects where id = ${FORGED_ID} or created < '2002-01-01') +
        (select count(*)::int from brainstorms where id = ${FORGED_ID} or created < '2002-01-01') +
        (select count(*)::int from ideas where id = ${FORGED_ID} or created < '2002-01-01') +
        (select count(*)::int from idea_annotations where id = ${FORGED_ID} or created < '2002-01-01') +
        (select count(*)::int from idea_comments where id = ${FORGED_ID} or created < '2002-01-01') +
        (select count(*)::int from idea_reactions where id = ${FORGED_ID} or created < '2002-01-01')
          as forged_ids_or_dates`),
    );
    expect(stored).toEqual({
      staff: 0,
      inactive: 0,
      ideas: 0,
      brainstorms: 0,
      other_s: 0,
      forged_ids_or_dates: 0,
    });
  });

  it("lets no one but a brainstorm's creator or staff set its blind review", async () => {
    const url = await fixtures.ownedObject('/api/brainstorms/{id}/');
    const blindNow = async () => {
      const [row] = rowsOf<{ blind: boolean }>(
        await t.db.execute(
          sql`select blind_review as blind from brainstorms where id = ${Number(url.split('/').at(-2))}`,
        ),
      );
      return row?.blind;
    };
    const before = await blindNow();
    for (const method of ['PATCH', 'PUT'] as const) {
      for (const blind_review of [true, false]) {
        const response = await t.app.inject({
          method,
          url,
          headers: await authHeaders(t.app, other),
          payload: { title: 'Taken', parameters: { problem: 'p' }, blind_review },
        });
        expect(response.statusCode).toBe(403);
      }
    }
    expect(await blindNow()).toBe(before);
  });
});
