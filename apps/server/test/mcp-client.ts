import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach } from 'vitest';

const open: Client[] = [];

// Every client a test connected is closed after it.
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** The SDK's own client, connected over HTTP to the app's MCP server with a bearer token. */
export async function connectMcp(baseUrl: string, token: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('/api/mcp/', baseUrl), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'ideaforge-tests', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return client;
}

/**
 * A tool's answer: its text, whether it is an error, and its structured content, whose shape the
 * caller names as it would with `response.json<T>()`.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export async function callTool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return { text, isError: result.isError === true, data: result.structuredContent as T };
}
