import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
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
  description: string;
  created_by: number;
}

async function createProject(user: UserRow, name: string, description = '') {
  const response = await call(user, 'POST', '/api/projects/', { name, description });
  expect(response.statusCode).toBe(201);
  return response.json<Project>();
}

describe('projects', () => {
  it('are created by anyone signed in and read by everyone', async () => {
    const project = await createProject(owner, '  Onboarding  ', 'First week experience');
    expect(project).toMatchObject({ name: 'Onboarding', created_by: owner.id });
    const read = await call(other, 'GET', `/api/projects/${project.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: project.id, description: 'First week experience' });
  });

  it('list with search, ordering and paging', async () => {
    await createProject(owner, 'Alpha launch', 'go to market');
    await createProject(other, 'Beta feedback', 'collect market signals');
    const search = await call(other, 'GET', '/api/projects/?search=MARKET&ordering=name');
    const body = search.json<{ count: number; results: Project[] }>();
    expect(body.results.map((p) => p.name)).toEqual(['Alpha launch', 'Beta feedback']);
    const paged = await call(other, 'GET', '/api/projects/?page_size=1&ordering=-name');
    expect(paged.json<{ results: Project[]; next: string | null }>()).toMatchObject({
      results: [{ name: 'Onboarding' }],
      next: expect.stringContaining('page=2') as unknown,
    });
    expect((await call(other, 'GET', '/api/projects/?ordering=created_by')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/projects/')).statusCode).toBe(401);
  });

  it('can be changed and deleted only by the creator or staff', async () => {
    const project = await createProject(owner, 'Private roadmap');
    const url = `/api/projects/${project.id}/`;
    expect((await call(other, 'PATCH', url, { name: 'Hijacked' })).statusCode).toBe(403);
    expect((await call(other, 'PUT', url, { name: 'Hijacked' })).statusCode).toBe(403);
    expect((await call(other, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(null, 'PATCH', url, { name: 'Anon' })).statusCode).toBe(401);
    expect((await call(null, 'DELETE', url)).statusCode).toBe(401);
    expect((await call(owner, 'GET', url)).json()).toMatchObject({ name: 'Private roadmap' });

    const renamed = await call(owner, 'PATCH', url, { name: 'Public roadmap' });
    expect(renamed.json()).toMatchObject({ name: 'Public roadmap', description: '' });
    const replaced = await call(staff, 'PUT', url, { name: 'Roadmap', description: 'by staff' });
    expect(replaced.json()).toMatchObject({ name: 'Roadmap', description: 'by staff' });
    expect((await call(staff, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(owner, 'GET', url)).statusCode).toBe(404);
  });

  it('reject bad input with field errors', async () => {
    const blank = await call(owner, 'POST', '/api/projects/', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    const long = await call(owner, 'POST', '/api/projects/', { name: 'x'.repeat(201) });
    expect(Object.keys(long.json<object>())).toEqual(['name']);
    const missing = await call(owner, 'POST', '/api/projects/', {});
    expect(missing.json()).toEqual({ name: ['This field is required.'] });
    expect((await call(owner, 'GET', '/api/projects/0/')).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/api/projects/424242/')).statusCode).toBe(404);
  });
});
