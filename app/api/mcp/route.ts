import { requireToken } from '@/lib/server/auth/dal';
import { methodNotAllowed, readBody } from '@/lib/server/http';
import { answerMcp, messagesIn } from '@/lib/server/mcp/server';
import { route } from '@/lib/server/route';

/**
 * POST /api/mcp → the MCP server (streamable HTTP, stateless; docs/mcp.md). A personal access
 * token only, never the session cookie: each tool checks the token's scopes itself, as every
 * call is a POST whatever it does.
 *
 * The body is read once the token is known, so that a JSON-RPC batch counts each of its messages
 * against the token's requests a minute: a batch that does not fit in what is left of the minute
 * is refused whole with 429, before any call in it runs (docs/mcp.md, Limits).
 */
export const POST = route('mcp', async (request) => {
  const read: { body?: unknown; failure?: unknown } = {};
  const owner = await requireToken(request, undefined, async () => {
    try {
      read.body = await readBody(request);
    } catch (failure) {
      // Too large or not JSON: counted as one request, then refused as it was read.
      read.failure = failure;
    }
    return messagesIn(read.body);
  });
  if (read.failure) throw read.failure;
  return answerMcp(request, owner, read.body);
});

// Stateless, the server opens no stream for GET and has no session to end with DELETE: the
// transport's answer for those is this 405, which clients expect.
const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
