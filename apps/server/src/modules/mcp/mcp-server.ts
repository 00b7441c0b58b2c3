import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { brainstormTools } from './brainstorm-tools.js';
import { generationTools } from './generation-tools.js';
import { ideaTools } from './idea-tools.js';
import { reviewTools } from './review-tools.js';
import { senseMakingTools } from './sense-making-tools.js';
import type { Tool, ToolContext } from './tool-kit.js';

export const MCP_TOOLS: Tool[] = [
  ...brainstormTools,
  ...ideaTools,
  ...reviewTools,
  ...generationTools,
  ...senseMakingTools,
];

const INSTRUCTIONS =
  "Ideaforge holds a team's brainstorms: each has a problem and ideas, which the team " +
  'reviews by voting, bookmarking, reacting and commenting. Ids are shown as #12. Start with ' +
  'list_brainstorms or review_queue; get_brainstorm reads one with its ideas. Generation and ' +
  'sense-making run in the background: start them, then follow them by id.';

/**
 * One JSON Schema validator for every request's server: a server makes its own otherwise, and
 * compiling Ajv's rules took a tenth of the CPU of a tool call in a profile. It checks only what
 * a client answers to a server's own request (elicitation), which these servers never make.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/** A server for one MCP request, its tools acting as the request's caller (decision 033). */
export function mcpServerFor(context: ToolContext): McpServer {
  const server = new McpServer(
    { name: 'ideaforge', version: '1.0.0' },
    { instructions: INSTRUCTIONS, capabilities: { tools: {} }, jsonSchemaValidator },
  );
  for (const tool of MCP_TOOLS) tool.register(server, context);
  return server;
}
