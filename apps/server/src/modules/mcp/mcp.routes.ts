import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailSchema, errorResponses, fieldErrorsSchema } from '../../lib/http-schemas.js';
import { canWrite } from '../../plugins/auth.js';
import { mcpServerFor } from './mcp-server.js';
import { mcpMessageBody, mcpResponseSchema } from './mcp.schemas.js';
import { restAs } from './rest-calls.js';

/** What the protocol asks a stateless server to answer a GET (a stream) or a DELETE (a session). */
const NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: send each message with POST.' },
  id: null,
};

/**
 * The MCP server over Streamable HTTP, stateless: each POST carries one JSON-RPC message and is
 * answered with JSON by a server made for it, whose tools act as the caller (decision 033).
 */
export async function mcpRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.authenticate);

  r.post(
    '/mcp/',
    {
      schema: {
        tags: ['mcp'],
        summary: 'The MCP server (Streamable HTTP): one JSON-RPC message, answered with JSON',
        description:
          'For MCP clients: initialize, tools/list and tools/call. A tool failure (a refused ' +
          'argument, a 403, 404 or 429 of the API behind it) is a result with isError. A ' +
          'notification is answered 202 without a body.',
        body: mcpMessageBody,
        response: {
          200: mcpResponseSchema,
          202: z.undefined().describe('A notification, taken.'),
          400: z.union([mcpResponseSchema, detailSchema, fieldErrorsSchema]),
          406: mcpResponseSchema.describe('The Accept header allows no JSON.'),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const answer = await handleMessage(app, request);
      const text = await answer.text();
      return reply
        .code(answer.status as 200 | 202 | 400 | 406)
        .send(text ? (JSON.parse(text) as z.infer<typeof mcpResponseSchema>) : undefined);
    },
  );

  for (const method of ['GET', 'DELETE'] as const) {
    r.route({
      method,
      url: '/mcp/',
      schema: { hide: true },
      handler: (_request, reply) => reply.code(405).header('allow', 'POST').send(NOT_ALLOWED),
    });
  }
}

/** Runs one message through a fresh server and transport, and closes both. */
async function handleMessage(app: FastifyInstance, request: FastifyRequest): Promise<Response> {
  const server = mcpServerFor({
    rest: restAs(app, request),
    canWrite: canWrite(request),
    log: request.log,
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(webRequest(request), { parsedBody: request.body });
  } finally {
    await server.close();
  }
}

/** The request as the transport reads it; the body is already parsed and checked. */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers({
    accept: acceptFor(request.headers.accept),
    'content-type': request.headers['content-type'] ?? '',
  });
  const version = request.headers['mcp-protocol-version'];
  if (typeof version === 'string') headers.set('mcp-protocol-version', version);
  return new Request(new URL(request.url, 'http://localhost'), { method: 'POST', headers });
}

/**
 * Every answer is JSON, so a client that takes JSON, anything, or says nothing (RFC 9110: no
 * Accept means any type) passes the transport's check for JSON and an event stream.
 */
function acceptFor(accept: string | undefined): string {
  if (accept === undefined || /\*\/\*|application\/(\*|json)/i.test(accept)) {
    return 'application/json, text/event-stream';
  }
  return accept;
}
