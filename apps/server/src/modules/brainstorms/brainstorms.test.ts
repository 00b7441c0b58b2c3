import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { addIdeas, apiAs, authHeaders, makeUser } from '../../../test/factories.js';
import { ideas } from '../../db/schema/ideas.js';
import type { UserRow } from '../../db/schema/users.js';
import { BRAINSTORM_TYPES } from './brainstorm-types.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let owner: UserRow;
let other: UserRow;
let staff: UserRow;
let statements = 0;

beforeAll(async () => {
  t = await createTestApp({}, { logger: { logQuery: () => void (statements += 1) } });
  call = apiAs(t.app);
  call = apiAs(t.app);
  owner = await makeUser(t.db);
  other = await makeUser(t.db);
  staff = await makeUser(t.db, { is_staff: true });
});
afterAll(() => t.close());

interface Brainstorm {
  id: number;
  title: string;
  description: string;
  type: string;
  type_display: string;
  parameters: { problem: string; themes: string[]; type: string };
  project: number | null;
  created_by: number;
  ideas_count: number;
  blind_review: boolean;
  created: string;
}
interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: Brainstorm[];
}

async function create(user: UserRow, payload: object): Promise<Brainstorm> {
  const response = await call(user, 'POST', '/api/brainstorms/', payload);
  expect(response.statusCode).toBe(201);
  return response.json<Brainstorm>();
}

const list = async (query: string, user: UserRow = other) => {
  const response = await call(user, 'GET', `/api/brainstorms/${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<Page>();
};

async function setCreated(id: number, iso: string) {
  await t.db.execute(sql`update brainstorms set created = ${iso}::timestamptz where id = ${id}`);
}

describe('GET /api/brainstorms/types/', () => {
  it('lists every technique with a description, the default first', async () => {
    const response = await call(other, 'GET', '/api/brainstorms/types/');
    const types = response.json<{ value: string; display_name: string; description: string }[]>();
    expect(types[0]).toMatchObject({ value: 'bad_idea_contest', display_name: 'Bad Idea Contest' });
    expect(types.map((o) => o.value)).toEqual(
      expect.arrayContaining([
        'classic',
        'reverse_brainstorming',
        'scamper',
        'six_thinking_hats',
        'starbursting',
        'crazy_eights',
      ]),
    );
    expect(types.every((o) => o.description.length > 10)).toBe(true);
    expect((await call(null, 'GET', '/api/brainstorms/types/')).statusCode).toBe(401);
  });
});

describe('POST /api/brainstorms/', () => {
  it("creates with the form's payload, splitting text themes on commas", async () => {
    const brainstorm = await create(owner, {
      title: 'Commute',
      description: '',
      type: 'bad_idea_contest',
      parameters: {
        problem: '  Make commuting fun ',
        themes: ' trains, , bikes ,walking ',
        type: 'bad_idea_contest',
      },
    });
    expect(brainstorm).toMatchObject({
      title: 'Commute',
      type: 'bad_idea_contest',
      type_display: 'Bad Idea Contest',
      parameters: {
        problem: 'Make commuting fun',
        themes: ['trains', 'bikes', 'walking'],
        type: 'bad_idea_contest',
      },
      project: null,
      created_by: owner.id,
      ideas_count: 0,
    });
  });

  it('defaults the type and accepts themes as a list', async () => {
    const brainstorm = await create(owner, {
      parameters: { problem: 'Office lunch', themes: [' food ', ''] },
    });
    expect(brainstorm).toMatchObject({
      title: '',
      type: 'bad_idea_contest',
      parameters: { themes: ['food'], type: 'bad_idea_contest' },
    });
  });

  it('rejects bad input with field errors', async () => {
    const cases: [object, string[]][] = [
      [{ parameters: { problem: '   ' } }, ['parameters.problem']],
      [{}, ['parameters']],
      [{ type: 'brain_dump', parameters: { problem: 'p' } }, ['type']],
      [{ project: 999999, parameters: { problem: 'p' } }, ['project']],
      [{ title: 'x'.repeat(201), parameters: { problem: 'p' } }, ['title']],
      [{ parameters: { problem: 'x'.repeat(5001) } }, ['parameters.problem']],
      [{ blind_review: 'yes', parameters: { problem: 'p' } }, ['blind_review']],
      [{ blind_review: null, parameters: { problem: 'p' } }, ['blind_review']],
      [
        { parameters: { problem: 'p', themes: Array.from({ length: 31 }, (_, i) => `t${i}`) } },
        ['parameters.themes'],
      ],
    ];
    for (const [payload, fields] of cases) {
      const response = await call(owner, 'POST', '/api/brainstorms/', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json<object>())).toEqual(fields);
    }
    const blank = await call(owner, 'POST', '/api/brainstorms/', { parameters: { problem: '' } });
    expect(blank.json()).toEqual({ 'parameters.problem': ['Problem is required'] });
    const project = await call(owner, 'POST', '/api/brainstorms/', {
      project: 999999,
      parameters: { problem: 'p' },
    });
    expect(project.json()).toEqual({ project: ['Invalid pk "999999" - object does not exist.'] });
    expect(
      (await call(null, 'POST', '/api/brainstorms/', { parameters: { problem: 'p' } })).statusCode,
    ).toBe(401);
  });

  it('refuses NUL bytes and lone surrogates anywhere in the body, before any SQL runs', async () => {
    const cases: [object, object][] = [
      [
        { title: 'a\u0000b', parameters: { problem: 'p' } },
        { title: ['Null characters are not allowed.'] },
      ],
      [
        { description: 'x', parameters: { problem: 'p\u0000' } },
        { 'parameters.problem': ['Null characters are not allowed.'] },
      ],
      [
        { parameters: { problem: 'p', themes: ['ok', 'bad\ud800'] } },
        { 'parameters.themes.1': ['Surrogate characters are not allowed: U+D800.'] },
      ],
      [
        { parameters: { problem: '\udfff' }, unknown: 'x\u0000' },
        {
          'parameters.problem': ['Surrogate characters are not allowed: U+DFFF.'],
          unknown: ['Null characters are not allowed.'],
        },
      ],
    ];
    const headers = await authHeaders(t.app, owner);
    // The signed-in user is read once and then comes from the cache (decision 036).
    expect((await t.app.inject({ url: '/api/users/me/', headers })).statusCode).toBe(200);
    const before = statements;
    for (const [payload, errors] of cases) {
      const url = '/api/brainstorms/';
      const response = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(statements - before).toBe(0);
  });
});

describe('GET /api/brainstorms/', () => {
  let projectId: number;

  beforeAll(async () => {
    await t.db.execute(sql`delete from brainstorms`);
    const project = await call(owner, 'POST', '/api/projects/', { name: 'Transit' });
    projectId = project.json<{ id: number }>().id;
    const a = await create(owner, {
      title: 'Alpha',
      type: 'scamper',
      project: projectId,
      parameters: { problem: 'Faster buses' },
    });
    const b = await create(other, {
      title: 'beta',
      description: 'about parking',
      parameters: { problem: 'Parking' },
    });
    const c = await create(owner, {
      title: 'Gamma',
      type: 'starbursting',
      parameters: { problem: 'Bike lanes' },
    });
    await setCreated(a.id, '2026-01-10T09:00:00Z');
    await setCreated(b.id, '2026-02-15T23:30:00Z');
    await setCreated(c.id, '2026-03-20T12:00:00Z');
    await addIdeas(t.db, a.id, 2);
    await addIdeas(t.db, c.id, 5);
  });

  const titles = (page: Page) => page.results.map((b) => b.title);

  it('lists newest first with idea counts', async () => {
    const page = await list('');
    expect(titles(page)).toEqual(['Gamma', 'beta', 'Alpha']);
    expect(page.results.map((b) => b.ideas_count)).toEqual([5, 0, 2]);
    expect(page.results[0]?.type_display).toBe('Starbursting');
  });

  it('filters by project, type, title and search', async () => {
    expect(titles(await list(`?project=${projectId}`))).toEqual(['Alpha']);
    expect(titles(await list('?type=starbursting'))).toEqual(['Gamma']);
    expect(titles(await list('?title=ETA'))).toEqual(['beta']);
    expect(titles(await list('?search=parking'))).toEqual(['beta']);
    expect(titles(await list('?search=bike'))).toEqual(['Gamma']);
    expect(titles(await list('?search=bike%20lanes'))).toEqual(['Gamma']);
    expect(titles(await list('?search=_'))).toEqual([]);
  });

  it('filters by creation dates, a date meaning the whole day', async () => {
    expect(titles(await list('?created_after=2026-02-15'))).toEqual(['Gamma', 'beta']);
    expect(titles(await list('?created_before=2026-02-15'))).toEqual(['beta', 'Alpha']);
    expect(titles(await list('?created_after=2026-01-11&created_before=2026-03-01'))).toEqual([
      'beta',
    ]);
    expect(titles(await list('?created_after=2026-02-16T00:00:00%2B01:00'))).toEqual([
      'Gamma',
      'beta',
    ]);
    expect(titles(await list('?created_after=0001-01-01&created_before=9999-12-31'))).toEqual([
      'Gamma',
      'beta',
      'Alpha',
    ]);
  });

  it('orders by every allowed field, both ways', async () => {
    expect(titles(await list('?ordering=title'))).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(titles(await list('?ordering=-ideas_count'))).toEqual(['Gamma', 'Alpha', 'beta']);
    expect(titles(await list('?ordering=created'))).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(titles(await list('?ordering=type,-created'))).toEqual(['beta', 'Alpha', 'Gamma']);
    expect(titles(await list('?ordering=id'))).toEqual(['Alpha', 'beta', 'Gamma']);
  });

  it('pages at the edges', async () => {
    const first = await list('?page_size=2');
    expect(first).toMatchObject({ count: 3, previous: null });
    expect(first.next).toMatch(/page_size=2&page=2$/);
    const last = await list('?page_size=2&page=2');
    expect(titles(last)).toEqual(['Alpha']);
    expect(last.next).toBeNull();
    expect(last.previous).not.toContain('page=');
    expect(titles(await list('?page_size=3'))).toHaveLength(3);
    expect((await call(other, 'GET', '/api/brainstorms/?page=3&page_size=2')).statusCode).toBe(404);
    const empty = await list('?type=classic');
    expect(empty).toMatchObject({ count: 0, next: null, previous: null, results: [] });
  });

  it('rejects bad filters with field errors', async () => {
    const cases: [string, string][] = [
      ['?type=unknown', 'type'],
      ['?project=987654', 'project'],
      ['?project=abc', 'project'],
      ['?created_after=yesterday', 'created_after'],
      ['?created_before=2026-13-45', 'created_before'],
      ['?page_size=101', 'page_size'],
      ['?page_size=0', 'page_size'],
      ['?page=-1', 'page'],
      ['?ordering=parameters', 'ordering'],
      ['?ordering=-created_by', 'ordering'],
      ['?created_after=0000-01-01', 'created_after'],
      ['?created_after=0001-01-01T00:00:00%2B01:00', 'created_after'],
      ['?created_before=9999-12-31T23:00:00-05:00', 'created_before'],
      ['?created_before=%2B275760-09-13T00:00:00Z', 'created_before'],
      ['?search=%00', 'search'],
    ];
    for (const [query, field] of cases) {
      const response = await call(other, 'GET', `/api/brainstorms/${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<object>()), query).toEqual([field]);
    }
    expect((await call(null, 'GET', '/api/brainstorms/')).statusCode).toBe(401);
  });

  it('costs the same number of SQL statements whatever the page size', async () => {
    const headers = await authHeaders(t.app, other);
    const cost = async (query: string) => {
      const before = statements;
      const response = await t.app.inject({ url: `/api/brainstorms/${query}`, headers });
      expect(response.statusCode).toBe(200);
      return statements - before;
    };
    for (let i = 0; i < 12; i++)
      await create(other, { title: `Extra ${i}`, parameters: { problem: 'p' } });
    const small = await cost('?page_size=1');
    const large = await cost('?page_size=50');
    // The page with its count; the signed-in user comes from the cache (decision 036).
    expect(small).toBe(1);
    expect(large).toBe(small);
    expect(await cost(`?page_size=50&project=${projectId}`)).toBe(small + 1);
  });
});

describe('blind_review', () => {
  it('is off unless asked for, and set by the creator or staff alone', async () => {
    const open = await create(owner, { parameters: { problem: 'p' } });
    expect(open.blind_review).toBe(false);
    const blind = await create(other, { blind_review: true, parameters: { problem: 'p' } });
    expect(blind.blind_review).toBe(true);

    const url = `/api/brainstorms/${open.id}/`;
    expect((await call(owner, 'PATCH', url, { blind_review: true })).json()).toMatchObject({
      blind_review: true,
      title: open.title,
    });
    // Another member may neither turn it off nor on, by PATCH or PUT; anonymous callers neither.
    for (const method of ['PATCH', 'PUT'] as const) {
      const body = { blind_review: false, parameters: { problem: 'p' } };
      expect((await call(other, method, url, body)).statusCode).toBe(403);
      expect((await call(null, method, url, body)).statusCode).toBe(401);
    }
    expect((await call(other, 'GET', url)).json()).toMatchObject({ blind_review: true });
    expect(
      (await call(owner, 'PATCH', `/api/brainstorms/${blind.id}/`, { blind_review: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(staff, 'PATCH', `/api/brainstorms/${blind.id}/`, { blind_review: false })).json(),
    ).toMatchObject({ blind_review: false });
  });

  it('is kept by a PUT that does not name it, and validated as a boolean', async () => {
    const brainstorm = await create(owner, { blind_review: true, parameters: { problem: 'p' } });
    const url = `/api/brainstorms/${brainstorm.id}/`;
    const put = await call(owner, 'PUT', url, { title: 'Again', parameters: { problem: 'q' } });
    expect(put.json()).toMatchObject({ title: 'Again', blind_review: true });
    const off = await call(owner, 'PUT', url, {
      blind_review: false,
      parameters: { problem: 'q' },
    });
    expect(off.json()).toMatchObject({ blind_review: false });
    const bad = await call(owner, 'PATCH', url, { blind_review: 'true' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>())).toEqual(['blind_review']);
  });

  it('shows in the list', async () => {
    const brainstorm = await create(owner, { blind_review: true, parameters: { problem: 'p' } });
    const page = await list(`?ordering=-id&page_size=1`);
    expect(page.results[0]).toMatchObject({ id: brainstorm.id, blind_review: true });
  });
});

describe('GET/PUT/PATCH/DELETE /api/brainstorms/{id}/', () => {
  it('is readable by everyone signed in', async () => {
    const brainstorm = await create(owner, { title: 'Readable', parameters: { problem: 'p' } });
    const response = await call(other, 'GET', `/api/brainstorms/${brainstorm.id}/`);
    expect(response.json()).toMatchObject({ id: brainstorm.id, title: 'Readable' });
    expect((await call(null, 'GET', `/api/brainstorms/${brainstorm.id}/`)).statusCode).toBe(401);
    expect((await call(other, 'GET', '/api/brainstorms/999999/')).json()).toEqual({
      detail: 'Not found.',
    });
  });

  it('is changed by the creator with a partial update, keeping the rest', async () => {
    const brainstorm = await create(owner, {
      title: 'Draft',
      type: 'scamper',
      parameters: { problem: 'p', themes: 'a,b' },
    });
    const url = `/api/brainstorms/${brainstorm.id}/`;
    const patched = await call(owner, 'PATCH', url, {
      title: 'Final',
      description: 'Now with text',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      title: 'Final',
      description: 'Now with text',
      type: 'scamper',
      parameters: { problem: 'p', themes: ['a', 'b'], type: 'scamper' },
    });
    const retyped = await call(owner, 'PATCH', url, { type: 'crazy_eights' });
    expect(retyped.json()).toMatchObject({
      type: 'crazy_eights',
      parameters: { type: 'crazy_eights' },
    });
    const put = await call(staff, 'PUT', url, {
      title: 'Staff',
      parameters: { problem: 'q', themes: ['x'] },
    });
    expect(put.json()).toMatchObject({
      title: 'Staff',
      description: '',
      type: 'bad_idea_contest',
      parameters: { problem: 'q' },
    });
    expect((await call(owner, 'PATCH', url, { parameters: { problem: '' } })).statusCode).toBe(400);
  });

  it('never lets concurrent changes of different fields undo each other', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const brainstorm = await create(owner, { type: 'scamper', parameters: { problem: 'old' } });
      const url = `/api/brainstorms/${brainstorm.id}/`;
      await Promise.all([
        call(owner, 'PATCH', url, { type: 'crazy_eights' }),
        call(owner, 'PATCH', url, { parameters: { problem: 'new', themes: ['t'] } }),
        call(owner, 'PATCH', url, { title: 'renamed' }),
      ]);
      const after = (await call(owner, 'GET', url)).json<Brainstorm>();
      expect(after).toMatchObject({
        title: 'renamed',
        type: 'crazy_eights',
        parameters: { problem: 'new', themes: ['t'], type: 'crazy_eights' },
      });
    }
  });

  it("refuses another user's and anonymous changes, changing nothing", async () => {
    const brainstorm = await create(owner, { title: 'Mine', parameters: { problem: 'p' } });
    const url = `/api/brainstorms/${brainstorm.id}/`;
    for (const method of ['PATCH', 'PUT'] as const) {
      const response = await call(other, method, url, {
        title: 'Theirs',
        parameters: { problem: 'q' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        detail: 'You do not have permission to perform this action.',
      });
      expect(
        (await call(null, method, url, { title: 'Anon', parameters: { problem: 'q' } })).statusCode,
      ).toBe(401);
    }
    expect((await call(other, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(null, 'DELETE', url)).statusCode).toBe(401);
    expect((await call(owner, 'GET', url)).json()).toMatchObject({ title: 'Mine' });
  });

  it('never loses blind_review or the title to a concurrent change of the other', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const brainstorm = await create(owner, { title: 'old', parameters: { problem: 'p' } });
      const url = `/api/brainstorms/${brainstorm.id}/`;
      const responses = await Promise.all([
        call(owner, 'PATCH', url, { blind_review: true }),
        call(owner, 'PATCH', url, { title: 'renamed' }),
        call(staff, 'PATCH', url, { description: 'by staff' }),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect((await call(other, 'GET', url)).json()).toMatchObject({
        title: 'renamed',
        description: 'by staff',
        blind_review: true,
      });
    }
  });

  it('deletes with its ideas, by the creator or staff', async () => {
    const brainstorm = await create(owner, { parameters: { problem: 'p' } });
    await addIdeas(t.db, brainstorm.id, 3);
    expect((await call(owner, 'DELETE', `/api/brainstorms/${brainstorm.id}/`)).statusCode).toBe(
      204,
    );
    expect((await call(owner, 'GET', `/api/brainstorms/${brainstorm.id}/`)).statusCode).toBe(404);
    const [remaining] = await t.db
      .select({ n: count() })
      .from(ideas)
      .where(eq(ideas.brainstormId, brainstorm.id));
    expect(remaining?.n).toBe(0);
    const byStaff = await create(other, { parameters: { problem: 'p' } });
    expect((await call(staff, 'DELETE', `/api/brainstorms/${byStaff.id}/`)).statusCode).toBe(204);
  });
});

it('has a display name for every type', () => {
  expect(new Set(BRAINSTORM_TYPES.map((type) => type.display_name)).size).toBe(
    BRAINSTORM_TYPES.length,
  );
});
