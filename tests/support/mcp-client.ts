import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach } from 'vitest';
import { answerApiRequest } from '@/app/api/api-routes';

// The MCP server's tests talk to it with the SDK's own client, whose requests the API's route
// handlers answer in this process: tests/integration/mcp.test.ts and mcp-log-meal.test.ts.

const MCP_URL = 'http://localhost/api/mcp';

// Loose, as the tests read answers (tests/support/api-client.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A connected client sending `headers`, closed after the test. */
export async function connectMcp(headers: Record<string, string>): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    fetch: (url, init) => answerApiRequest(new Request(url, init)),
    requestInit: { headers },
  });
  const client = new Client({ name: 'diary-tests', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

export const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

/** Calls tool `name`, its structured answer as `data` and its text parts as `text`. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { ...result, data: result.structuredContent as Loose, text: textOf(result) };
}
