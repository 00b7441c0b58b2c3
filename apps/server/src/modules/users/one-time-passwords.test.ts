import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { createFirstAdmin } from '../../bootstrap.js';
import type { UserRow } from '../../db/schema/users.js';
import { CHOOSE_NEW_PASSWORD } from '../../plugins/auth.js';
import { findUserByEmail, findUserById, setPassword } from './users.service.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let staff: UserRow;
let member: UserRow;
let added = 0;

const ONE_TIME = 'kq7Rm-8xPzT-wn4Hc-Yd2Jf';
const CHOSEN = 'a passphrase of my very own';

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  staff = await makeUser(t.db, { is_staff: true });
  member = await makeUser(t.db);
});
afterAll(() => t.close());

interface Me {
  id: number;
  email: string;
  password_must_change?: boolean;
}

/** A sign-in as a browser makes it: the access token, and the user it answers. */
async function signIn(email: string, password: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access: string; user: Me }>();
}

function asToken(access: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${access}` },
    ...(body ? { payload: body } : {}),
  });
}

/** A member staff add through the API, with the one-time password the Team page would show. */
async function addMember(): Promise<Me> {
  added += 1;
  const response = await call(staff, 'POST', '/api/users/', {
    email: `new-member-${added}@example.com`,
    password: ONE_TIME,
    first_name: 'New',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Me>();
}

describe('a password staff set', () => {
  it('is one-time: the sign-in says so, and every call but a few answers 403', async () => {
    const added = await addMember();
    expect(added.password_must_change).toBe(true);
    const { access, user } = await signIn(added.email, ONE_TIME);
    expect(user.password_must_change).toBe(true);

    const me = await asToken(access, 'GET', '/api/users/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json<Me>().password_must_change).toBe(true);

    const refused = [
      await asToken(access, 'GET', '/api/brainstorms/'),
      await asToken(access, 'GET', '/api/users/'),
      await asToken(access, 'GET', `/api/users/${added.id}/`),
      await asToken(access, 'POST', '/api/brainstorms/', { parameters: { problem: 'Lifts' } }),
      await asToken(access, 'POST', '/api/tokens/', { name: 'Script', scope: 'read' }),
      await asToken(access, 'POST', '/api/auth/sessions/end-others/', {}),
      // Their own profile but no new password, or another user's: still only the password.
      await asToken(access, 'PATCH', `/api/users/${added.id}/`, { first_name: 'Renamed' }),
      await asToken(access, 'PATCH', `/api/users/${member.id}/`, {
        current_password: ONE_TIME,
        password: CHOSEN,
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: CHOOSE_NEW_PASSWORD });
    }
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout/', payload: {} });
    expect(logout.statusCode).toBe(204);
  });

  it('is replaced by one the user chooses, after which nothing is asked', async () => {
    const added = await addMember();
    const { access } = await signIn(added.email, ONE_TIME);
    const weak = await asToken(access, 'PATCH', `/api/users/${added.id}/`, {
      current_password: ONE_TIME,
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<Record<string, string[]>>().password?.[0]).toMatch(/too short/);

    const changed = await asToken(access, 'PATCH', `/api/users/${added.id}/`, {
      current_password: ONE_TIME,
      password: CHOSEN,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Me>().password_must_change).toBe(false);
    // The change ended the session it was made in, as every password change does.
    expect((await asToken(access, 'GET', '/api/users/me/')).statusCode).toBe(401);

    const again = await signIn(added.email, CHOSEN);
    expect(again.user.password_must_change).toBe(false);
    expect((await asToken(again.access, 'GET', '/api/brainstorms/')).statusCode).toBe(200);
    const token = await asToken(again.access, 'POST', '/api/tokens/', {
      name: 'CI',
      scope: 'read',
    });
    expect(token.statusCode).toBe(201);
  });

  it('comes back with a staff reset, while personal access tokens made before go on', async () => {
    const user = await makeUser(t.db);
    const created = await call(user, 'POST', '/api/tokens/', { name: 'Script', scope: 'read' });
    const personal = created.json<{ token: string }>().token;

    const reset = await call(staff, 'PATCH', `/api/users/${user.id}/`, { password: ONE_TIME });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<Me>().password_must_change).toBe(true);
    const { access, user: signedIn } = await signIn(user.email, ONE_TIME);
    expect(signedIn.password_must_change).toBe(true);
    expect((await asToken(access, 'GET', '/api/ideas/')).statusCode).toBe(403);
    expect((await asToken(personal, 'GET', '/api/ideas/')).statusCode).toBe(200);
  });

  it('is not asked of a user who chose theirs, nor of other users and anonymous callers', async () => {
    const chosen = await signIn(member.email, 'correct horse battery staple');
    expect(chosen.user.password_must_change).toBe(false);
    expect((await asToken(chosen.access, 'GET', '/api/brainstorms/')).statusCode).toBe(200);

    await addMember();
    expect((await call(member, 'GET', '/api/ideas/')).statusCode).toBe(200);
    expect((await call(staff, 'GET', '/api/ideas/')).statusCode).toBe(200);
    const anonymous = await call(null, 'GET', '/api/ideas/');
    expect(anonymous.statusCode).toBe(401);
    const anonymousMe = await call(null, 'GET', '/api/users/me/');
    expect(anonymousMe.statusCode).toBe(401);
  });

  it('is shown to staff in the team list, and to each member only on their own row', async () => {
    const added = await addMember();
    const list = async (viewer: UserRow) =>
      (await call(viewer, 'GET', '/api/users/?page_size=100')).json<{ results: Me[] }>().results;

    const asStaff = await list(staff);
    expect(asStaff.find((u) => u.id === added.id)?.password_must_change).toBe(true);
    expect(asStaff.find((u) => u.id === member.id)?.password_must_change).toBe(false);

    const asMember = await list(member);
    expect(asMember.find((u) => u.id === added.id)).not.toHaveProperty('password_must_change');
    expect(asMember.find((u) => u.id === member.id)?.password_must_change).toBe(false);
  });
});

describe("the first admin's printed password", () => {
  it('is one-time too; a password set on the command line is not', async () => {
    const fresh = await createTestApp();
    try {
      const admin = await createFirstAdmin(fresh.db, 'first@example.com');
      if (!admin) throw new Error('no first admin was created');
      const row = await findUserByEmail(fresh.db, admin.email);
      expect(row?.passwordMustChange).toBe(true);
      const set = await setPassword(fresh.db, admin.email, 'the operator typed this one');
      expect(set.passwordMustChange).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});

describe('two changes of the one-time password at the same moment', () => {
  it('apply one: the other answers 400 and its password never works', async () => {
    for (let round = 0; round < 3; round++) {
      const added = await addMember();
      const [first, second] = await Promise.all([
        signIn(added.email, ONE_TIME),
        signIn(added.email, ONE_TIME),
      ]);
      const choices = [`${CHOSEN} in tab one`, `${CHOSEN} in tab two`] as const;
      const answers = await Promise.all(
        [first, second].map((session, i) =>
          asToken(session.access, 'PATCH', `/api/users/${added.id}/`, {
            current_password: ONE_TIME,
            password: choices[i],
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, 400]);
      const loser = answers.find((a) => a.statusCode === 400);
      expect(loser?.json<Record<string, string[]>>().current_password?.[0]).toMatch(
        /changed at the same moment|not correct/,
      );
      const winner = choices[answers.findIndex((a) => a.statusCode === 200)] ?? '';
      const lost = choices[answers.findIndex((a) => a.statusCode === 400)] ?? '';
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token/',
        payload: { email: added.email, password: lost },
      });
      expect(refused.statusCode).toBe(401);
      const signedIn = await signIn(added.email, winner);
      expect(signedIn.user.password_must_change).toBe(false);
      const row = await findUserById(t.db, added.id);
      expect(row?.passwordMustChange).toBe(false);
    }
  });
});
