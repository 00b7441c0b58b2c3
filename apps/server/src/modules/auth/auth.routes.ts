import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionDenied } from '../../lib/errors.js';
import { actor, refusePersonalToken } from '../../plugins/auth.js';
import { errorResponses } from '../../lib/http-schemas.js';
import { emptyBody, loginBody, noSessionResponse, tokenResponse } from './auth.schemas.js';
import * as auth from './auth.service.js';
import { REFRESH_TOKEN_TTL_SECONDS } from './auth.sessions.js';

export const REFRESH_COOKIE = 'ideaforge_refresh';
const COOKIE_PATH = '/api/auth/';

/** How the refresh cookie is set and cleared alike (decision 001). */
const cookieOptions = (request: FastifyRequest) =>
  ({
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  }) as const;

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions(request),
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

const clearRefreshCookie = (request: FastifyRequest, reply: FastifyReply) =>
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));

/** Refresh and logout act on a cookie, so they refuse requests that another site started. */
function assertSameOrigin(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') {
    throw permissionDenied('Cross-site request refused.');
  }
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    const host = URL.canParse(origin) ? new URL(origin).host : null;
    if (host !== request.host) throw permissionDenied('Cross-site request refused.');
  } else if (origin === 'null') {
    throw permissionDenied('Cross-site request refused.');
  }
}

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/auth/token/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBody,
        response: { 200: tokenResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const session = await auth.login(app.db, app.tokens, request.body, request.ip);
      setRefreshCookie(request, reply, session.refresh);
      return { access: session.access, user: session.user };
    },
  );

  r.post(
    '/auth/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade the refresh cookie for a new access token (rotates the cookie)',
        description:
          'Without a refresh cookie the answer is 200 with `access: null`: nobody is signed in ' +
          'on this browser. A cookie that is unknown, expired, revoked or used before gets 401.',
        body: emptyBody,
        response: {
          200: z.union([tokenResponse, noSessionResponse]),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request);
      const cookie = request.cookies[REFRESH_COOKIE];
      if (!cookie) return { access: null, user: null };
      try {
        const session = await auth.refresh(app.db, app.tokens, cookie);
        setRefreshCookie(request, reply, session.refresh);
        return { access: session.access, user: session.user };
      } catch (error) {
        clearRefreshCookie(request, reply);
        throw error;
      }
    },
  );

  r.post(
    '/auth/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the refresh token and clear its cookie',
        body: emptyBody,
        response: { 204: z.undefined(), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request);
      await auth.logout(app.db, request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(request, reply);
      return reply.code(204).send();
    },
  );

  r.post(
    '/auth/sessions/end-others/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Sign out every other session of mine',
        description:
          'Every access token issued so far stops working and every refresh token of the ' +
          "caller's is revoked, but those of the refresh cookie sent with the request: this " +
          'session goes on with the access token answered.',
        body: emptyBody,
        response: {
          200: z.object({ access: z.string().describe('A new access token for this session.') }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      refusePersonalToken(request);
      assertSameOrigin(request);
      return auth.endOtherSessions(
        app.db,
        app.tokens,
        actor(request),
        request.cookies[REFRESH_COOKIE],
      );
    },
  );
}
