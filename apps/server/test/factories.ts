import type { App } from '../src/app.js';
import type { Db } from '../src/db/client.js';
import type { UserRow } from '../src/db/schema/users.js';
import { ideas } from '../src/db/schema/ideas.js';
import { createUser, findUserById } from '../src/modules/users/users.service.js';

let sequence = 0;

export const TEST_PASSWORD = 'correct horse battery staple';

export async function makeUser(
  db: Db,
  overrides: Partial<{
    email: string;
    first_name: string;
    last_name: string;
    is_staff: boolean;
  }> = {},
): Promise<UserRow> {
  sequence += 1;
  return createUser(db, {
    email: overrides.email ?? `user${sequence}@example.com`,
    password: TEST_PASSWORD,
    first_name: overrides.first_name ?? 'Test',
    last_name: overrides.last_name ?? `User${sequence}`,
    is_staff: overrides.is_staff ?? false,
  });
}

/**
 * Authorization headers for a user as they are now, with a freshly signed access token: a
 * password change in an earlier test does not leave later requests with a stale session.
 */
export async function authHeaders(app: App, user: UserRow) {
  const current = (await findUserById(app.db, user.id)) ?? user;
  return { authorization: `Bearer ${await app.tokens.sign(current)}` };
}

export async function addIdeas(db: Db, brainstormId: number, count: number): Promise<void> {
  if (count === 0) return;
  await db
    .insert(ideas)
    .values(Array.from({ length: count }, (_, i) => ({ brainstormId, title: `Idea ${i + 1}` })));
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request helper: as the given user (or anonymous, with null), with an optional JSON body. */
export function apiAs(app: App) {
  return async (user: UserRow | null, method: Method, url: string, payload?: object) => {
    const headers = user ? await authHeaders(app, user) : {};
    return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  };
}
