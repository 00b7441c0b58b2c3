import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, authHeaders, makeUser, TEST_PASSWORD } from '../../../test/factories.js';
import { loginFailures } from '../../db/schema/auth.js';
import { personalAccessTokens } from '../../db/schema/integrations.js';
import type { UserRow } from '../../db/schema/users.js';
import { deactivateUser } from '../users/users.service.js';
import { MAX_TOKEN_FAILURES_PER_ADDRESS } from './token-attempts.js';
import { INVALID_TOKEN, MAX_ACTIVE_TOKENS } from './tokens.service.js';

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

interface NewToken {
  id: number;
  token: string;
  prefix: string;
  expires_at: string;
}

let names = 0;

/** A new token of the user's, made from a web session. */
async function newToken(user: UserRow, scope: 'read' | 'write', body: object = {}) {
  const response = await call(user, 'POST', '/api/tokens/', {
    name: `Token ${(names += 1)}`,
    scope,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<NewToken>();
}

let addresses = 0;
/** A client address of its own, so that one test's failed lookups do not throttle another's. */
const freshAddress = () => `10.9.${Math.floor((addresses += 1) / 250)}.${addresses % 250}`;

/** A request with a personal access token as its bearer credential. */
const withToken = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  remoteAddress = '127.0.0.1',
) =>
  t.app.inject({
    method,
    url,
    remoteAddress,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

const rowOf = async (id: number) => {
  const [row] = await t.db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.id, id));
  if (!row) throw new Error(`no token ${id}`);
  return row;
};

const listOf = async (user: UserRow) => {
  const response = await call(user, 'GET', '/api/tokens/');
  expect(response.statusCode).toBe(200);
  return response.json<{ count: number; results: Record<string, unknown>[] }>();
};

describe('managing personal access tokens', () => {
  it('creates a token whose secret is shown once, lists it without it, and revokes it', async () => {
    const before = Date.now();
    const created = await newToken(owner, 'read', {
      name: '  Claude desktop  ',
      expires_in_days: 7,
    });
    expect(created.token).toMatch(/^ifp_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Claude desktop',
      scope: 'read',
      prefix: created.token.slice(0, 12),
      last_used_at: null,
    });
    const expires = Date.parse(created.expires_at);
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(expires).toBeGreaterThanOrEqual(before + week);
    expect(expires).toBeLessThanOrEqual(Date.now() + week);

    const listed = (await listOf(owner)).results.find((token) => token.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Claude desktop',
      scope: 'read',
      prefix: created.prefix,
      created: expect.any(String) as string,
      expires_at: created.expires_at,
      last_used_at: null,
    });
    expect(JSON.stringify(await listOf(owner))).not.toContain(created.token.slice(12));

    expect((await call(owner, 'DELETE', `/api/tokens/${created.id}/`)).statusCode).toBe(204);
    expect((await listOf(owner)).results.map((token) => token.id)).not.toContain(created.id);
    // Revoking again changes nothing and answers the same.
    const revokedAt = (await rowOf(created.id)).revokedAt;
    expect((await call(owner, 'DELETE', `/api/tokens/${created.id}/`)).statusCode).toBe(204);
    expect((await rowOf(created.id)).revokedAt).toEqual(revokedAt);
  });

  it('stores only the SHA-256 of the secret', async () => {
    const created = await newToken(owner, 'write');
    const row = await rowOf(created.id);
    expect(row.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(row.prefix).toBe(created.token.slice(4, 12));
    expect(Object.values(row).map(String)).not.toContain(created.token);
  });

  it('checks the name, the scope and the expiry', async () => {
    const cases: [object, string][] = [
      [{ name: '   ', scope: 'read' }, 'name'],
      [{ name: 'x'.repeat(101), scope: 'read' }, 'name'],
      [{ name: 'Admin', scope: 'admin' }, 'scope'],
      [{ name: 'Soon', scope: 'read', expires_in_days: 0 }, 'expires_in_days'],
      [{ name: 'Later', scope: 'read', expires_in_days: 366 }, 'expires_in_days'],
      [{ name: 'Forever', scope: 'read', expires_in_days: null }, 'expires_in_days'],
    ];
    for (const [body, field] of cases) {
      const response = await call(owner, 'POST', '/api/tokens/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json())).toEqual([field]);
    }
  });

  it('defaults to 30 days, and refuses a second active token of the same name', async () => {
    const response = await call(owner, 'POST', '/api/tokens/', { name: 'CI', scope: 'read' });
    expect(response.statusCode).toBe(201);
    const days = (Date.parse(response.json<NewToken>().expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const again = await call(owner, 'POST', '/api/tokens/', { name: 'ci', scope: 'write' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ name: ['You already have an active token with this name.'] });
    // Another user may use the name, and so may the owner once the first is revoked.
    expect(
      (await call(other, 'POST', '/api/tokens/', { name: 'CI', scope: 'read' })).statusCode,
    ).toBe(201);
    await call(owner, 'DELETE', `/api/tokens/${response.json<NewToken>().id}/`);
    expect(
      (await call(owner, 'POST', '/api/tokens/', { name: 'CI', scope: 'read' })).statusCode,
    ).toBe(201);
  });

  it(`allows ${MAX_ACTIVE_TOKENS} active tokens; revoked and expired ones do not count`, async () => {
    const user = await makeUser(t.db);
    const rows = Array.from({ length: MAX_ACTIVE_TOKENS + 2 }, (_, i) => ({
      userId: user.id,
      name: `Bulk ${i}`,
      scope: 'read' as const,
      tokenHash: `bulk-${user.id}-${i}`,
      prefix: 'bulkbulk',
      expiresAt: new Date(Date.now() + 86_400_000),
      // One revoked, one expired: 50 active.
      revokedAt: i === 0 ? new Date() : null,
    }));
    await t.db.insert(personalAccessTokens).values(rows);
    await t.db
      .update(personalAccessTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(personalAccessTokens.tokenHash, `bulk-${user.id}-1`));
    const refused = await call(user, 'POST', '/api/tokens/', { name: 'One more', scope: 'read' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: `You have ${MAX_ACTIVE_TOKENS} active tokens, the most allowed. Revoke one first.`,
    });
    // The expired one is still listed, so its owner sees why a client stopped; the revoked is not.
    expect((await listOf(user)).count).toBe(MAX_ACTIVE_TOKENS + 1);
    const [last] = (await listOf(user)).results;
    await call(user, 'DELETE', `/api/tokens/${String(last?.id)}/`);
    expect(
      (await call(user, 'POST', '/api/tokens/', { name: 'One more', scope: 'read' })).statusCode,
    ).toBe(201);
  });

  it("answers 404 for another user's token, which keeps working", async () => {
    const theirs = await newToken(other, 'read');
    for (const actor of [owner, staff]) {
      expect((await call(actor, 'DELETE', `/api/tokens/${theirs.id}/`)).statusCode).toBe(404);
    }
    expect((await call(owner, 'DELETE', '/api/tokens/2147483647/')).statusCode).toBe(404);
    expect((await listOf(owner)).results.map((token) => token.id)).not.toContain(theirs.id);
    expect((await withToken(theirs.token, 'GET', '/api/users/me/')).statusCode).toBe(200);
  });

  it('answers 401 to anonymous requests', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/tokens/', undefined],
      ['POST', '/api/tokens/', { name: 'Anon', scope: 'read' }],
      ['DELETE', '/api/tokens/1/', undefined],
    ] as const) {
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
    }
  });
});

describe('a personal access token as the bearer credential', () => {
  it('reads as its owner, and records its last use at most once a minute', async () => {
    const { id, token } = await newToken(owner, 'read');
    const me = await withToken(token, 'GET', '/api/users/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: owner.id, email: owner.email });
    expect((await withToken(token, 'GET', '/api/brainstorms/')).statusCode).toBe(200);

    const firstUse = (await rowOf(id)).lastUsedAt;
    expect(firstUse).not.toBeNull();
    expect((await withToken(token, 'GET', '/api/users/me/')).statusCode).toBe(200);
    expect((await rowOf(id)).lastUsedAt).toEqual(firstUse);
    const listed = (await listOf(owner)).results.find((row) => row.id === id);
    expect(listed?.last_used_at).toBe(firstUse?.toISOString());

    // A minute later, the next use is recorded.
    await t.db
      .update(personalAccessTokens)
      .set({ lastUsedAt: sql`now() - interval '61 seconds'` })
      .where(eq(personalAccessTokens.id, id));
    const stale = (await rowOf(id)).lastUsedAt;
    expect((await withToken(token, 'GET', '/api/users/me/')).statusCode).toBe(200);
    expect((await rowOf(id)).lastUsedAt?.getTime()).toBeGreaterThan(stale?.getTime() ?? 0);
  });

  it('with the read scope, may not write anything, and nothing changes', async () => {
    const { token } = await newToken(owner, 'read');
    const brainstorm = await call(owner, 'POST', '/api/brainstorms/', {
      parameters: { problem: 'Fewer meetings' },
    });
    const id = brainstorm.json<{ id: number }>().id;
    const before = (await call(owner, 'GET', '/api/brainstorms/?page_size=1')).json<{
      count: number;
    }>();
    for (const [method, url, payload] of [
      ['POST', '/api/brainstorms/', { parameters: { problem: 'More meetings' } }],
      ['PATCH', `/api/brainstorms/${id}/`, { title: 'Renamed by a read token' }],
      [
        'PUT',
        `/api/users/${owner.id}/`,
        { email: owner.email, first_name: 'Read', last_name: 'Only' },
      ],
      ['DELETE', `/api/brainstorms/${id}/`, undefined],
    ] as const) {
      const response = await withToken(token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ detail: 'This token can only read.' });
    }
    const after = (await call(owner, 'GET', '/api/brainstorms/?page_size=1')).json<{
      count: number;
    }>();
    expect(after.count).toBe(before.count);
    const kept = (await call(owner, 'GET', `/api/brainstorms/${id}/`)).json<{ title: string }>();
    expect(kept.title).not.toBe('Renamed by a read token');
    const me = (await call(owner, 'GET', '/api/users/me/')).json<{ first_name: string }>();
    expect(me.first_name).not.toBe('Read');
  });

  it('with the write scope, writes as its owner', async () => {
    const { token } = await newToken(owner, 'write');
    const created = await withToken(token, 'POST', '/api/brainstorms/', {
      parameters: { problem: 'Written with a token' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ created_by: owner.id });
    const renamed = await withToken(token, 'PATCH', `/api/users/${owner.id}/`, {
      first_name: 'Tok',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ first_name: 'Tok' });
  });

  it('is refused when unknown, revoked or expired, and counts as a guess', async () => {
    const revoked = await newToken(owner, 'write');
    await call(owner, 'DELETE', `/api/tokens/${revoked.id}/`);
    const expired = await newToken(owner, 'write');
    await t.db
      .update(personalAccessTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(personalAccessTokens.id, expired.id));
    const address = freshAddress();
    for (const token of [`ifp_${'A'.repeat(43)}`, 'ifp_', revoked.token, expired.token]) {
      const response = await withToken(token, 'GET', '/api/users/me/', undefined, address);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: INVALID_TOKEN });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="api"');
    }
    const [counter] = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, `token:${address}`));
    expect(counter?.count).toBe(4);
  });

  it('is revoked when its owner is deactivated, and stays revoked when they are back', async () => {
    const user = await makeUser(t.db);
    // Its own address: a revoked token counts as a guess.
    const address = freshAddress();
    const { id, token } = await newToken(user, 'write');
    const earlier = await newToken(user, 'read');
    expect((await call(user, 'DELETE', `/api/tokens/${earlier.id}/`)).statusCode).toBe(204);
    const { revokedAt: revokedEarlier } = await rowOf(earlier.id);
    expect((await withToken(token, 'GET', '/api/users/me/', undefined, address)).statusCode).toBe(
      200,
    );

    const off = await call(staff, 'PATCH', `/api/users/${user.id}/`, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect((await rowOf(id)).revokedAt).not.toBeNull();
    expect((await rowOf(earlier.id)).revokedAt).toEqual(revokedEarlier);
    const refused = await withToken(token, 'GET', '/api/users/me/', undefined, address);
    expect(refused.statusCode).toBe(401);

    const on = await call(staff, 'PATCH', `/api/users/${user.id}/`, { is_active: true });
    expect(on.statusCode).toBe(200);
    const back = await withToken(token, 'GET', '/api/users/me/', undefined, address);
    expect(back.statusCode).toBe(401);
    expect(back.json()).toEqual({ detail: INVALID_TOKEN });
    expect(await listOf(user)).toMatchObject({ count: 0 });
  });

  it('is revoked when its owner is deactivated from the command line', async () => {
    const user = await makeUser(t.db);
    const address = freshAddress();
    const { id, token } = await newToken(user, 'read');
    await deactivateUser(t.db, user.email);
    expect((await rowOf(id)).revokedAt).not.toBeNull();
    await call(staff, 'PATCH', `/api/users/${user.id}/`, { is_active: true });
    expect((await withToken(token, 'GET', '/api/users/me/', undefined, address)).statusCode).toBe(
      401,
    );
  });

  it('survives a password change, which ends only the web sessions', async () => {
    const user = await makeUser(t.db);
    const { token } = await newToken(user, 'read');
    const changed = await call(user, 'PATCH', `/api/users/${user.id}/`, {
      current_password: TEST_PASSWORD,
      password: 'another long passphrase 7',
    });
    expect(changed.statusCode).toBe(200);
    expect((await withToken(token, 'GET', '/api/users/me/')).statusCode).toBe(200);
  });

  it('cannot mint credentials: no tokens, passwords, new users or ending sessions', async () => {
    const { id, token } = await newToken(staff, 'write');
    const refusals = [
      ['GET', '/api/tokens/', undefined],
      ['POST', '/api/tokens/', { name: 'Minted', scope: 'write' }],
      ['DELETE', `/api/tokens/${id}/`, undefined],
      [
        'PATCH',
        `/api/users/${staff.id}/`,
        { current_password: TEST_PASSWORD, password: 'a whole new passphrase' },
      ],
      ['PATCH', `/api/users/${other.id}/`, { password: 'a reset passphrase 99' }],
      [
        'PUT',
        `/api/users/${staff.id}/`,
        { email: staff.email, first_name: 'S', last_name: 'T', password: 'a whole new passphrase' },
      ],
      ['POST', '/api/users/', { email: 'minted@example.com', password: 'a long passphrase 42' }],
      ['POST', '/api/auth/sessions/end-others/', {}],
    ] as const;
    for (const [method, url, payload] of refusals) {
      const response = await withToken(token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({
        detail: 'A personal access token cannot do this: sign in to the web app.',
      });
    }
    // Nothing changed: both passwords still sign in, the token is not revoked, nobody was made.
    for (const user of [staff, other]) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token/',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
    }
    expect((await rowOf(id)).revokedAt).toBeNull();
    const users = (await call(staff, 'GET', '/api/users/?search=minted')).json<{ count: number }>();
    expect(users.count).toBe(0);
    // A refresh reads only its cookie: a token sent along signs nobody in.
    const refresh = await withToken(token, 'POST', '/api/auth/token/refresh/', {});
    expect(refresh.json()).toEqual({ access: null, user: null });
  });
});

describe('guessing tokens', () => {
  /** Uses up the address's guesses for the window. */
  async function guessAllFrom(address: string) {
    for (let i = 0; i < MAX_TOKEN_FAILURES_PER_ADDRESS; i++) {
      const guess = `ifp_guess${String(i).padStart(39, '0')}`;
      expect((await withToken(guess, 'GET', '/api/users/me/', undefined, address)).statusCode).toBe(
        401,
      );
    }
  }

  /** An MCP tool call with the token: the transport's request, and the REST call behind it. */
  const mcpCall = (token: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mcp/',
      remoteAddress,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_brainstorms', arguments: {} },
      },
    });

  it(`refuses an address's invalid tokens after ${MAX_TOKEN_FAILURES_PER_ADDRESS} failures, and takes its valid ones`, async () => {
    const { token } = await newToken(owner, 'read');
    const address = freshAddress();
    await guessAllFrom(address);
    const throttled = await withToken('ifp_one_more', 'GET', '/api/users/me/', undefined, address);
    expect(throttled.statusCode).toBe(429);
    const wait = Number(throttled.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(300);
    expect(throttled.json()).toEqual({
      detail: `Too many invalid tokens. Try again in ${wait} seconds.`,
    });
    // A valid token from that address works.
    const valid = await withToken(token, 'GET', '/api/users/me/', undefined, address);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toMatchObject({ id: owner.id });
    // Web sessions from the throttled address are not token guesses.
    const session = await t.app.inject({
      url: '/api/users/me/',
      remoteAddress: address,
      headers: await authHeaders(t.app, owner),
    });
    expect(session.statusCode).toBe(200);
  });

  it('takes MCP calls with a valid token from an address past its guesses', async () => {
    const { token } = await newToken(owner, 'read');
    const address = freshAddress();
    await guessAllFrom(address);
    const tool = await mcpCall(token, address);
    expect(tool.statusCode, tool.body).toBe(200);
    // The tool's own REST call, from the same address, succeeded too.
    expect(tool.json()).toMatchObject({ result: { structuredContent: { page: 1 } } });
    expect(tool.json()).not.toHaveProperty('result.isError');
    expect(
      (await mcpCall('ifp_not_a_token', address)).statusCode,
      'an invalid one on the MCP server',
    ).toBe(429);
  });

  it('starts a new window once the last one has ended', async () => {
    const address = freshAddress();
    await guessAllFrom(address);
    const guess = () => withToken('ifp_again', 'GET', '/api/users/me/', undefined, address);
    expect((await guess()).statusCode).toBe(429);
    await t.db
      .update(loginFailures)
      .set({ windowStart: sql`now() - interval '301 seconds'` })
      .where(eq(loginFailures.key, `token:${address}`));
    expect((await guess()).statusCode).toBe(401);
  });
});
