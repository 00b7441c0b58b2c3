import { and, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/auth.js';
import { personalAccessTokens } from '../../db/schema/integrations.js';
import { users, type NewUserRow, type UserRow } from '../../db/schema/users.js';
import { orderBy, type Ordering } from '../../lib/ordering.js';
import { searchCondition } from '../../lib/search.js';

export const USER_ORDERING_FIELDS = ['id', 'email', 'first_name', 'last_name', 'created'] as const;
export type UserOrderingField = (typeof USER_ORDERING_FIELDS)[number];

const orderColumns: Record<UserOrderingField, SQL | AnyPgColumn> = {
  id: users.id,
  email: sql`lower(${users.email})`,
  first_name: users.firstName,
  last_name: users.lastName,
  created: users.created,
};

type UserChangeListener = (id: number) => void;
const changeListeners = new Set<UserChangeListener>();

/**
 * Calls `listener` with a user's id after each change to the user's row made here, as soon as
 * its statement returns (the user cache forgets the row; decision 036). Returns the unsubscribe.
 */
export function onUserChanged(listener: UserChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

const announceChange = (id: number) => {
  for (const listener of changeListeners) listener(id);
};

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function listUsers(
  db: Db,
  params: {
    search?: string | undefined;
    ordering: Ordering<UserOrderingField>;
    limit: number;
    offset: number;
  },
): Promise<{ count: number; rows: UserRow[] }> {
  const where = searchCondition(params.search, [users.email, users.firstName, users.lastName]);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...orderBy(params.ordering, orderColumns, users.id))
    .limit(params.limit)
    .offset(params.offset);
  return { count: total?.value ?? 0, rows };
}

export async function countUsers(db: Db): Promise<number> {
  const [total] = await db.select({ value: count() }).from(users);
  return total?.value ?? 0;
}

/** Inserts a user; returns null when the email is already taken. */
export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Writes only the given columns. `endSessions` also invalidates every access token issued and
 * revokes every refresh token but those of `keepFamily`; `revokePersonalTokens` revokes the
 * user's personal access tokens. The user's row is changed first, in the same transaction: a
 * sign-in or refresh issuing a token holds that row shared (auth.sessions.ts), and a token's
 * creation holds it too (tokens.repository.ts), until its token is stored, so the revocations,
 * statements of their own after the row's lock, see every token issued before.
 *
 * With `passwordWas` (the hash a password change checked the current password against), the row
 * changes only if its password is still that one: of two changes checked against the same
 * password at once, the second finds it changed and writes nothing (null, as for no user).
 */
export async function updateUser(
  db: Db,
  id: number,
  values: Partial<NewUserRow>,
  {
    endSessions = false,
    keepFamily = null as string | null,
    revokePersonalTokens = false,
    passwordWas = null as string | null,
  } = {},
): Promise<UserRow | null> {
  const change = (tx: Db) =>
    tx
      .update(users)
      .set({
        ...values,
        modified: new Date(),
        ...(endSessions ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
      })
      .where(
        and(eq(users.id, id), passwordWas === null ? undefined : eq(users.password, passwordWas)),
      )
      .returning();
  if (!endSessions && !revokePersonalTokens) {
    const [row] = await change(db);
    announceChange(id);
    return row ?? null;
  }
  const updated = await db.transaction(async (tx) => {
    const [row] = await change(tx);
    if (!row) return null;
    if (endSessions) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(refreshTokens.userId, id),
            isNull(refreshTokens.revokedAt),
            keepFamily === null ? undefined : ne(refreshTokens.family, keepFamily),
          ),
        );
    }
    if (revokePersonalTokens) {
      await tx
        .update(personalAccessTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(personalAccessTokens.userId, id), isNull(personalAccessTokens.revokedAt)));
    }
    return row;
  });
  announceChange(id);
  return updated;
}
