import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authHeaders, makeUser } from '../../../test/factories.js';
import type { UserRow } from '../../db/schema/users.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new session's access token. */
const signIn = async (user: UserRow) =>
  (await authHeaders(t.app, user)).authorization.replace('Bearer ', '');

const me = (access: string) =>
  t.app.inject({ url: '/api/users/me/', headers: { authorization: `Bearer ${access}` } });

/** Asks until `done` holds of the answer, for at most `ms`; returns the last answer. */
async function askUntil(
  access: string,
  done: (status: number, body: { first_name?: string }) => boolean,
  ms = 5_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const response = await me(access);
    const body = response.statusCode === 200 ? response.json<{ first_name: string }>() : {};
    if (done(response.statusCode, body) || Date.now() > until) return response;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the cache of signed-in users (decision 036)', () => {
  it('shows a change made through the API on the very next request', async () => {
    const ada = await makeUser(t.db);
    const access = await signIn(ada);
    expect((await me(access)).json()).toMatchObject({ first_name: ada.firstName });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${ada.id}/`,
      headers: { authorization: `Bearer ${access}` },
      payload: { first_name: 'Augusta' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await me(access)).json()).toMatchObject({ first_name: 'Augusta' });
  });

  it('forgets a user whose row another process changed, as soon as the database announces it', async () => {
    const bob = await makeUser(t.db);
    const access = await signIn(bob);
    expect((await me(access)).statusCode).toBe(200);
    // Written past the app's repository, as another server or the command line would.
    await t.db.execute(sql`update users set first_name = 'Robert' where id = ${bob.id}`);
    const renamed = await askUntil(access, (_, body) => body.first_name === 'Robert');
    expect(renamed.json()).toMatchObject({ first_name: 'Robert' });
    await t.db.execute(sql`update users set is_active = false where id = ${bob.id}`);
    const refused = await askUntil(access, (status) => status === 401);
    expect(refused.statusCode).toBe(401);
  });

  it('forgets every user when the table is emptied', async () => {
    const cleo = await makeUser(t.db);
    const access = await signIn(cleo);
    expect((await me(access)).statusCode).toBe(200);
    await t.db.execute(sql`truncate users cascade`);
    const refused = await askUntil(access, (status) => status === 401);
    expect(refused.statusCode).toBe(401);
  });
});
