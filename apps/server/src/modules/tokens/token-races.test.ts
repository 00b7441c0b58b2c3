import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { rowsOf } from '../../db/rows.js';
import { personalAccessTokens } from '../../db/schema/integrations.js';
import { projects } from '../../db/schema/projects.js';
import type { UserRow } from '../../db/schema/users.js';
import { MAX_ACTIVE_TOKENS } from './tokens.service.js';

// On PostgreSQL, where requests really run at once (the embedded database serialises them).
const ROUNDS = 5;

let t: TestApp;
let call: ReturnType<typeof apiAs>;

beforeAll(async () => {
  t = await createTestApp();
  call = apiAs(t.app);
});
afterAll(() => t.close());

const create = (user: UserRow, name: string) =>
  call(user, 'POST', '/api/tokens/', { name, scope: 'write' });

async function activeTokens(user: UserRow): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(personalAccessTokens)
    .where(
      and(
        eq(personalAccessTokens.userId, user.id),
        isNull(personalAccessTokens.revokedAt),
        gt(personalAccessTokens.expiresAt, new Date()),
      ),
    );
  return row?.n ?? 0;
}

/** Waits until `n` of this database's sessions wait for a lock. */
async function untilWaiting(n: number) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    );
    if ((row?.n ?? 0) >= n) return;
    if (Date.now() > deadline) throw new Error(`fewer than ${n} sessions wait for a lock`);
    await sleep(10);
  }
}

describe.runIf(process.env.TEST_DB === 'postgres')('tokens under concurrency', () => {
  it('a token asked for while its owner is being deactivated is refused, not left to come back', async () => {
    const user = await makeUser(t.db);
    const staff = await makeUser(t.db, { is_staff: true });
    // Another transaction holds the user's row, so that both requests queue behind it in order.
    let letGo = (): void => undefined;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    let isHeld = (): void => undefined;
    const held = new Promise<void>((resolve) => (isHeld = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${user.id} for no key update`);
      isHeld();
      await released;
    });
    await held;
    const deactivation = call(staff, 'PATCH', `/api/users/${user.id}/`, { is_active: false });
    await untilWaiting(1);
    // Signed in still: the deactivation has not committed.
    const creation = create(user, 'Made meanwhile');
    await untilWaiting(2);
    letGo();
    await holder;
    expect((await deactivation).statusCode).toBe(200);
    const created = await creation;
    expect(created.statusCode, created.body).toBe(401);
    expect(created.json()).toEqual({ detail: 'User not found or inactive' });
    const back = await call(staff, 'PATCH', `/api/users/${user.id}/`, { is_active: true });
    expect(back.statusCode).toBe(200);
    expect(await activeTokens(user)).toBe(0);
  });

  it('parallel creations never pass the cap', async () => {
    const user = await makeUser(t.db);
    const rows = Array.from({ length: MAX_ACTIVE_TOKENS - 3 }, (_, i) => ({
      userId: user.id,
      name: `Existing ${i}`,
      scope: 'read' as const,
      tokenHash: `existing-${user.id}-${i}`,
      prefix: 'existing',
      expiresAt: new Date(Date.now() + 86_400_000),
    }));
    await t.db.insert(personalAccessTokens).values(rows);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(user, `Parallel ${i}`)),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await activeTokens(user)).toBe(MAX_ACTIVE_TOKENS);
  });

  it('parallel creations of one name make one token', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await makeUser(t.db);
      const responses = await Promise.all(Array.from({ length: 6 }, () => create(user, 'Same')));
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 400, 400, 400, 400, 400]);
      expect(await activeTokens(user)).toBe(1);
    }
  });

  it('a revoke while the token is in use: no request that starts after it succeeds', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await makeUser(t.db);
      const created = await create(user, 'In use');
      const { id, token } = created.json<{ id: number; token: string }>();
      const log: { started: number; status: number; wrote: boolean }[] = [];
      let revokedAt = Number.POSITIVE_INFINITY;
      let successes = 0;

      /** Reads and writes with the token until it is refused a few times in a row (or gives up). */
      const client = async (lane: number) => {
        let refusals = 0;
        for (let i = 0; refusals < 3 && i < 500; i++) {
          const write = (lane + i) % 2 === 0;
          const started = performance.now();
          const response = await t.app.inject({
            method: write ? 'POST' : 'GET',
            url: write ? '/api/projects/' : '/api/users/me/',
            headers: { authorization: `Bearer ${token}` },
            // An address per round: the refusals count as guesses (4 lanes × 3 stay under 20).
            remoteAddress: `10.7.0.${round + 1}`,
            ...(write ? { payload: { name: `Lane ${lane}` } } : {}),
          });
          log.push({ started, status: response.statusCode, wrote: write });
          if (response.statusCode < 300) successes += 1;
          refusals = response.statusCode >= 400 ? refusals + 1 : 0;
        }
      };
      const revoke = async () => {
        // Revoke once the clients are well under way.
        while (successes < 12) await new Promise((resolve) => setImmediate(resolve));
        const response = await call(user, 'DELETE', `/api/tokens/${id}/`);
        expect(response.statusCode).toBe(204);
        revokedAt = performance.now();
      };
      await Promise.all([client(0), client(1), client(2), client(3), revoke()]);

      const after = log.filter((entry) => entry.started > revokedAt);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((entry) => entry.status === 401)).toBe(true);
      expect(log.some((entry) => entry.started < revokedAt && entry.status < 300)).toBe(true);
      // Every project stored was answered 201: none was written by a refused request.
      const [stored] = await t.db
        .select({ n: count() })
        .from(projects)
        .where(eq(projects.createdBy, user.id));
      expect(stored?.n).toBe(log.filter((entry) => entry.wrote && entry.status === 201).length);
    }
  });
});
