import { and, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/auth.js';
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
 * The user's refresh tokens revoked, but those of `keepFamily`, as the CTE of the statement that
 * changes the user.
 */
const revokingRefreshTokens = (db: Db, userId: number, keepFamily: string | null) =>
  db.$with('revoked').as(
    db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          keepFamily === null ? undefined : ne(refreshTokens.family, keepFamily),
        ),
      )
      .returning({ id: refreshTokens.id }),
  );

/**
 * Writes only the given columns. `endSessions` also invalidates every access token issued and
 * revokes every refresh token but those of `keepFamily`, in the same statement.
 */
export async function updateUser(
  db: Db,
  id: number,
  values: Partial<NewUserRow>,
  { endSessions = false, keepFamily = null as string | null } = {},
): Promise<UserRow | null> {
  const update = endSessions
    ? db.with(revokingRefreshTokens(db, id, keepFamily)).update(users)
    : db.update(users);
  const [row] = await update
    .set({
      ...values,
      modified: new Date(),
      ...(endSessions ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}
