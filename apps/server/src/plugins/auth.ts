import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import type { TokenScope } from '../db/schema/integrations.js';
import type { UserRow } from '../db/schema/users.js';
import { notAuthenticated, permissionDenied } from '../lib/errors.js';
import { accessTokens, type AccessTokens } from '../modules/auth/auth.tokens.js';
import {
  authenticatePersonalToken,
  INVALID_TOKEN,
  PERSONAL_TOKEN_PREFIX,
  personalTokenHolds,
} from '../modules/tokens/tokens.service.js';
import { startUserCache } from '../modules/users/user-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: AccessTokens;
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Whether the credential an authenticated request came with is still valid, now. */
    credentialHolds: (request: FastifyRequest) => Promise<boolean>;
  }
  interface FastifyContextConfig {
    /** Open to a user who must choose a new password first (decision 043). */
    beforeNewPassword?: boolean;
  }
  interface FastifyRequest {
    user: UserRow | null;
    /** How the request authenticated: a web session's access token, or a personal one. */
    credential: Credential | null;
  }
}

/**
 * A web session's access token at its session version, or a personal access token with its
 * scope (decision 032); each with when it expires (ms since the epoch, null for never).
 */
export type Credential =
  | { kind: 'session'; sessionVersion: number; expiresAt: number }
  | { kind: 'personal'; tokenId: number; scope: TokenScope; expiresAt: number | null };

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes that check a read token per operation themselves (the MCP transport's tools). */
const SCOPE_CHECKED_BY_ROUTE = new Set(['/api/mcp/']);

/**
 * Bearer access tokens: `app.authenticate` as an onRequest hook puts the user on the request,
 * a session's user from the cache of signed-in users (decision 036).
 */
async function authPlugin(app: FastifyInstance, opts: { secret: string; database: Database }) {
  const users = await startUserCache(opts.database);
  app.addHook('preClose', () => users.stop());
  app.decorate('tokens', accessTokens(opts.secret));
  app.decorateRequest('user', null);
  app.decorateRequest('credential', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw notAuthenticated();
    const [scheme, token, ...rest] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
      throw notAuthenticated('Authorization header must contain two space-delimited values');
    }
    if (token.startsWith(PERSONAL_TOKEN_PREFIX)) {
      const personal = await authenticatePersonalToken(app.db, token, request.ip);
      request.user = personal.user;
      request.credential = {
        kind: 'personal',
        tokenId: personal.tokenId,
        scope: personal.scope,
        expiresAt: personal.expiresAt,
      };
      assertScopeAllows(request);
      return;
    }
    const verified = await app.tokens.verify(token);
    if (verified === null) throw notAuthenticated(INVALID_TOKEN);
    const { subject, expiresAt } = verified;
    const user = await users.find(app.db, subject.id);
    if (!user?.isActive) throw notAuthenticated('User not found or inactive');
    // A password change or a deactivation since the token was issued ends it.
    if (user.sessionVersion !== subject.sessionVersion) throw notAuthenticated(INVALID_TOKEN);
    request.user = user;
    request.credential = { kind: 'session', sessionVersion: subject.sessionVersion, expiresAt };
    if (user.passwordMustChange && request.routeOptions.config.beforeNewPassword !== true) {
      throw permissionDenied(CHOOSE_NEW_PASSWORD);
    }
  });
  app.decorate('credentialHolds', async (request: FastifyRequest) => {
    const { credential, user } = request;
    if (!credential || !user) return false;
    if (credential.kind === 'personal') return personalTokenHolds(app.db, credential.tokenId);
    if (credential.expiresAt <= Date.now()) return false;
    const now = await users.find(app.db, user.id);
    return now?.isActive === true && now.sessionVersion === credential.sessionVersion;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });

/** A read token may send only GET, HEAD and OPTIONS, but where the route checks per operation. */
function assertScopeAllows(request: FastifyRequest) {
  if (canWrite(request) || READ_METHODS.has(request.method)) return;
  if (SCOPE_CHECKED_BY_ROUTE.has(request.routeOptions.url ?? '')) return;
  throw permissionDenied('This token can only read.');
}

/**
 * Refuses a personal access token where a leaked one could mint more credentials or lock its
 * owner out: managing tokens, setting passwords, ending sessions (decision 032).
 */
export function refusePersonalToken(request: FastifyRequest): void {
  if (request.credential?.kind === 'personal') {
    throw permissionDenied('A personal access token cannot do this: sign in to the web app.');
  }
}

export const CHOOSE_NEW_PASSWORD =
  'Choose a new password before going on: the one you signed in with was set by staff.';

/**
 * A web session of a user who signed in with a password staff set: until they choose their own,
 * the routes marked `beforeNewPassword` are all they may call (decision 043). Personal access
 * tokens made before the password was set go on as they were.
 */
export function mustChooseNewPassword(request: FastifyRequest): boolean {
  return request.credential?.kind === 'session' && request.user?.passwordMustChange === true;
}

/** The signed-in user of a request that passed `app.authenticate`. */
export function actor(request: FastifyRequest): UserRow {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

/** Whether the request's credential may change anything: a read-only token may not. */
export function canWrite(request: FastifyRequest): boolean {
  return request.credential?.kind !== 'personal' || request.credential.scope === 'write';
}
