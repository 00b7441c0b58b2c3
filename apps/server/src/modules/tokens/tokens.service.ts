import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { PersonalAccessTokenRow, TokenScope } from '../../db/schema/integrations.js';
import type { UserRow } from '../../db/schema/users.js';
import { fieldError, HttpError, notAuthenticated, notFound } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted, type Pagination } from '../../lib/pagination.js';
import { assertTokenGuessesLeft, recordTokenFailure } from './token-attempts.js';
import * as repo from './tokens.repository.js';
import type { TokenCreateInput, TokenDto } from './tokens.schemas.js';

/** What every personal access token starts with, so that it is recognised (and scanned for). */
export const PERSONAL_TOKEN_PREFIX = 'ifp_';
/** How much of the secret the list shows: enough to tell tokens apart, useless for guessing. */
const SHOWN_CHARACTERS = 8;
export const MAX_ACTIVE_TOKENS = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

export const INVALID_TOKEN = 'Given token not valid for any token type';

/** A high-entropy secret needs no slow hash: SHA-256 is enough and costs nothing per request. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toTokenDto = (row: PersonalAccessTokenRow): TokenDto => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: `${PERSONAL_TOKEN_PREFIX}${row.prefix}`,
  created: isoDate(row.created),
  expires_at: row.expiresAt && isoDate(row.expiresAt),
  last_used_at: row.lastUsedAt && isoDate(row.lastUsedAt),
});

export async function listTokens(
  db: Db,
  actor: UserRow,
  query: Pagination,
): Promise<Counted<TokenDto>> {
  const { count, rows } = await repo.listTokens(db, { userId: actor.id, ...pageWindow(query) });
  return { count, rows: rows.map(toTokenDto) };
}

/**
 * Creates a token and answers it with its secret, the only time the secret is shown. The
 * owner's row is held meanwhile, so parallel creations count each other against the cap and
 * the names, and an owner deactivated since the request was authenticated gets none: their
 * deactivation revoked the tokens before it, and this one would outlive it.
 */
export async function createToken(db: Db, actor: UserRow, input: TokenCreateInput) {
  const secret = randomBytes(32).toString('base64url');
  const token = `${PERSONAL_TOKEN_PREFIX}${secret}`;
  const row = await db.transaction(async (tx) => {
    if (!(await repo.lockUser(tx, actor.id))) throw notAuthenticated('User not found or inactive');
    const names = await repo.usableTokenNames(tx, actor.id);
    if (names.length >= MAX_ACTIVE_TOKENS) {
      throw new HttpError(
        409,
        `You have ${MAX_ACTIVE_TOKENS} active tokens, the most allowed. Revoke one first.`,
      );
    }
    if (names.includes(input.name.toLowerCase())) {
      throw fieldError('name', 'You already have an active token with this name.');
    }
    return repo.insertToken(tx, {
      userId: actor.id,
      name: input.name,
      scope: input.scope,
      tokenHash: hashToken(token),
      prefix: secret.slice(0, SHOWN_CHARACTERS),
      expiresAt: new Date(Date.now() + input.expires_in_days * DAY_MS),
    });
  });
  return { ...toTokenDto(row), token };
}

/** Revokes one of the actor's tokens; again is fine, and another user's is not found. */
export async function revokeToken(db: Db, actor: UserRow, id: number): Promise<void> {
  if (!(await repo.revokeToken(db, actor.id, id))) throw notFound();
}

export interface PersonalCredential {
  user: UserRow;
  tokenId: number;
  scope: TokenScope;
  /** When the token stops being valid (ms since the epoch, by this process's clock), if ever. */
  expiresAt: number | null;
}

/**
 * The owner of a personal access token and what it may do. An unknown, revoked or expired token
 * counts as a guess from the client address, and an address past its guesses gets 429 for the
 * rest of the window; a valid token is never refused for the guesses made beside it. The owner
 * is read with the token, so a deactivation stops the token at the next request.
 */
export async function authenticatePersonalToken(
  db: Db,
  token: string,
  address: string,
): Promise<PersonalCredential> {
  const found = await repo.findUsableToken(db, hashToken(token));
  if (!found) {
    await assertTokenGuessesLeft(db, address);
    await recordTokenFailure(db, address);
    throw notAuthenticated(INVALID_TOKEN);
  }
  if (!found.user.isActive) throw notAuthenticated('User not found or inactive');
  if (!usedWithinAMinute(found.token)) await repo.touchToken(db, found.token.id);
  return {
    user: found.user,
    tokenId: found.token.id,
    scope: found.token.scope,
    // The database's clock judges expiry: what it gives as left is counted from now, here.
    expiresAt: found.msLeft === null ? null : Date.now() + found.msLeft,
  };
}

/** Whether a personal access token still authenticates: usable, and its owner active. */
export async function personalTokenHolds(db: Db, tokenId: number): Promise<boolean> {
  return repo.isTokenUsable(db, tokenId);
}

/** `last_used_at` moves at most once a minute, so a busy token costs no write per request. */
const usedWithinAMinute = ({ lastUsedAt }: PersonalAccessTokenRow) =>
  lastUsedAt !== null && Date.now() - lastUsedAt.getTime() < 60_000;
