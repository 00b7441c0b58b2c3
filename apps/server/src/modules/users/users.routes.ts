import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageOf, paginate } from '../../lib/pagination.js';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { permissionDenied } from '../../lib/errors.js';
import {
  actor,
  CHOOSE_NEW_PASSWORD,
  mustChooseNewPassword,
  refusePersonalToken,
} from '../../plugins/auth.js';
import {
  userCreateBody,
  userListQuery,
  userPatchBody,
  userPutBody,
  userSchema,
} from './users.schemas.js';
import * as users from './users.service.js';

/**
 * Before choosing their own password, a user may change it, on their own profile, and nothing
 * else (decision 043); a personal access token never sets one.
 */
function assertMaySetProfile(request: FastifyRequest, id: number, body: { password?: string }) {
  if (body.password !== undefined) refusePersonalToken(request);
  if (mustChooseNewPassword(request) && (id !== actor(request).id || body.password === undefined)) {
    throw permissionDenied(CHOOSE_NEW_PASSWORD);
  }
}

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['users'];

  r.get(
    '/users/',
    {
      schema: {
        tags,
        summary: 'List the team',
        querystring: userListQuery,
        response: { 200: pageOf(userSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      paginate(
        request,
        request.query,
        await users.listUsers(app.db, request.query, actor(request)),
      ),
  );

  r.post(
    '/users/',
    {
      schema: {
        tags,
        summary: 'Create a user (staff only)',
        description:
          'The password is one-time: the new user must choose their own at the first sign-in.',
        body: userCreateBody,
        response: { 201: userSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // A new account's password would be a credential the token minted (decision 032).
      refusePersonalToken(request);
      return reply
        .code(201)
        .send(await users.createUserAsStaff(app.db, actor(request), request.body));
    },
  );

  r.get(
    '/users/me/',
    {
      config: { beforeNewPassword: true },
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    (request) => users.toUserDto(actor(request)),
  );

  r.get(
    '/users/:id/',
    {
      schema: {
        tags,
        summary: 'One user (self or staff)',
        params: idParams,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => users.getUser(app.db, actor(request), request.params.id),
  );

  r.put(
    '/users/:id/',
    {
      config: { beforeNewPassword: true },
      schema: {
        tags,
        summary: 'Replace a profile (self or staff)',
        params: idParams,
        body: userPutBody,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    (request) => {
      assertMaySetProfile(request, request.params.id, request.body);
      return users.updateUser(app.db, actor(request), request.params.id, request.body, request.ip);
    },
  );

  r.patch(
    '/users/:id/',
    {
      config: { beforeNewPassword: true },
      schema: {
        tags,
        summary: 'Change part of a profile (self or staff)',
        description:
          'A new password needs current_password, except when staff set another ' +
          "member's (a reset), which is one-time: its user must choose their own at the next " +
          'sign-in, and until then may only send their new password here. Changing is_staff ' +
          'or is_active is for staff only, and nobody may deactivate themselves. A new ' +
          'password or a deactivation signs the user out. Of two changes of the same password ' +
          'at once, the second answers 400 at current_password.',
        params: idParams,
        body: userPatchBody,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    (request) => {
      assertMaySetProfile(request, request.params.id, request.body);
      return users.updateUser(app.db, actor(request), request.params.id, request.body, request.ip);
    },
  );
}
