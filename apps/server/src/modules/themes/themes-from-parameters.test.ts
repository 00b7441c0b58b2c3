import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { themes } from '../../db/schema/ideas.js';
import type { UserRow } from '../../db/schema/users.js';
import { themesFromParameters } from './given-themes.js';
import type { ThemeDto } from './themes.schemas.js';

/* Starting the board with the themes a brainstorm was given when it was created. */

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let alice: UserRow;
let bob: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  alice = await makeUser(t.db);
  bob = await makeUser(t.db);
});
afterAll(() => t.close());

async function brainstormGiven(given: string[] | string) {
  const response = await call(alice, 'POST', '/api/brainstorms/', {
    parameters: { problem: 'Fewer meetings', themes: given },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const start = (user: UserRow | null, brainstorm: number) =>
  call(user, 'POST', `/api/brainstorms/${brainstorm}/themes/from-parameters/`);

describe('the given themes as board themes', () => {
  it('keeps their order, each name once (case aside), cutting a long one to 80 characters', () => {
    const long = `Remote ${'and hybrid '.repeat(10)}teams`;
    expect(themesFromParameters(['Time', ' cost ', 'TIME', '', long])).toEqual([
      { name: 'Time', description: '' },
      { name: 'cost', description: '' },
      { name: long.slice(0, 80).trim(), description: long },
    ]);
    expect(themesFromParameters('time, cost')).toEqual([
      { name: 'time', description: '' },
      { name: 'cost', description: '' },
    ]);
    expect(themesFromParameters(undefined)).toEqual([]);
  });
});

describe('starting the themes with those the brainstorm was given', () => {
  it('writes one theme for each, in order, for any member', async () => {
    const brainstorm = await brainstormGiven(['Time', 'Cost', 'Focus']);
    const response = await start(bob, brainstorm);
    expect(response.statusCode, response.body).toBe(201);
    const listed = response.json<ThemeDto[]>();
    expect(listed.map((theme) => [theme.name, theme.position, theme.created_by])).toEqual([
      ['Time', 0, bob.id],
      ['Cost', 1, bob.id],
      ['Focus', 2, bob.id],
    ]);
  });

  it('answers 409 once the brainstorm has a theme, and 400 when it was given none', async () => {
    const brainstorm = await brainstormGiven(['Time']);
    const written = await call(alice, 'POST', `/api/brainstorms/${brainstorm}/themes/`, {
      name: 'Quick wins',
    });
    expect(written.statusCode).toBe(201);
    const again = await start(alice, brainstorm);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This brainstorm has themes already.' });
    const none = await start(alice, await brainstormGiven([]));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: 'This brainstorm was given no themes.' });
  });

  it('answers 404 for a brainstorm that does not exist and 401 without a sign-in', async () => {
    expect((await start(alice, 999_999)).statusCode).toBe(404);
    expect((await start(null, await brainstormGiven(['Time']))).statusCode).toBe(401);
  });

  // On PostgreSQL the requests really race, on separate connections.
  it('writes the themes once when teammates start them at the same moment', async () => {
    const brainstorm = await brainstormGiven(['Time', 'Cost', 'Focus', 'Travel']);
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) => start(i % 2 ? alice : bob, brainstorm)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await t.db.select().from(themes).where(eq(themes.brainstormId, brainstorm));
    expect(rows.map((row) => row.name).sort()).toEqual(['Cost', 'Focus', 'Time', 'Travel']);
  });
});
