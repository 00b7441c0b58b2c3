import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notAuthenticated } from '../../lib/errors.js';
import { errorResponses, idParams } from '../../lib/http-schemas.js';
import { actor } from '../../plugins/auth.js';
import { displayName } from '../users/users.service.js';
import type { LiveHub, StreamCredential, StreamSink } from './live-hub.js';
import { PRESENCE_PLACES } from './live-notes.js';

/** A reader further behind than this is let go; it reconnects and resumes where it was. */
const MOST_BUFFERED_BYTES = 1024 * 1024;

const STREAM_DESCRIPTION =
  'Server-sent events of what happens in the brainstorm: ideas stored and deleted, shared ' +
  "totals (as new values), comments, the brainstorm's edits, generations' and sense-making " +
  "runs' progress, changes to its themes, and who has it open on which page. Never anything " +
  'private. Send the last event id back as `Last-Event-ID` to ' +
  'resume; `ready` says whether the stream resumed or the client should refetch. A comment ' +
  'line comes every 15 s. The event types and their data: docs/decisions/026-live-review.md.';

export async function liveRoutes(app: FastifyInstance, opts: { hub: LiveHub }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);

  r.get(
    '/brainstorms/:id/events/',
    {
      schema: {
        tags: ['brainstorms'],
        summary: "The brainstorm's live events",
        description: STREAM_DESCRIPTION,
        params: idParams,
        querystring: z.object({
          on: z
            .enum(PRESENCE_PLACES)
            .optional()
            .describe("The brainstorm's page the stream is opened for, as presence tells others."),
        }),
        headers: z.object({
          'last-event-id': z
            .string()
            .max(100)
            .optional()
            .describe('The id of the last event received, to resume after it.'),
        }),
        response: {
          200: {
            description: 'A stream of server-sent events, open until the client leaves.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const user = actor(request);
      const admission = await opts.hub.admit(
        request.params.id,
        { id: user.id, name: displayName(user), on: request.query.on },
        streamCredential(request),
      );
      reply.hijack();
      const res = reply.raw;
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, value);
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        // Proxies such as nginx hold a response back until it ends unless told otherwise.
        'x-accel-buffering': 'no',
        // A stream's connection ends with it: nothing is gained by keeping it for another request.
        connection: 'close',
      });
      const sink: StreamSink = {
        write(text) {
          if (res.writableLength > MOST_BUFFERED_BYTES || res.destroyed) return false;
          res.write(text);
          return true;
        },
        end: () => res.end(),
      };
      // A client that leaves before the stream starts gives its place back at once.
      const leave = () => {
        admission.release();
      };
      res.once('close', leave);
      const stream = await admission.attach(sink, request.headers['last-event-id']);
      res.off('close', leave);
      if (res.closed) {
        stream.close();
        return;
      }
      res.once('close', () => {
        stream.close();
      });
      // A revocation or deactivation that came after the credential was checked and before the
      // stream was listening was not heard by it: any later one will be, so one look now
      // suffices. A database that cannot answer ends the stream too: the client reconnects.
      if (!(await app.credentialHolds(request).catch(() => false))) stream.close();
    },
  );
}

/** What opened the stream, for the hub to end it when that stops being valid. */
function streamCredential(request: FastifyRequest): StreamCredential {
  const credential = request.credential;
  if (!credential) throw notAuthenticated();
  return credential.kind === 'session'
    ? credential
    : { kind: 'personal', tokenId: credential.tokenId, expiresAt: credential.expiresAt };
}
