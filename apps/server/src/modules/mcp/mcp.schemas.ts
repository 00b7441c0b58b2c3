import { z } from 'zod';

const requestId = z.union([z.string().max(200), z.number().int()]);

/**
 * One JSON-RPC message from an MCP client: a request (with `id`) or a notification. Batches
 * are not taken: the protocol dropped them in its 2025-06-18 revision.
 */
export const mcpMessageBody = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: requestId.optional().describe('Present on a request; a notification has none.'),
    method: z.string().min(1).max(200).describe("'initialize', 'tools/list', 'tools/call', …"),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'McpMessage' });

/** The server's JSON-RPC answer: a result, or an error (a tool's failure is a result). */
export const mcpResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: requestId.nullable(),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z
      .object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() })
      .optional(),
  })
  .meta({ id: 'McpResponse' });
