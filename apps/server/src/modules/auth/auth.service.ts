import type { Db } from '../../db/client.js';
import { notAuthenticated } from '../../lib/errors.js';
import type { UserRow } from '../../db/schema/users.js';
import {
  endSessionsExcept,
  prunePasswordAttempts,
  toUserDto,
  userWithPassword,
} from '../users/users.service.js';
import type { UserDto } from '../users/users.schemas.js';
import {
  issueRefreshToken,
  liveFamilyOf,
  pruneUserSessions,
  revokeTokenFamily,
  rotateRefreshToken,
} from './auth.sessions.js';
import type { AccessTokens } from './auth.tokens.js';

export interface Session {
  access: string;
  refresh: string;
  user: UserDto;
}

const BAD_CREDENTIALS = 'No active account found with the given credentials';

export async function login(
  db: Db,
  tokens: AccessTokens,
  credentials: { email: string; password: string },
  address: string,
): Promise<Session> {
  const user = await userWithPassword(db, credentials, address);
  if (!user) throw notAuthenticated(BAD_CREDENTIALS);
  await Promise.all([prunePasswordAttempts(db), pruneUserSessions(db, user.id)]);
  // Null when the password was reset or the user deactivated while it was being checked.
  const refresh = await issueRefreshToken(db, user);
  if (!refresh) throw notAuthenticated(BAD_CREDENTIALS);
  return { access: await tokens.sign(user), refresh, user: toUserDto(user) };
}

/** Trades a refresh token for a new access token and a new refresh token in the same family. */
export async function refresh(
  db: Db,
  tokens: AccessTokens,
  refreshToken: string,
): Promise<Session> {
  const rotation = await rotateRefreshToken(db, refreshToken);
  if (!rotation.ok) {
    throw notAuthenticated(
      rotation.reason === 'inactive' ? 'User not found or inactive' : 'Token is invalid or expired',
    );
  }
  const { user } = rotation;
  return { access: await tokens.sign(user), refresh: rotation.refresh, user: toUserDto(user) };
}

export async function logout(db: Db, refreshToken: string | undefined): Promise<void> {
  if (refreshToken) await revokeTokenFamily(db, refreshToken);
}

/**
 * Signs the user out everywhere but here: the session of the refresh cookie sent (if it is a
 * live one of theirs) is kept, with a new access token, since every access token issued so far
 * stops working. Without such a cookie, every session ends but this access token's successor.
 */
export async function endOtherSessions(
  db: Db,
  tokens: AccessTokens,
  user: UserRow,
  cookie: string | undefined,
): Promise<{ access: string }> {
  const keep = cookie ? await liveFamilyOf(db, cookie, user.id) : null;
  const updated = await endSessionsExcept(db, user, keep);
  return { access: await tokens.sign(updated) };
}
