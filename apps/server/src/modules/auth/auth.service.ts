import type { Db } from '../../db/client.js';
import { HttpError, notAuthenticated } from '../../lib/errors.js';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords.js';
import { findUserByEmail, findUserById, toUserDto } from '../users/users.service.js';
import type { UserDto } from '../users/users.schemas.js';
import {
  issueRefreshToken,
  pruneUserSessions,
  redeemRefreshToken,
  revokeTokenFamily,
} from './auth.sessions.js';
import {
  clearLoginFailures,
  loginRetryAfter,
  pruneLoginFailures,
  recordLoginFailure,
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
  const retryAfter = await loginRetryAfter(db, credentials.email, address);
  if (retryAfter > 0) {
    throw new HttpError(
      429,
      `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`,
      { 'retry-after': String(retryAfter) },
    );
  }
  const user = await findUserByEmail(db, credentials.email);
  const valid = user
    ? await verifyPassword(user.password, credentials.password)
    : await verifyAgainstNothing(credentials.password);
  if (!user || !valid || !user.isActive) {
    await recordLoginFailure(db, credentials.email, address);
    throw notAuthenticated(BAD_CREDENTIALS);
  }
  await clearLoginFailures(db, credentials.email);
  await Promise.all([pruneLoginFailures(db), pruneUserSessions(db, user.id)]);
  return {
    access: await tokens.sign(user.id),
    refresh: await issueRefreshToken(db, user.id),
    user: toUserDto(user),
  };
}

/** Trades a refresh token for a new access token and a new refresh token in the same family. */
export async function refresh(
  db: Db,
  tokens: AccessTokens,
  refreshToken: string | undefined,
): Promise<Session> {
  if (!refreshToken) throw notAuthenticated('No refresh token was provided.');
  const redemption = await redeemRefreshToken(db, refreshToken);
  if (!redemption.ok) throw notAuthenticated('Token is invalid or expired');
  const user = await findUserById(db, redemption.token.userId);
  if (!user?.isActive) throw notAuthenticated('User not found or inactive');
  return {
    access: await tokens.sign(user.id),
    refresh: await issueRefreshToken(db, user.id, redemption.token.family),
    user: toUserDto(user),
  };
}

export async function logout(db: Db, refreshToken: string | undefined): Promise<void> {
  if (refreshToken) await revokeTokenFamily(db, refreshToken);
}
