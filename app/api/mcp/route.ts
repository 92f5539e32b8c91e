import { requireToken } from '@/lib/server/auth/dal';
import { handler, methodNotAllowed } from '@/lib/server/http';
import { answerMcp } from '@/lib/server/mcp/server';

/**
 * POST /api/mcp → the MCP server (streamable HTTP, stateless; docs/mcp.md). A personal access
 * token only, never the session cookie: each tool checks the token's scopes itself, as every
 * call is a POST whatever it does.
 */
export const POST = handler(async (request) => answerMcp(request, await requireToken(request)));

// Stateless, the server opens no stream for GET and has no session to end with DELETE: the
// transport's answer for those is this 405, which clients expect.
const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
