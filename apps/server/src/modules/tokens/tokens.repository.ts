import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  personalAccessTokens as tokens,
  type PersonalAccessTokenRow,
} from '../../db/schema/integrations.js';
import { users, type UserRow } from '../../db/schema/users.js';

/** Neither revoked nor past its expiry, by the database's clock. */
const usable = and(
  isNull(tokens.revokedAt),
  or(isNull(tokens.expiresAt), gt(tokens.expiresAt, sql`now()`)),
);

/** The user's tokens that are not revoked (expired ones included, newest first). */
export async function listTokens(
  db: Db,
  params: { userId: number; limit: number; offset: number },
): Promise<{ count: number; rows: PersonalAccessTokenRow[] }> {
  const where = and(eq(tokens.userId, params.userId), isNull(tokens.revokedAt));
  const [total] = await db.select({ value: count() }).from(tokens).where(where);
  const rows = await db
    .select()
    .from(tokens)
    .where(where)
    .orderBy(desc(tokens.created), desc(tokens.id))
    .limit(params.limit)
    .offset(params.offset);
  return { count: total?.value ?? 0, rows };
}

/**
 * Holds the user's row until the transaction ends, so that their token creations happen one
 * after the other and each counts the ones before it, and a deactivation (which revokes their
 * tokens) happens wholly before or after. Answers whether the user is active. `no key update`
 * leaves other tables' references to the user (a new idea's creator) free.
 */
export async function lockUser(tx: Db, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row?.isActive === true;
}

/** The names of the user's usable tokens, in lower case. */
export async function usableTokenNames(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: sql<string>`lower(${tokens.name})` })
    .from(tokens)
    .where(and(eq(tokens.userId, userId), usable));
  return rows.map((row) => row.name);
}

export async function insertToken(
  db: Db,
  values: Pick<
    PersonalAccessTokenRow,
    'userId' | 'name' | 'scope' | 'tokenHash' | 'prefix' | 'expiresAt'
  >,
): Promise<PersonalAccessTokenRow> {
  const [row] = await db.insert(tokens).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Revokes the user's token (keeping the first moment); false when they have no such token. */
export async function revokeToken(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(tokens)
    .set({ revokedAt: sql`coalesce(${tokens.revokedAt}, now())` })
    .where(and(eq(tokens.id, id), eq(tokens.userId, userId)))
    .returning({ id: tokens.id });
  return rows.length > 0;
}

/**
 * A usable token with this hash, its owner as they are now, and how long it has left by the
 * database's clock (ms; null for never expiring); null for none.
 */
export async function findUsableToken(
  db: Db,
  tokenHash: string,
): Promise<{ token: PersonalAccessTokenRow; user: UserRow; msLeft: number | null } | null> {
  const [row] = await db
    .select({
      token: tokens,
      user: users,
      msLeft: sql<number | null>`(extract(epoch from ${tokens.expiresAt} - now()) * 1000)::float8`,
    })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(and(eq(tokens.tokenHash, tokenHash), usable));
  return row ?? null;
}

/** Whether the token is usable and its owner active, now. */
export async function isTokenUsable(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: tokens.id })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(and(eq(tokens.id, id), usable, eq(users.isActive, true)));
  return rows.length > 0;
}

/** Records a use, unless one was recorded less than a minute ago. */
export async function touchToken(db: Db, id: number): Promise<void> {
  await db
    .update(tokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(tokens.id, id),
        or(isNull(tokens.lastUsedAt), sql`${tokens.lastUsedAt} < now() - interval '1 minute'`),
      ),
    );
}
