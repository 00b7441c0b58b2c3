import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import { makeUser, TEST_PASSWORD } from '../../../test/factories.js';
import { loginFailures } from '../../db/schema/auth.js';
import type { UserRow } from '../../db/schema/users.js';
import {
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_EMAIL,
  MAX_FAILURES_PER_EMAIL_AND_ADDRESS,
} from '../users/password-attempts.js';
import { REFRESH_COOKIE } from './auth.routes.js';

let t: TestApp;
let user: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t.db, {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
  });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    payload: { email, password },
    remoteAddress,
  });

interface Cookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  sameSite?: string;
  secure?: boolean;
}

function refreshCookieOf(response: { cookies: Cookie[] }) {
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE);
  if (!cookie) throw new Error('no refresh cookie set');
  return cookie;
}

const refresh = (token: string | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token/refresh/',
    payload: {},
    headers: {
      ...(token ? { cookie: `${REFRESH_COOKIE}=${token}` } : {}),
      ...headers,
    },
  });

const me = (access: string) =>
  t.app.inject({ url: '/api/users/me/', headers: { authorization: `Bearer ${access}` } });

describe('POST /api/auth/token/', () => {
  it('signs in with the right password, case-insensitively on the email', async () => {
    const response = await login('ADA@Example.com', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ access: string; user: { email: string; name: string } }>();
    expect(body.user).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' });
    expect(body).not.toHaveProperty('refresh');
    expect((await me(body.access)).json()).toMatchObject({ id: user.id });

    const cookie = refreshCookieOf(response);
    expect(cookie).toMatchObject({ path: '/api/auth/', httpOnly: true, sameSite: 'Strict' });
    expect(cookie.secure).toBeUndefined();
  });

  it('marks the cookie Secure when served over https', async () => {
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      await makeUser(proxied.db, { email: 'secure@example.com' });
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/token/',
        payload: { email: 'secure@example.com', password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(refreshCookieOf(response).secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const wrong = await login('ada@example.com', 'not the password', '10.0.1.1');
    const unknown = await login('nobody@example.com', TEST_PASSWORD, '10.0.1.1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: 'No active account found with the given credentials',
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('refuses an inactive user', async () => {
    const inactive = await makeUser(t.db, { email: 'gone@example.com' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${inactive.id}/`,
      headers: {
        authorization: `Bearer ${await t.app.tokens.sign(await makeUser(t.db, { is_staff: true }))}`,
      },
      payload: { is_active: false },
    });
    expect((await login('gone@example.com', TEST_PASSWORD, '10.0.2.1')).statusCode).toBe(401);
  });

  it('answers 400 with field errors for a bad body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { email: '' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<Record<string, string[]>>();
    expect(Object.keys(body).sort()).toEqual(['email', 'password']);
    expect(body.password).toEqual(['This field is required.']);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/^JSON parse error - /);
  });

  it('refuses the guessing address after 5 wrong passwords, not the victim elsewhere', async () => {
    const victim = await makeUser(t.db, { email: 'victim@example.com' });
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
      expect((await login(victim.email, 'guess', '10.1.0.1')).statusCode).toBe(401);
    }
    const blocked = await login(victim.email, TEST_PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ detail: string }>().detail).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/,
    );
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);

    // The victim, from their own address, signs in; the guesser stays refused.
    expect((await login('VICTIM@example.com', TEST_PASSWORD, '10.1.1.1')).statusCode).toBe(200);
    expect((await login(victim.email, 'guess', '10.1.0.1')).statusCode).toBe(429);
    // The guessing address may still sign in to other accounts.
    expect((await login('ada@example.com', TEST_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('does not count guesses the guessing address was refused against the email', async () => {
    const victim = await makeUser(t.db, { email: 'hammered@example.com' });
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL + 5; i++) {
      await login(victim.email, 'guess', '10.1.2.1');
    }
    expect((await login(victim.email, TEST_PASSWORD, '10.1.2.2')).statusCode).toBe(200);
  });

  it('refuses an email guessed at from many addresses, until its window ends', async () => {
    const victim = await makeUser(t.db, { email: 'distributed@example.com' });
    const addresses = MAX_FAILURES_PER_EMAIL / MAX_FAILURES_PER_EMAIL_AND_ADDRESS;
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
        expect((await login(victim.email, 'guess', `10.1.3.${a + 1}`)).statusCode).toBe(401);
      }
    }
    const blocked = await login(victim.email, TEST_PASSWORD, '10.1.4.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(300);
    // The refusal did not cost the victim's address its own allowance.
    await t.db
      .update(loginFailures)
      .set({ windowStart: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(loginFailures.key, 'email:distributed@example.com'));
    const [pair] = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, 'pair:10.1.4.1|distributed@example.com'));
    expect(pair?.count).toBe(0);
    expect((await login(victim.email, TEST_PASSWORD, '10.1.4.1')).statusCode).toBe(200);
  });

  it('keeps the email ceiling when the victim signs in, giving back only that attempt', async () => {
    const victim = await makeUser(t.db, { email: 'ceiling@example.com' });
    for (let i = 0; i < 3; i++) await login(victim.email, 'guess', `10.1.5.${i + 1}`);
    expect((await login(victim.email, TEST_PASSWORD, '10.1.6.1')).statusCode).toBe(200);
    const [ceiling] = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, 'email:ceiling@example.com'));
    expect(ceiling?.count).toBe(3);
  });

  it('forgets failure counters whose window ended long ago', async () => {
    await t.db.insert(loginFailures).values({
      key: 'email:old@example.com',
      count: 3,
      windowStart: new Date(Date.now() - 60 * 60 * 1000),
    });
    expect((await login('ada@example.com', TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    const left = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, 'email:old@example.com'));
    expect(left).toEqual([]);
  });

  it('rate-limits repeated failures from one address across emails', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await login(`someone${i}@example.com`, 'guess', '10.2.0.1')).statusCode;
    }
    expect(last).toBe(429);
    expect((await login('ada@example.com', TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await login('ada@example.com', TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('sign-in limits under parallel requests', () => {
  const statuses = async (requests: Promise<{ statusCode: number }>[]) =>
    (await Promise.all(requests)).map((r) => r.statusCode).sort();

  it('lets exactly 5 wrong passwords for one email from one address through when 12 arrive at once', async () => {
    const target = await makeUser(t.db, { email: 'parallel@example.com' });
    const answers = await statuses(
      Array.from({ length: 12 }, (_, i) => login(target.email, `guess ${i}`, '10.4.0.1')),
    );
    expect(answers).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
  });

  it('lets exactly 50 wrong passwords for one email through when 60 arrive at once from 15 addresses', async () => {
    const target = await makeUser(t.db, { email: 'swarm@example.com' });
    const answers = await statuses(
      Array.from({ length: 60 }, (_, i) => login(target.email, `guess ${i}`, `10.4.1.${i % 15}`)),
    );
    expect(answers).toEqual([...Array<number>(50).fill(401), ...Array<number>(10).fill(429)]);
  });

  it('lets exactly 30 wrong passwords from one address through when 40 arrive at once', async () => {
    const answers = await statuses(
      Array.from({ length: 40 }, (_, i) => login(`crowd${i}@example.com`, 'guess', '10.5.0.1')),
    );
    expect(answers).toEqual([...Array<number>(30).fill(401), ...Array<number>(10).fill(429)]);
  });

  it('lets every right password through when 8 arrive at once for one email from one address', async () => {
    const target = await makeUser(t.db, { email: 'eight@example.com' });
    const answers = await statuses(
      Array.from({ length: 8 }, () => login(target.email, TEST_PASSWORD, '10.4.2.1')),
    );
    expect(answers).toEqual(Array<number>(8).fill(200));
  });

  it('judges all of 4 right and 4 wrong passwords arriving at once, the limit being 5', async () => {
    const target = await makeUser(t.db, { email: 'mixed@example.com' });
    const passwords = Array.from({ length: 8 }, (_, i) => (i % 2 ? `guess ${i}` : TEST_PASSWORD));
    const answers = await Promise.all(
      passwords.map(async (password) => {
        const response = await login(target.email, password, '10.4.3.1');
        return `${password === TEST_PASSWORD ? 'right' : 'wrong'} ${response.statusCode}`;
      }),
    );
    expect(answers.sort()).toEqual([
      ...Array<string>(4).fill('right 200'),
      ...Array<string>(4).fill('wrong 401'),
    ]);
  });

  it('gives an address its attempt back on a right password', async () => {
    for (let i = 0; i <= MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await login('ada@example.com', TEST_PASSWORD, '10.6.0.1')).statusCode).toBe(200);
    }
  });

  it('believes only the configured proxy about the client address', async () => {
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      // Each request claims another address on the left; our proxy appends the real one.
      const guess = (i: number) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/token/',
          payload: { email: `spoof${i}@example.com`, password: 'guess' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `203.0.113.${i}, 10.7.0.1` },
        });
      for (let i = 0; i < 30; i++) expect((await guess(i)).statusCode).toBe(401);
      expect((await guess(30)).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('POST /api/auth/token/refresh/', () => {
  it('ends the family when one token is presented twice at the same moment', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const token = refreshCookieOf(await login('ada@example.com', TEST_PASSWORD)).value;
      const [a, b] = await Promise.all([refresh(token), refresh(token)]);
      const winners = [a, b].filter((r) => r.statusCode === 200);
      expect(winners.length).toBeLessThanOrEqual(1);
      for (const winner of winners) {
        // The replay revoked the family, the winner's new token with it.
        expect((await refresh(refreshCookieOf(winner).value)).statusCode).toBe(401);
      }
    }
  });

  it('answers with Cache-Control: no-store, refusals included', async () => {
    const signIn = await login('ada@example.com', TEST_PASSWORD);
    const renewed = await refresh(refreshCookieOf(signIn).value);
    const refused = await refresh('not-a-token');
    for (const response of [signIn, renewed, refused]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('rotates the refresh token on every use', async () => {
    const first = refreshCookieOf(await login('ada@example.com', TEST_PASSWORD)).value;
    const response = await refresh(first);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ access: string; user: { id: number } }>();
    expect(body.user.id).toBe(user.id);
    expect((await me(body.access)).statusCode).toBe(200);
    const second = refreshCookieOf(response).value;
    expect(second).not.toBe(first);
    expect((await refresh(second)).statusCode).toBe(200);
  });

  it('revokes the whole family when an old token is replayed', async () => {
    const first = refreshCookieOf(await login('ada@example.com', TEST_PASSWORD)).value;
    const second = refreshCookieOf(await refresh(first)).value;

    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: 'Token is invalid or expired' });
    // The legitimate holder's newer token died with it.
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('answers 200 without an access token when there is no cookie: nobody is signed in', async () => {
    const missing = await refresh(undefined);
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ access: null, user: null });
    expect(missing.headers['set-cookie']).toBeUndefined();
  });

  it('answers 401 with an unknown token, and clears the cookie', async () => {
    const unknown = await refresh('not-a-token');
    expect(unknown.statusCode).toBe(401);
    expect(refreshCookieOf(unknown).value).toBe('');
  });

  it('refuses cross-site requests', async () => {
    const token = refreshCookieOf(await login('ada@example.com', TEST_PASSWORD)).value;
    const bySite = await refresh(token, { 'sec-fetch-site': 'cross-site' });
    expect(bySite.statusCode).toBe(403);
    const byOrigin = await refresh(token, {
      origin: 'https://evil.example',
      host: 'localhost:3000',
    });
    expect(byOrigin.statusCode).toBe(403);
    // The refused requests did not use the token up.
    const sameOrigin = await refresh(token, {
      origin: 'http://localhost:3000',
      host: 'localhost:3000',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout/', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const token = refreshCookieOf(await login('ada@example.com', TEST_PASSWORD)).value;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { cookie: `${REFRESH_COOKIE}=${token}` },
    });
    expect(response.statusCode).toBe(204);
    expect(refreshCookieOf(response)).toMatchObject({ value: '', path: '/api/auth/' });
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('clears the cookie with the attributes it was set with, over http and https', async () => {
    const proxied = await createTestApp({ trustProxy: 1 });
    const attributes = ({ path, httpOnly, sameSite, secure }: Cookie) => ({
      path,
      httpOnly,
      sameSite,
      secure,
    });
    try {
      await makeUser(proxied.db, { email: 'clear@example.com' });
      for (const proto of ['http', 'https']) {
        const headers = { 'x-forwarded-proto': proto };
        const set = refreshCookieOf(
          await proxied.app.inject({
            method: 'POST',
            url: '/api/auth/token/',
            payload: { email: 'clear@example.com', password: TEST_PASSWORD },
            headers,
          }),
        );
        const withCookie = { ...headers, cookie: `${REFRESH_COOKIE}=${set.value}` };
        const logout = await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/logout/',
          headers: withCookie,
        });
        expect(attributes(refreshCookieOf(logout)), proto).toEqual(attributes(set));
        // A refresh refused clears the cookie too.
        const refused = await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/token/refresh/',
          payload: {},
          headers: withCookie,
        });
        expect(refused.statusCode).toBe(401);
        expect(attributes(refreshCookieOf(refused)), proto).toEqual(attributes(set));
      }
    } finally {
      await proxied.close();
    }
  });

  it('refuses cross-site requests', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('access tokens', () => {
  const key = new TextEncoder().encode(testConfig.jwtSecret);
  const claims = (overrides: Record<string, unknown> = {}) =>
    new SignJWT({ token_type: 'access', ver: user.sessionVersion, ...overrides })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer('ideaforge')
      .setAudience('ideaforge-api');

  const expectRejected = async (access: string) => {
    const response = await me(access);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Given token not valid for any token type' });
    expect(response.headers['www-authenticate']).toBe('Bearer realm="api"');
  };

  it('accepts a well-formed token', async () => {
    const token = await claims().setIssuedAt().setExpirationTime('5m').sign(key);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('rejects an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRejected(
      await claims()
        .setIssuedAt(now - 600)
        .setExpirationTime(now - 300)
        .sign(key),
    );
  });

  it("rejects 'alg: none'", async () => {
    const unsecured = new UnsecuredJWT({ token_type: 'access', ver: user.sessionVersion })
      .setSubject(String(user.id))
      .setIssuer('ideaforge')
      .setAudience('ideaforge-api')
      .setExpirationTime('5m')
      .encode();
    await expectRejected(unsecured);
  });

  it('rejects a token without a session version', async () => {
    await expectRejected(await claims({ ver: undefined }).setExpirationTime('5m').sign(key));
  });

  it('rejects a token of another type', async () => {
    await expectRejected(await claims({ token_type: 'refresh' }).setExpirationTime('5m').sign(key));
  });

  it('rejects a token signed with another secret', async () => {
    const other = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256');
    await expectRejected(await claims().setExpirationTime('5m').sign(other));
  });

  it('asks for credentials when none are sent', async () => {
    const response = await t.app.inject({ url: '/api/users/me/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});
