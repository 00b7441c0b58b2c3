import type { Db } from '../../db/client.js';
import { notAuthenticated } from '../../lib/errors.js';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords.js';
import { findUserByEmail, findUserById, toUserDto } from '../users/users.service.js';
import type { UserDto } from '../users/users.schemas.js';
import {
  issueRefreshToken,
  pruneUserSessions,
  revokeTokenFamily,
  rotateRefreshToken,
} from './auth.sessions.js';
import {
  beginPasswordAttempt,
  passwordAttemptSucceeded,
  pruneLoginFailures,
} from './auth.throttle.js';
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
  const attempt = { email: credentials.email, address };
  await beginPasswordAttempt(db, attempt);
  const user = await findUserByEmail(db, credentials.email);
  const valid = user
    ? await verifyPassword(user.password, credentials.password)
    : await verifyAgainstNothing(credentials.password);
  if (!user || !valid || !user.isActive) throw notAuthenticated(BAD_CREDENTIALS);
  await passwordAttemptSucceeded(db, attempt);
  await Promise.all([pruneLoginFailures(db), pruneUserSessions(db, user.id)]);
  return {
    access: await tokens.sign(user),
    refresh: await issueRefreshToken(db, user.id),
    user: toUserDto(user),
  };
}

/** Trades a refresh token for a new access token and a new refresh token in the same family. */
export async function refresh(
  db: Db,
  tokens: AccessTokens,
  refreshToken: string,
): Promise<Session> {
  const rotation = await rotateRefreshToken(db, refreshToken);
  if (!rotation.ok) throw notAuthenticated('Token is invalid or expired');
  const user = await findUserById(db, rotation.userId);
  if (!user?.isActive) {
    await revokeTokenFamily(db, rotation.refresh);
    throw notAuthenticated('User not found or inactive');
  }
  return { access: await tokens.sign(user), refresh: rotation.refresh, user: toUserDto(user) };
}

export async function logout(db: Db, refreshToken: string | undefined): Promise<void> {
  if (refreshToken) await revokeTokenFamily(db, refreshToken);
}
