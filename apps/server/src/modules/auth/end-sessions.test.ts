import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { makeUser, TEST_PASSWORD } from '../../../test/factories.js';
import type { UserRow } from '../../db/schema/users.js';
import { REFRESH_COOKIE } from './auth.routes.js';

let t: TestApp;
let ada: UserRow;
let bob: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  ada = await makeUser(t.db);
  bob = await makeUser(t.db);
});
afterAll(() => t.close());

/** A new session of the user: its access token and refresh cookie. */
async function signIn(user: UserRow) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE)?.value;
  if (!cookie) throw new Error('no refresh cookie');
  return { access: response.json<{ access: string }>().access, cookie };
}

const endOthers = (session: { access?: string; cookie?: string }, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sessions/end-others/',
    payload: {},
    headers: {
      ...(session.access ? { authorization: `Bearer ${session.access}` } : {}),
      ...(session.cookie ? { cookie: `${REFRESH_COOKIE}=${session.cookie}` } : {}),
      ...headers,
    },
  });

const refreshStatus = async (cookie: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: {},
      headers: { cookie: `${REFRESH_COOKIE}=${cookie}` },
    })
  ).statusCode;

const meStatus = async (access: string) =>
  (await t.app.inject({ url: '/api/users/me/', headers: { authorization: `Bearer ${access}` } }))
    .statusCode;

describe('POST /api/auth/sessions/end-others/', () => {
  it("ends the caller's other sessions at once and keeps this one, with a new access token", async () => {
    const here = await signIn(ada);
    const laptop = await signIn(ada);
    const phone = await signIn(ada);
    const someoneElse = await signIn(bob);

    const response = await endOthers(here);
    expect(response.statusCode).toBe(200);
    const { access } = response.json<{ access: string }>();

    // The other sessions: their access tokens stop now, their refresh cookies are refused.
    for (const other of [laptop, phone]) {
      expect(await meStatus(other.access)).toBe(401);
      expect(await refreshStatus(other.cookie)).toBe(401);
    }
    // This one goes on with the new access token, and its cookie still refreshes.
    expect(await meStatus(here.access)).toBe(401);
    expect(await meStatus(access)).toBe(200);
    expect(await refreshStatus(here.cookie)).toBe(200);
    // Another user's sessions are theirs.
    expect(await meStatus(someoneElse.access)).toBe(200);
    expect(await refreshStatus(someoneElse.cookie)).toBe(200);
  });

  it("keeps no session for a cookie that is not the caller's, and refuses the anonymous", async () => {
    const mine = await signIn(ada);
    const bobs = await signIn(bob);
    const response = await endOthers({ access: mine.access, cookie: bobs.cookie });
    expect(response.statusCode).toBe(200);
    expect(await refreshStatus(mine.cookie)).toBe(401);
    expect(await meStatus(response.json<{ access: string }>().access)).toBe(200);

    expect((await endOthers({ cookie: bobs.cookie })).statusCode).toBe(401);
    // Bob's session went through both untouched (a refresh uses his cookie up, so it comes last).
    expect(await meStatus(bobs.access)).toBe(200);
    expect(await refreshStatus(bobs.cookie)).toBe(200);
  });

  it('refuses a request another site started', async () => {
    const here = await signIn(ada);
    const response = await endOthers(here, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(await refreshStatus(here.cookie)).toBe(200);
  });

  it('keeps this session when two requests for it arrive at once', async () => {
    const here = await signIn(ada);
    const other = await signIn(ada);
    const answers = await Promise.all([endOthers(here), endOthers(here)]);
    // Both succeed when both are checked before either ends the sessions; one checked after the
    // other has ended them carries an access token that ended with them, and is refused.
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect([
      [200, 200],
      [200, 401],
    ]).toContainEqual(statuses);
    expect(await refreshStatus(other.cookie)).toBe(401);
    // Whichever answer came last, the cookie kept gives this session a working token.
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: {},
      headers: { cookie: `${REFRESH_COOKIE}=${here.cookie}` },
    });
    expect(renewed.statusCode).toBe(200);
    expect(await meStatus(renewed.json<{ access: string }>().access)).toBe(200);
  });
});
