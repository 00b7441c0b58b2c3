import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { actor } from '../../plugins/auth.js';
import { ideaSchema } from '../ideas/ideas.schemas.js';
import {
  ideaThemeBody,
  themeCreateBody,
  themeMergeBody,
  themePatchBody,
  themeSchema,
  themeSplitBody,
  themeSuggestionSchema,
} from './themes.schemas.js';
import * as themes from './themes.service.js';

export async function themeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['sense-making'];
  const one = { 200: themeSchema, ...errorResponses(400, 401, 404) };

  r.get(
    '/brainstorms/:id/themes/',
    {
      schema: {
        tags,
        summary: "A brainstorm's themes, by position",
        params: idParams,
        response: { 200: z.array(themeSchema), ...errorResponses(400, 401, 404) },
      },
    },
    (request) => themes.listThemes(app.db, request.params.id),
  );

  r.post(
    '/brainstorms/:id/themes/',
    {
      schema: {
        tags,
        summary: 'Write a theme, placed last',
        description: 'A brainstorm has at most 30 themes, each name once (case aside).',
        params: idParams,
        body: themeCreateBody,
        response: { 201: themeSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await themes.createTheme(app.db, actor(request), request.params.id, request.body)),
  );

  r.post(
    '/brainstorms/:id/themes/from-parameters/',
    {
      schema: {
        tags,
        summary: 'Start the themes with those the brainstorm was given',
        description:
          "One theme for each of the brainstorm's parameters.themes, in their order, each name " +
          'once (case aside; one over 80 characters is cut, and kept whole as its description). ' +
          'Only while the brainstorm has no themes: 409 when it has some, as when someone ' +
          'started them first; 400 when it was given none.',
        params: idParams,
        response: { 201: z.array(themeSchema), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await themes.startFromGivenThemes(app.db, actor(request), request.params.id)),
  );

  r.patch(
    '/themes/:id/',
    {
      schema: {
        tags,
        summary: 'Rename, describe or move a theme',
        params: idParams,
        body: themePatchBody,
        response: one,
      },
    },
    (request) => themes.updateTheme(app.db, request.params.id, request.body),
  );

  r.delete(
    '/themes/:id/',
    {
      schema: {
        tags,
        summary: 'Delete a theme; its ideas stay, unsorted',
        params: idParams,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await themes.deleteTheme(app.db, request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/themes/:id/merge/',
    {
      schema: {
        tags,
        summary: 'Merge a theme into another: its ideas move there and it is deleted',
        params: idParams,
        body: themeMergeBody,
        response: one,
      },
    },
    (request) => themes.mergeTheme(app.db, request.params.id, request.body.into),
  );

  r.post(
    '/themes/:id/split/',
    {
      schema: {
        tags,
        summary: "Split some of a theme's ideas into a new theme, placed right after it",
        params: idParams,
        body: themeSplitBody,
        response: { 201: themeSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await themes.splitTheme(app.db, actor(request), request.params.id, request.body)),
  );

  r.put(
    '/ideas/:id/theme/',
    {
      schema: {
        tags,
        summary: 'Put an idea into a theme, or leave it unsorted',
        description:
          'The ideas stacked under it as near-duplicates move with it: they are the same idea.',
        params: idParams,
        body: ideaThemeBody,
        response: { 200: ideaSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => themes.setIdeaTheme(app.db, actor(request), request.params.id, request.body.theme),
  );

  r.post(
    '/analyses/:id/apply/',
    {
      schema: {
        tags,
        summary: "Apply a themes proposal: it replaces the brainstorm's themes",
        description:
          "The proposal's themes replace the brainstorm's, in its order, and its ideas that " +
          'are still there go into them with those stacked under them; the others stay ' +
          'unsorted. A proposal is applied once: 409 when someone applied it first.',
        params: idParams,
        response: { 200: z.array(themeSchema), ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => themes.applyProposal(app.db, actor(request), request.params.id),
  );

  r.get(
    '/brainstorms/:id/theme-suggestions/',
    {
      schema: {
        tags,
        summary: 'A theme for each unsorted idea that is like the ideas of one',
        description:
          'For the newest 200 unsorted ideas, the theme whose ideas each is most like, where ' +
          'that is at least 0.2 (pg_trgm similarity of title and summary); the most alike ' +
          'first. Worked out on each call, never stored: accept one with PUT ' +
          '/api/ideas/{id}/theme/.',
        params: idParams,
        response: { 200: z.array(themeSuggestionSchema), ...errorResponses(400, 401, 404) },
      },
    },
    (request) => themes.suggestThemes(app.db, request.params.id),
  );
}
