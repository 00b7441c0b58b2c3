import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, authHeaders, makeUser, TEST_PASSWORD } from '../../../test/factories.js';
import type { UserRow } from '../../db/schema/users.js';
import { REFRESH_COOKIE } from '../auth/auth.routes.js';

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let alice: UserRow;
let bob: UserRow;
let staff: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
  alice = await makeUser(t.db, {
    email: 'alice@example.com',
    first_name: 'Alice',
    last_name: 'Smith',
  });
  bob = await makeUser(t.db, { email: 'bob@example.com', first_name: 'Bob', last_name: 'Jones' });
  staff = await makeUser(t.db, { email: 'root@example.com', first_name: 'Root', is_staff: true });
});
afterAll(() => t.close());

interface UserPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: { id: number; email: string }[];
}

describe('GET /api/users/', () => {
  it('lists the team for any signed-in user, newest first', async () => {
    const response = await call(bob, 'GET', '/api/users/');
    expect(response.statusCode).toBe(200);
    const page = response.json<UserPage>();
    expect(page.count).toBe(3);
    expect(page.results.map((u) => u.email)).toEqual([
      'root@example.com',
      'bob@example.com',
      'alice@example.com',
    ]);
    expect(page.results[0]).not.toHaveProperty('password');
  });

  it('pages with next and previous links', async () => {
    const first = (
      await call(bob, 'GET', '/api/users/?page_size=2&ordering=email')
    ).json<UserPage>();
    expect(first.results.map((u) => u.email)).toEqual(['alice@example.com', 'bob@example.com']);
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/\/api\/users\/\?page_size=2&ordering=email&page=2$/);
    const second = (
      await call(bob, 'GET', '/api/users/?page_size=2&ordering=email&page=2')
    ).json<UserPage>();
    expect(second.results.map((u) => u.email)).toEqual(['root@example.com']);
    expect(second.next).toBeNull();
    expect(second.previous).toMatch(/\/api\/users\/\?page_size=2&ordering=email$/);
  });

  it('searches names and emails, case-insensitively', async () => {
    const page = (await call(bob, 'GET', '/api/users/?search=SMI')).json<UserPage>();
    expect(page.results.map((u) => u.email)).toEqual(['alice@example.com']);
    const none = (await call(bob, 'GET', '/api/users/?search=%25')).json<UserPage>();
    expect(none.count).toBe(0);
  });

  it('rejects bad paging and ordering with field errors', async () => {
    const big = await call(bob, 'GET', '/api/users/?page_size=1000');
    expect(big.statusCode).toBe(400);
    expect(big.json()).toHaveProperty('page_size');
    const order = await call(bob, 'GET', '/api/users/?ordering=password');
    expect(order.statusCode).toBe(400);
    expect(order.json<{ ordering: string[] }>().ordering[0]).toMatch(
      /Unknown ordering field 'password'/,
    );
    const page = await call(bob, 'GET', '/api/users/?page=0');
    expect(page.statusCode).toBe(400);
    const beyond = await call(bob, 'GET', '/api/users/?page=9');
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('refuses anonymous requests', async () => {
    expect((await call(null, 'GET', '/api/users/')).statusCode).toBe(401);
  });
});

describe('GET /api/users/me/ and /api/users/{id}/', () => {
  it('returns the signed-in user with a display name', async () => {
    const response = await call(alice, 'GET', '/api/users/me/');
    expect(response.json()).toMatchObject({
      id: alice.id,
      email: 'alice@example.com',
      first_name: 'Alice',
      last_name: 'Smith',
      name: 'Alice Smith',
      avatar: null,
      is_staff: false,
    });
  });

  it('lets a user read themselves, staff read anyone, and nobody else', async () => {
    expect((await call(alice, 'GET', `/api/users/${alice.id}/`)).statusCode).toBe(200);
    expect((await call(staff, 'GET', `/api/users/${alice.id}/`)).statusCode).toBe(200);
    const other = await call(bob, 'GET', `/api/users/${alice.id}/`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await call(null, 'GET', `/api/users/${alice.id}/`)).statusCode).toBe(401);
    expect((await call(staff, 'GET', '/api/users/999999/')).statusCode).toBe(404);
    expect((await call(staff, 'GET', '/api/users/abc/')).statusCode).toBe(400);
  });
});

describe('PUT/PATCH /api/users/{id}/', () => {
  it('lets a user change their own profile', async () => {
    const response = await call(alice, 'PATCH', `/api/users/${alice.id}/`, {
      first_name: '  Alicia ',
      avatar: 'https://example.com/a.png',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Alicia',
      name: 'Alicia Smith',
      avatar: 'https://example.com/a.png',
    });
    const put = await call(alice, 'PUT', `/api/users/${alice.id}/`, {
      email: 'alice@example.com',
      first_name: 'Alice',
      last_name: 'Smith',
      avatar: '',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ first_name: 'Alice', avatar: null });
  });

  it('requires every PUT field and validates them', async () => {
    const put = await call(alice, 'PUT', `/api/users/${alice.id}/`, { first_name: 'A' });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({
      email: ['This field is required.'],
      last_name: ['This field is required.'],
    });
    const bad = await call(alice, 'PATCH', `/api/users/${alice.id}/`, {
      email: 'not-an-email',
      avatar: 'javascript:alert(1)',
      first_name: 'x'.repeat(151),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>()).sort()).toEqual(['avatar', 'email', 'first_name']);
  });

  it("refuses changes to another user's profile", async () => {
    const response = await call(bob, 'PATCH', `/api/users/${alice.id}/`, { first_name: 'Mallory' });
    expect(response.statusCode).toBe(403);
    expect(
      (await call(null, 'PATCH', `/api/users/${alice.id}/`, { first_name: 'M' })).statusCode,
    ).toBe(401);
    expect((await call(alice, 'GET', '/api/users/me/')).json()).toMatchObject({
      first_name: 'Alice',
    });
  });

  it('lets only staff change is_staff and is_active', async () => {
    const self = await call(bob, 'PATCH', `/api/users/${bob.id}/`, { is_staff: true });
    expect(self.statusCode).toBe(403);
    const byStaff = await call(staff, 'PATCH', `/api/users/${bob.id}/`, {
      last_name: 'Jonas',
      is_staff: true,
    });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json()).toMatchObject({ last_name: 'Jonas', is_staff: true });
    await call(staff, 'PATCH', `/api/users/${bob.id}/`, { is_staff: false });
  });

  it('keeps emails unique, case-insensitively', async () => {
    const response = await call(bob, 'PATCH', `/api/users/${bob.id}/`, {
      email: 'ALICE@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['A user with this email already exists.'] });
  });

  it('needs the current password for a password change, and ends other sessions', async () => {
    const user = await makeUser(t.db, { email: 'carol@example.com' });
    const url = `/api/users/${user.id}/`;
    const missing = await call(user, 'PATCH', url, { password: 'a much better passphrase' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('current_password');
    const wrong = await call(user, 'PATCH', url, {
      password: 'a much better passphrase',
      current_password: 'wrong',
    });
    expect(wrong.json()).toEqual({ current_password: ['The current password is not correct.'] });
    const weak = await call(user, 'PATCH', url, {
      password: '12345678',
      current_password: TEST_PASSWORD,
    });
    expect(weak.json<{ password: string[] }>().password).toContain(
      'This password is entirely numeric.',
    );

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { email: 'carol@example.com', password: TEST_PASSWORD },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const changed = await call(user, 'PATCH', url, {
      password: 'a much better passphrase',
      current_password: TEST_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      headers: { cookie },
      payload: {},
    });
    expect(refresh.statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { email: 'carol@example.com', password: 'a much better passphrase' },
    });
    expect(relogin.statusCode).toBe(200);
  });

  it("lets staff reset another member's password without it, ending their sessions", async () => {
    const user = await makeUser(t.db, { email: 'gina@example.com' });
    const before = await authHeaders(t.app, user);
    const url = `/api/users/${user.id}/`;
    const weak = await call(staff, 'PATCH', url, { password: 'gina-gina-gina' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      password: ['This password is too similar to the email address.'],
    });
    const reset = await call(staff, 'PATCH', url, { password: 'a fresh one-time passphrase' });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me/', headers: before })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { email: 'gina@example.com', password: 'a fresh one-time passphrase' },
    });
    expect(login.statusCode).toBe(200);

    const own = await call(staff, 'PATCH', `/api/users/${staff.id}/`, {
      password: 'a fresh one-time passphrase',
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toHaveProperty('current_password');
    const byMember = await call(alice, 'PATCH', url, { password: 'a fresh one-time passphrase' });
    expect(byMember.statusCode).toBe(403);
  });

  it('refuses a staff user deactivating themselves, and lets staff reactivate others', async () => {
    const self = await call(staff, 'PATCH', `/api/users/${staff.id}/`, { is_active: false });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({
      detail: 'You cannot deactivate yourself: another staff member can.',
    });
    const me = await call(staff, 'GET', '/api/users/me/');
    expect(me.json()).toMatchObject({ is_active: true });
    expect(
      (await call(staff, 'PATCH', `/api/users/${staff.id}/`, { is_active: true })).statusCode,
    ).toBe(200);

    const user = await makeUser(t.db, { email: 'hank@example.com' });
    await call(staff, 'PATCH', `/api/users/${user.id}/`, { is_active: false });
    const back = await call(staff, 'PATCH', `/api/users/${user.id}/`, { is_active: true });
    expect(back.json()).toMatchObject({ is_active: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { email: 'hank@example.com', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('accepts back what GET /me returned, read-only and staff-only fields included', async () => {
    const me = (await call(alice, 'GET', '/api/users/me/')).json<Record<string, unknown>>();
    const put = await call(alice, 'PUT', `/api/users/${alice.id}/`, me);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(me);
    const promote = await call(alice, 'PUT', `/api/users/${alice.id}/`, { ...me, is_staff: true });
    expect(promote.statusCode).toBe(403);
  });

  it('limits guesses at the current password like sign-ins', async () => {
    const user = await makeUser(t.db, { email: 'erin@example.com' });
    const guess = (current_password: string) =>
      call(user, 'PATCH', `/api/users/${user.id}/`, {
        password: 'a much better passphrase',
        current_password,
      });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => guess(`wrong guess ${i}`)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const right = await guess(TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ends access tokens issued before a password change', async () => {
    const user = await makeUser(t.db, { email: 'frank@example.com' });
    const before = await authHeaders(t.app, user);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}/`,
      headers: before,
      payload: { password: 'a much better passphrase', current_password: TEST_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const stale = await t.app.inject({ url: '/api/users/me/', headers: before });
    expect(stale.statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { email: 'frank@example.com', password: 'a much better passphrase' },
    });
    const access = relogin.json<{ access: string }>().access;
    const fresh = await t.app.inject({
      url: '/api/users/me/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses text PostgreSQL cannot store, with a field error', async () => {
    const nul = await call(alice, 'PATCH', `/api/users/${alice.id}/`, { first_name: 'A\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ first_name: ['Null characters are not allowed.'] });
    const avatar = await call(alice, 'PATCH', `/api/users/${alice.id}/`, {
      avatar: 'https://example.com/\ud800.png',
    });
    expect(avatar.json()).toEqual({ avatar: ['Surrogate characters are not allowed: U+D800.'] });
    const search = await call(alice, 'GET', '/api/users/?search=%00');
    expect(search.json()).toEqual({ search: ['Null characters are not allowed.'] });
  });

  it('locks a deactivated user out at once', async () => {
    const user = await makeUser(t.db, { email: 'dave@example.com' });
    const headers = await authHeaders(t.app, user);
    await call(staff, 'PATCH', `/api/users/${user.id}/`, { is_active: false });
    const response = await t.app.inject({ url: '/api/users/me/', headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/users/', () => {
  it('lets staff create users', async () => {
    const response = await call(staff, 'POST', '/api/users/', {
      email: 'New.Person@Example.com',
      password: 'a long enough passphrase',
      first_name: 'New',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'new.person@example.com',
      name: 'New',
      is_staff: false,
    });
  });

  it('refuses non-staff, duplicates and weak passwords', async () => {
    const payload = { email: 'x@example.com', password: 'a long enough passphrase' };
    expect((await call(bob, 'POST', '/api/users/', payload)).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/users/', payload)).statusCode).toBe(401);
    const duplicate = await call(staff, 'POST', '/api/users/', {
      ...payload,
      email: 'BOB@example.com',
    });
    expect(duplicate.json()).toEqual({ email: ['A user with this email already exists.'] });
    const weak = await call(staff, 'POST', '/api/users/', { ...payload, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ password: string[] }>().password[0]).toMatch(/too short/);
  });
});

describe('a reset or a deactivation at the same moment as a sign-in or a refresh', () => {
  /** Signs in with the password; the session it got, if any: access token and refresh cookie. */
  async function signIn(email: string, password: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { email, password },
    });
    if (response.statusCode !== 200) return null;
    const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';
    return { access: response.json<{ access: string }>().access, cookie };
  }

  /** Whether the session still works: its access token reads /me, or its cookie refreshes. */
  async function works(session: { access: string; cookie: string }) {
    const me = await t.app.inject({
      url: '/api/users/me/',
      headers: { authorization: `Bearer ${session.access}` },
    });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/refresh/',
      payload: {},
      cookies: { [REFRESH_COOKIE]: session.cookie },
    });
    return me.statusCode === 200 || refresh.statusCode === 200;
  }

  const changes = [
    ['a staff password reset', { password: 'a fresh one-time passphrase' }],
    ['a deactivation', { is_active: false }],
  ] as const;

  it.each(changes)('%s leaves no session with the old password behind', async (_, change) => {
    for (let round = 0; round < 5; round++) {
      const user = await makeUser(t.db);
      const [session, changed] = await Promise.all([
        signIn(user.email, TEST_PASSWORD),
        call(staff, 'PATCH', `/api/users/${user.id}/`, change),
      ]);
      expect(changed.statusCode).toBe(200);
      // Signed in before the change or refused after it; never a session that outlives it.
      if (session) expect(await works(session)).toBe(false);
    }
  });

  it.each(changes)('%s at the same moment as a refresh ends the session', async (_, change) => {
    for (let round = 0; round < 5; round++) {
      const user = await makeUser(t.db);
      const session = await signIn(user.email, TEST_PASSWORD);
      if (!session) throw new Error('the sign-in was refused');
      const [refreshed, changed] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/api/auth/token/refresh/',
          payload: {},
          cookies: { [REFRESH_COOKIE]: session.cookie },
        }),
        call(staff, 'PATCH', `/api/users/${user.id}/`, change),
      ]);
      expect(changed.statusCode).toBe(200);
      expect(await works(session)).toBe(false);
      if (refreshed.statusCode === 200) {
        const cookie = refreshed.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';
        const access = refreshed.json<{ access: string }>().access;
        expect(await works({ access, cookie })).toBe(false);
      }
    }
  });
});
