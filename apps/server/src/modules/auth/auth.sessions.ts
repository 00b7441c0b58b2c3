import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/auth.js';
import { users, type UserRow } from '../../db/schema/users.js';

export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Who a token is issued to: the user, at the session version their credentials were checked at. */
export interface TokenHolder {
  id: number;
  sessionVersion: number;
}

/**
 * Holds the user's row shared until the transaction ends, if they are active and their sessions
 * have not ended since `sessionVersion` (a password change, a reset, a deactivation): ending them
 * changes the row first, so it waits for a token being issued here, and then revokes it too
 * (users.repository.ts `updateUser`). The user's row as held, or null.
 */
async function holdUser(tx: Db, { id, sessionVersion }: TokenHolder): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(
      and(eq(users.id, id), eq(users.sessionVersion, sessionVersion), eq(users.isActive, true)),
    )
    .for('share');
  return row ?? null;
}

async function insertRefreshToken(tx: Db, userId: number, family?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(refreshTokens).values({
    userId,
    family: family ?? sql`gen_random_uuid()`,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * Stores a new refresh token (only its hash) for a user whose credentials were just checked, and
 * returns the token itself; null when their sessions ended meanwhile (a password reset or a
 * deactivation at the same moment), so a sign-in with the old password never outlives it.
 */
export function issueRefreshToken(db: Db, holder: TokenHolder): Promise<string | null> {
  return db.transaction(async (tx) =>
    (await holdUser(tx, holder)) ? insertRefreshToken(tx, holder.id) : null,
  );
}

export type Rotation =
  | { ok: true; user: UserRow; refresh: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'replayed' | 'inactive' };

/**
 * Trades a refresh token for its successor in the same family, in one transaction. A token
 * that was already used is a replay: its whole family is revoked, so a stolen token dies
 * together with the real one. Because the successor is written in the transaction that uses
 * the token up, a replay that arrives at the same moment waits for it and revokes it too.
 *
 * The user's row is held shared first (always before the token's, as `updateUser` changes them,
 * so the two never wait for each other): sessions ended at the same moment either revoke the
 * successor or are seen here. The user comes back as held, to sign the access token with.
 */
export async function rotateRefreshToken(db: Db, token: string): Promise<Rotation> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    const [holder] = await tx
      .select({ id: users.id, sessionVersion: users.sessionVersion })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    const user = holder ? await holdUser(tx, holder) : null;
    const [redeemed] = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (redeemed) {
      if (!user) {
        await revokeFamily(tx, redeemed.family);
        return { ok: false, reason: 'inactive' } as const;
      }
      const refresh = await insertRefreshToken(tx, user.id, redeemed.family);
      return { ok: true, user, refresh } as const;
    }
    const [known] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!known) return { ok: false, reason: 'unknown' } as const;
    if (known.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (known.usedAt) {
      await revokeFamily(tx, known.family);
      return { ok: false, reason: 'replayed' } as const;
    }
    return { ok: false, reason: 'expired' } as const;
  });
}

export async function revokeFamily(db: Db, family: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

/** Revokes the family of the given token, if it is one of ours. */
export async function revokeTokenFamily(db: Db, token: string): Promise<void> {
  const [known] = await db
    .select({ family: refreshTokens.family })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (known) await revokeFamily(db, known.family);
}

/** The family of a live refresh token of the user's, or null for any other token. */
export async function liveFamilyOf(db: Db, token: string, userId: number): Promise<string | null> {
  const [known] = await db
    .select({ family: refreshTokens.family })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(token)),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    );
  return known?.family ?? null;
}

/** Drops a user's tokens that expired long enough ago to be of no use, even as replay evidence. */
export async function pruneUserSessions(db: Db, userId: number): Promise<void> {
  const cutoff = new Date(Date.now() - REFRESH_TOKEN_TTL_SECONDS * 1000);
  await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), lt(refreshTokens.expiresAt, cutoff)));
}
