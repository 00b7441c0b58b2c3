import type { McpServer, ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Pagination } from '../../lib/pagination.js';
import { RestError, type Rest } from './rest-calls.js';

/** What a write tool answers to a read-only personal access token. */
export const READ_ONLY = 'This token can only read.';

/** What a tool answers: text for a reader (a model, a person) and the same facts as data. */
export interface ToolAnswer<O> {
  text: string;
  data: O;
}

/** What the tools of one MCP request act with: the caller's REST access and its scope. */
export interface ToolContext {
  rest: Rest;
  canWrite: boolean;
  log: FastifyBaseLogger;
}

interface ToolSpec<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  /** Whether it changes anything: a read-only token is refused it before any call. */
  writes: boolean;
  /** Whether it replaces or removes what the team made (applying a themes proposal). */
  destructive?: boolean;
  run: (args: z.output<I>, rest: Rest) => Promise<ToolAnswer<z.input<O>>>;
}

/** A tool, ready to be registered on the server of one MCP request. */
export interface Tool {
  name: string;
  register(server: McpServer, context: ToolContext): void;
}

const failure = (text: string): CallToolResult => ({
  content: [{ type: 'text', text }],
  isError: true,
});

/**
 * A tool whose REST errors (400 field errors, 403, 404, 429) come back as tool errors with the
 * REST detail, as the protocol has a model read and correct them; anything else is logged and
 * answered without its internals, as the API's 5xx are.
 */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  spec: ToolSpec<I, O>,
): Tool {
  const run = async (context: ToolContext, args: z.output<I>): Promise<CallToolResult> => {
    if (spec.writes && !context.canWrite) return failure(READ_ONLY);
    try {
      const { text, data } = await spec.run(args, context.rest);
      const structured = spec.output.parse(data) as Record<string, unknown>;
      return { content: [{ type: 'text', text }], structuredContent: structured };
    } catch (error) {
      if (error instanceof RestError) return failure(error.message);
      context.log.error({ err: error, tool: spec.name }, 'an MCP tool failed');
      return failure('The tool failed on the server.');
    }
  };
  return {
    name: spec.name,
    register(server, context) {
      server.registerTool(
        spec.name,
        {
          title: spec.title,
          description: spec.description,
          inputSchema: spec.input,
          outputSchema: spec.output,
          annotations: {
            readOnlyHint: !spec.writes,
            destructiveHint: spec.destructive ?? false,
          },
        },
        // The SDK infers a callback's arguments for zod 3 and 4 at once; these are zod 4's.
        ((args: z.output<I>) => run(context, args)) as ToolCallback<I>,
      );
    },
  };
}

/** A page of a list as tools answer it: no links, which would name the server's own address. */
export const toolPage = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().describe('How many there are in all.'),
    page: z.number().int(),
    pages: z.number().int(),
    results: z.array(item),
  });

/** A REST page as a tool page; `filteredCount` (ideas) is what the pages hold. */
export function pageData<T>(
  page: { count: number; filteredCount?: number; results: T[] },
  { page: number, page_size }: Pagination,
) {
  const count = page.filteredCount ?? page.count;
  return {
    count,
    page: number,
    pages: Math.max(1, Math.ceil(count / page_size)),
    results: page.results,
  };
}
