import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { pageOf, paginate } from '../../lib/pagination.js';
import { actor } from '../../plugins/auth.js';
import {
  projectCreateBody,
  projectDeleteQuery,
  projectListQuery,
  projectPatchBody,
  projectPutBody,
  projectSchema,
} from './projects.schemas.js';
import * as projects from './projects.service.js';

export async function projectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['projects'];
  const one = { 200: projectSchema, ...errorResponses(400, 401, 403, 404) };

  r.get(
    '/projects/',
    {
      schema: {
        tags,
        summary: 'List projects',
        querystring: projectListQuery,
        response: { 200: pageOf(projectSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      paginate(request, request.query, await projects.listProjects(app.db, request.query)),
  );

  r.post(
    '/projects/',
    {
      schema: {
        tags,
        summary: 'Create a project',
        body: projectCreateBody,
        response: { 201: projectSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await projects.createProject(app.db, actor(request), request.body)),
  );

  r.get(
    '/projects/:id/',
    { schema: { tags, summary: 'One project', params: idParams, response: one } },
    (request) => projects.getProject(app.db, request.params.id),
  );

  r.put(
    '/projects/:id/',
    {
      schema: {
        tags,
        summary: 'Replace a project (creator or staff)',
        params: idParams,
        body: projectPutBody,
        response: one,
      },
    },
    (request) => projects.updateProject(app.db, actor(request), request.params.id, request.body),
  );

  r.patch(
    '/projects/:id/',
    {
      schema: {
        tags,
        summary: 'Change part of a project (creator or staff)',
        params: idParams,
        body: projectPatchBody,
        response: one,
      },
    },
    (request) => projects.updateProject(app.db, actor(request), request.params.id, request.body),
  );

  for (const [action, archived, summary] of [
    ['archive', true, 'Archive a project (creator or staff): nothing more can be filed into it'],
    ['restore', false, 'Restore an archived project (creator or staff)'],
  ] as const) {
    r.post(
      `/projects/:id/${action}/`,
      { schema: { tags, summary, params: idParams, response: one } },
      (request) => projects.setArchived(app.db, actor(request), request.params.id, archived),
    );
  }

  r.delete(
    '/projects/:id/',
    {
      schema: {
        tags,
        summary:
          'Delete a project (creator or staff); its brainstorms stay, unassigned or moved to move_to',
        params: idParams,
        querystring: projectDeleteQuery,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await projects.deleteProject(app.db, actor(request), request.params.id, request.query);
      return reply.code(204).send();
    },
  );
}
