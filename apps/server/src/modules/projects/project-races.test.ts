import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import type { UserRow } from '../../db/schema/users.js';

// On PostgreSQL, where requests really run at once (the embedded database serialises them).
const ROUNDS = 10;

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let owner: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  owner = await makeUser(t.db);
});
afterAll(() => t.close());

async function newProject(name: string) {
  const response = await call(owner, 'POST', '/api/projects/', { name });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

async function newBrainstorm(project: number | null) {
  const body = { parameters: { problem: 'Fewer meetings' }, project };
  const response = await call(owner, 'POST', '/api/brainstorms/', body);
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

const readBrainstorm = async (id: number) => {
  const response = await call(owner, 'GET', `/api/brainstorms/${id}/`);
  expect(response.statusCode, 'the brainstorm is never lost').toBe(200);
  return response.json<{ project: number | null }>().project;
};

describe.runIf(process.env.TEST_DB === 'postgres')('projects changed at once', () => {
  it('archiving while a brainstorm moves in: it lands before the archive, or is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const project = await newProject(`Archived ${round}`);
      const brainstorm = await newBrainstorm(null);
      const [move, archive] = await Promise.all([
        call(owner, 'PATCH', `/api/brainstorms/${brainstorm}/`, { project }),
        call(owner, 'POST', `/api/projects/${project}/archive/`),
      ]);
      expect(archive.statusCode).toBe(200);
      if (move.statusCode === 200) {
        expect(await readBrainstorm(brainstorm)).toBe(project);
      } else {
        expect(move.statusCode).toBe(400);
        expect(move.json()).toEqual({ project: ['This project is archived. Restore it first.'] });
        expect(await readBrainstorm(brainstorm)).toBeNull();
      }
    }
  });

  it('deleting with move_to while a brainstorm is filed in: it ends moved or unfiled', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const project = await newProject(`Deleted ${round}`);
      const target = await newProject(`Target ${round}`);
      const already = await newBrainstorm(project);
      const filed = await newBrainstorm(null);
      const [file, create, remove] = await Promise.all([
        call(owner, 'PATCH', `/api/brainstorms/${filed}/`, { project }),
        call(owner, 'POST', '/api/brainstorms/', { parameters: { problem: 'p' }, project }),
        call(owner, 'DELETE', `/api/projects/${project}/?move_to=${target}`),
      ]);
      expect(remove.statusCode).toBe(204);
      expect(await readBrainstorm(already)).toBe(target);
      const now = await readBrainstorm(filed);
      if (file.statusCode === 200) {
        expect(now).toBe(target);
      } else {
        expect(file.json()).toEqual({
          project: [`Invalid pk "${project}" - object does not exist.`],
        });
        expect(now).toBeNull();
      }
      if (create.statusCode === 201) {
        expect(await readBrainstorm(create.json<{ id: number }>().id)).toBe(target);
      } else {
        expect(create.statusCode).toBe(400);
      }
    }
  });

  it('two deletes moving into each other: one wins, nothing is lost', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await newProject(`A ${round}`);
      const b = await newProject(`B ${round}`);
      const inA = await newBrainstorm(a);
      const inB = await newBrainstorm(b);
      const [first, second] = await Promise.all([
        call(owner, 'DELETE', `/api/projects/${a}/?move_to=${b}`),
        call(owner, 'DELETE', `/api/projects/${b}/?move_to=${a}`),
      ]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses[0]).toBe(204);
      expect([400, 404]).toContain(statuses[1]);
      const survivor = first.statusCode === 204 ? b : a;
      expect(await readBrainstorm(inA)).toBe(survivor);
      expect(await readBrainstorm(inB)).toBe(survivor);
    }
  });

  it('two renames at once: both succeed and one name stays', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const project = await newProject(`Renamed ${round}`);
      const url = `/api/projects/${project}/`;
      const [first, second] = await Promise.all([
        call(owner, 'PATCH', url, { name: 'First' }),
        call(owner, 'PATCH', url, { name: 'Second', description: 'kept' }),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const read = (await call(owner, 'GET', url)).json<{ name: string; description: string }>();
      expect(['First', 'Second']).toContain(read.name);
      expect(read.description).toBe('kept');
    }
  });
});
