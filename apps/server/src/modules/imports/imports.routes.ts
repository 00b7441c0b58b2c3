import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DuplicateThresholds } from '../../config.js';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { actor } from '../../plugins/auth.js';
import {
  IMPORT_LIMITS,
  importBody,
  importPreviewSchema,
  importResultSchema,
} from './imports.schemas.js';
import * as imports from './imports.service.js';

const LIMITS =
  `A file of at most ${IMPORT_LIMITS.bytes / 1024} KB and ${IMPORT_LIMITS.rows} ideas; one that ` +
  'cannot be read as a whole (malformed, too large, too many ideas, no title column) is a 400 ' +
  'on content.';

export async function importRoutes(
  app: FastifyInstance,
  opts: { duplicates: DuplicateThresholds },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);
  const tags = ['ideas'];

  r.post(
    '/brainstorms/:id/import/preview/',
    {
      schema: {
        tags,
        summary: 'Read a CSV or JSON file of ideas and show what importing it would do',
        description: `Every row with its errors and warnings; nothing is stored. ${LIMITS}`,
        params: idParams,
        body: importBody,
        response: { 200: importPreviewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => imports.previewImport(app.db, request.params.id, request.body, opts.duplicates),
  );

  r.post(
    '/brainstorms/:id/import/',
    {
      schema: {
        tags,
        summary: 'Import a CSV or JSON file of ideas, all or none',
        description:
          'Anyone who may write an idea by hand in the brainstorm may import; the ideas are ' +
          "the caller's, stored in one transaction and stacked as hand-written ones are (and " +
          'checked for repeats in other words where a model judges them). When ' +
          `any row has an error nothing is stored: 400 with rows.<row>.<field>. ${LIMITS}`,
        params: idParams,
        body: importBody,
        response: { 201: importResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = actor(request);
      const brainstormId = request.params.id;
      const result = await imports.importFile(
        app.db,
        user,
        brainstormId,
        request.body,
        opts.duplicates,
      );
      await app.checkRepeats({ brainstormId, requestedBy: user.id, ideas: result.ids });
      return reply.code(201).send(result);
    },
  );
}
