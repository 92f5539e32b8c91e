import 'server-only';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { TokenOwner } from '@/lib/server/auth/dal';
import { MAX_BODY_BYTES } from '@/lib/server/http';
import { registerDiaryTools } from './tools';

const INSTRUCTIONS = [
  "A calorie and food diary. Dates are the user's own calendar days, YYYY-MM-DD: for today, use the user's local date.",
  'To log a food, find it with search_foods and give log_food its `food` reference; quick_add logs kcal without a food.',
  'log_meal logs a meal described in words at once; tell the user what it guessed and what it could not find.',
  'Energy is in kcal, amounts and macros in grams, weight in kg. Every food and entry says where its figures came from (`source`).',
  'delete_entry deletes only with confirm: true; ask the user first.',
].join(' ');

/**
 * How many of the token's requests a minute an MCP request takes: one per JSON-RPC message, so a
 * batch of 100 tool calls is 100 requests, as docs/mcp.md says. A batch the transport refuses
 * unread (over its MAX_BATCH_SIZE) and a body that is no message count one.
 */
export function messagesIn(body: unknown): number {
  return Array.isArray(body) && body.length > 1 && body.length <= MAX_BATCH_SIZE ? body.length : 1;
}

/**
 * Answers one MCP request (the streamable HTTP transport) for the token's user, its `body` read
 * already (messagesIn). Stateless: each
 * request gets its own server and transport, so no session is kept between requests and any
 * instance of the app can answer any of them; answers are plain JSON rather than a stream, as no
 * tool sends progress.
 */
export async function answerMcp(request: Request, owner: TokenOwner, body: unknown): Promise<Response> {
  const server = new McpServer({ name: 'calorie-diary', version: '1.0.0' }, { instructions: INSTRUCTIONS });
  registerDiaryTools(server, owner);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(request, { parsedBody: body });
    // As every answer of the API (lib/server/http.ts json()): it is one user's data.
    response.headers.set('cache-control', 'no-store');
    return response;
  } finally {
    await server.close();
  }
}
