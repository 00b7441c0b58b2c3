import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { annotateDirectly, insertIdeas } from '../../../test/idea-factories.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { projects } from '../../db/schema/projects.js';
import type { UserRow } from '../../db/schema/users.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let owner: UserRow;
let other: UserRow;
let staff: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  owner = await makeUser(t.db);
  other = await makeUser(t.db);
  staff = await makeUser(t.db, { is_staff: true });
});
afterAll(() => t.close());

interface Project {
  id: number;
  name: string;
  archived: string | null;
  brainstorms_count: number;
  last_activity: string;
  modified: string;
}

const ARCHIVED = { project: ['This project is archived. Restore it first.'] };

async function newProject(name = 'Roadmap', user = owner) {
  const response = await call(user, 'POST', '/api/projects/', { name });
  expect(response.statusCode).toBe(201);
  return response.json<Project>();
}

async function newBrainstorm(project: number | null, user = owner) {
  const body = { parameters: { problem: 'Fewer meetings' }, project };
  const response = await call(user, 'POST', '/api/brainstorms/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; project: number | null }>();
}

const projectOf = async (brainstorm: number) =>
  (await call(owner, 'GET', `/api/brainstorms/${brainstorm}/`)).json<{ project: number | null }>()
    .project;

describe('archive and restore', () => {
  it('are for the creator or staff, idempotent, and answer the project', async () => {
    const project = await newProject();
    const archive = `/api/projects/${project.id}/archive/`;
    const restore = `/api/projects/${project.id}/restore/`;
    expect(project.archived).toBeNull();
    expect((await call(other, 'POST', archive)).statusCode).toBe(403);
    expect((await call(null, 'POST', archive)).statusCode).toBe(401);
    expect((await call(owner, 'POST', '/api/projects/424242/archive/')).statusCode).toBe(404);
    expect((await call(owner, 'POST', '/api/projects/424242/restore/')).statusCode).toBe(404);

    const first = await call(owner, 'POST', archive);
    expect(first.statusCode).toBe(200);
    const archived = first.json<Project>().archived;
    expect(archived).toEqual(expect.any(String));
    const again = await call(staff, 'POST', archive);
    expect(again.json<Project>().archived).toBe(archived);

    expect((await call(other, 'POST', restore)).statusCode).toBe(403);
    expect((await call(null, 'POST', restore)).statusCode).toBe(401);
    expect((await call(staff, 'POST', restore)).json<Project>().archived).toBeNull();
    expect((await call(owner, 'POST', restore)).json<Project>().archived).toBeNull();
  });

  it('lists active or archived projects apart on request', async () => {
    const active = await newProject('Listed active');
    const gone = await newProject('Listed archived');
    await call(owner, 'POST', `/api/projects/${gone.id}/archive/`);
    const names = async (query: string) =>
      (await call(other, 'GET', `/api/projects/?search=Listed&${query}`))
        .json<{ results: Project[] }>()
        .results.map((p) => p.name);
    expect(await names('archived=false')).toEqual([active.name]);
    expect(await names('archived=true')).toEqual([gone.name]);
    expect((await names('ordering=name')).length).toBe(2);
    const bad = await call(other, 'GET', '/api/projects/?archived=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ archived: ['Must be a valid boolean.'] });
  });

  it('refuses filing a brainstorm into an archived project, and keeps those already in it', async () => {
    const project = await newProject();
    const inside = await newBrainstorm(project.id);
    const outside = await newBrainstorm(null);
    await call(owner, 'POST', `/api/projects/${project.id}/archive/`);

    const create = await call(owner, 'POST', '/api/brainstorms/', {
      parameters: { problem: 'p' },
      project: project.id,
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toEqual(ARCHIVED);
    const patch = await call(owner, 'PATCH', `/api/brainstorms/${outside.id}/`, {
      project: project.id,
    });
    expect(patch.json()).toEqual(ARCHIVED);
    const put = await call(owner, 'PUT', `/api/brainstorms/${outside.id}/`, {
      parameters: { problem: 'p' },
      project: project.id,
    });
    expect(put.json()).toEqual(ARCHIVED);
    expect(await projectOf(outside.id)).toBeNull();

    // The one inside stays, and may be edited with its project sent back unchanged.
    const edit = await call(owner, 'PATCH', `/api/brainstorms/${inside.id}/`, {
      title: 'Still here',
      project: project.id,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ title: 'Still here', project: project.id });

    const missing = await call(owner, 'PATCH', `/api/brainstorms/${outside.id}/`, {
      project: 424242,
    });
    expect(missing.json()).toEqual({ project: ['Invalid pk "424242" - object does not exist.'] });

    await call(owner, 'POST', `/api/projects/${project.id}/restore/`);
    const refiled = await call(owner, 'PATCH', `/api/brainstorms/${outside.id}/`, {
      project: project.id,
    });
    expect(refiled.json()).toMatchObject({ project: project.id });
  });
});

describe('brainstorms_count and last_activity', () => {
  it("are the project's brainstorms and the newest of its, their and their ideas' changes", async () => {
    const project = await newProject('Counted');
    expect(project).toMatchObject({ brainstorms_count: 0, last_activity: project.modified });
    const old = new Date('2020-01-01T00:00:00.000Z');
    await t.db.update(projects).set({ modified: old }).where(eq(projects.id, project.id));
    const a = await newBrainstorm(project.id);
    const b = await newBrainstorm(project.id);
    await newBrainstorm(null);
    const brainstormTime = new Date('2021-01-01T00:00:00.000Z');
    const ideaTime = new Date('2022-06-01T12:00:00.000Z');
    await t.db
      .update(brainstorms)
      .set({ modified: brainstormTime })
      .where(eq(brainstorms.id, a.id));
    await t.db.update(brainstorms).set({ modified: old }).where(eq(brainstorms.id, b.id));
    await insertIdeas(t.db, b.id, [{ created: ideaTime }, { created: old }]);

    const read = (await call(other, 'GET', `/api/projects/${project.id}/`)).json<Project>();
    expect(read).toMatchObject({ brainstorms_count: 2, last_activity: ideaTime.toISOString() });
    const listed = (await call(other, 'GET', '/api/projects/?search=Counted')).json<{
      results: Project[];
    }>().results;
    expect(listed).toEqual([read]);
  });

  it('order the list', async () => {
    const quiet = await newProject('Order quiet');
    const busy = await newProject('Order busy');
    await newBrainstorm(busy.id);
    await newBrainstorm(busy.id);
    await t.db
      .update(projects)
      .set({ modified: new Date('2020-01-01T00:00:00.000Z') })
      .where(eq(projects.id, quiet.id));
    const order = async (ordering: string) =>
      (await call(owner, 'GET', `/api/projects/?search=Order&ordering=${ordering}`))
        .json<{ results: Project[] }>()
        .results.map((p) => p.id);
    expect(await order('-brainstorms_count')).toEqual([busy.id, quiet.id]);
    expect(await order('brainstorms_count')).toEqual([quiet.id, busy.id]);
    expect(await order('-last_activity')).toEqual([busy.id, quiet.id]);
    expect(await order('last_activity,name')).toEqual([quiet.id, busy.id]);
    expect(await order('name')).toEqual([busy.id, quiet.id]);
  });
});

describe('DELETE /api/projects/{id}/', () => {
  it('keeps the brainstorms, unfiled, without move_to', async () => {
    const project = await newProject();
    const brainstorm = await newBrainstorm(project.id);
    expect((await call(owner, 'DELETE', `/api/projects/${project.id}/`)).statusCode).toBe(204);
    expect(await projectOf(brainstorm.id)).toBeNull();
  });

  it('moves them to move_to in the same step', async () => {
    const project = await newProject();
    const target = await newProject('Target');
    const moved = [await newBrainstorm(project.id), await newBrainstorm(project.id)];
    const elsewhere = await newBrainstorm(null);
    const response = await call(
      staff,
      'DELETE',
      `/api/projects/${project.id}/?move_to=${target.id}`,
    );
    expect(response.statusCode).toBe(204);
    for (const b of moved) expect(await projectOf(b.id)).toBe(target.id);
    expect(await projectOf(elsewhere.id)).toBeNull();
    expect((await call(owner, 'GET', `/api/projects/${target.id}/`)).json()).toMatchObject({
      brainstorms_count: 2,
    });
  });

  it('refuses a bad move_to with a field error, deleting nothing', async () => {
    const project = await newProject();
    const brainstorm = await newBrainstorm(project.id);
    const archived = await newProject('Archived target');
    await call(owner, 'POST', `/api/projects/${archived.id}/archive/`);
    const url = `/api/projects/${project.id}/`;
    const errors = async (query: string, user = owner) => {
      const response = await call(user, 'DELETE', `${url}?${query}`);
      return [response.statusCode, response.json<unknown>()];
    };
    expect(await errors(`move_to=${project.id}`)).toEqual([
      400,
      { move_to: ['Choose another project than this one.'] },
    ]);
    expect(await errors('move_to=424242')).toEqual([
      400,
      { move_to: ['Invalid pk "424242" - object does not exist.'] },
    ]);
    expect(await errors(`move_to=${archived.id}`)).toEqual([
      400,
      { move_to: ['This project is archived. Restore it first.'] },
    ]);
    expect((await errors('move_to=abc'))[0]).toBe(400);
    expect((await errors(`move_to=${archived.id}`, other))[0]).toBe(403);
    expect((await call(null, 'DELETE', `${url}?move_to=${archived.id}`)).statusCode).toBe(401);
    expect((await call(owner, 'GET', url)).statusCode).toBe(200);
    expect(await projectOf(brainstorm.id)).toBe(project.id);
    expect((await call(owner, 'DELETE', '/api/projects/424242/?move_to=1')).statusCode).toBe(404);
  });
});

describe('project filters', () => {
  it('list the brainstorms of a project or of none', async () => {
    const project = await newProject();
    const inside = await newBrainstorm(project.id);
    const ids = async (query: string) =>
      (await call(other, 'GET', `/api/brainstorms/?${query}&page_size=100`)).json<{
        results: { id: number; project: number | null }[];
      }>().results;
    expect((await ids(`project=${project.id}`)).map((b) => b.id)).toEqual([inside.id]);
    const unfiled = await ids('project=none');
    expect(unfiled.length).toBeGreaterThan(0);
    expect(unfiled.every((b) => b.project === null)).toBe(true);
    const bad = await call(other, 'GET', '/api/brainstorms/?project=some');
    expect(bad.json()).toEqual({ project: ['Must be a project id or none.'] });
  });

  it("list the caller's own saved ideas in a project", async () => {
    const project = await newProject();
    const inside = await newBrainstorm(project.id);
    const outside = await newBrainstorm(null);
    const [kept, unsaved] = await insertIdeas(t.db, inside.id, [{}, {}]);
    const [elsewhere] = await insertIdeas(t.db, outside.id, [{}]);
    if (!kept || !unsaved || !elsewhere) throw new Error('no ideas');
    await annotateDirectly(t.db, owner, kept.id, { isBookmarked: true });
    await annotateDirectly(t.db, owner, elsewhere.id, { isBookmarked: true });
    await annotateDirectly(t.db, other, unsaved.id, { isBookmarked: true });
    const saved = async (user: UserRow, query: string) =>
      (
        await call(
          user,
          'GET',
          `/api/ideas/reviewed/?user_filter=current&is_bookmarked=true&${query}`,
        )
      ).json<{ results: { id: number }[]; filteredCount: number }>();
    const mine = await saved(owner, `project=${project.id}`);
    expect(mine.results.map((i) => i.id)).toEqual([kept.id]);
    expect(mine.filteredCount).toBe(1);
    expect((await saved(other, `project=${project.id}`)).results.map((i) => i.id)).toEqual([
      unsaved.id,
    ]);
    const missing = await call(owner, 'GET', '/api/ideas/reviewed/?project=424242');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ project: ['Invalid pk "424242" - object does not exist.'] });
  });
});
