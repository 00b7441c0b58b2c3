import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema/users.js';
import { notAuthenticated } from '../lib/errors.js';
import { accessTokens, type AccessTokens } from '../modules/auth/auth.tokens.js';
import { findUserById } from '../modules/users/users.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: AccessTokens;
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: UserRow | null;
    /** How the request authenticated: a web session's access token, or a personal one. */
    credential: Credential | null;
  }
}

/** A web session's access token, or a personal access token with its scope (decision 032). */
export type Credential =
  { kind: 'session' } | { kind: 'personal'; tokenId: number; scope: 'read' | 'write' };

const SESSION: Credential = { kind: 'session' };

const INVALID_TOKEN = 'Given token not valid for any token type';

/** Bearer access tokens: `app.authenticate` as an onRequest hook puts the user on the request. */
async function authPlugin(app: FastifyInstance, opts: { secret: string }) {
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
    const subject = await app.tokens.verify(token);
    if (subject === null) throw notAuthenticated(INVALID_TOKEN);
    const user = await findUserById(app.db, subject.id);
    if (!user?.isActive) throw notAuthenticated('User not found or inactive');
    // A password change or a deactivation since the token was issued ends it.
    if (user.sessionVersion !== subject.sessionVersion) throw notAuthenticated(INVALID_TOKEN);
    request.user = user;
    request.credential = SESSION;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });

/** The signed-in user of a request that passed `app.authenticate`. */
export function actor(request: FastifyRequest): UserRow {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

/** Whether the request's credential may change anything: a read-only token may not. */
export function canWrite(request: FastifyRequest): boolean {
  return request.credential?.kind !== 'personal' || request.credential.scope === 'write';
}
