import 'server-only';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { apiContentSecurityPolicy, commonSecurityHeaders } from '@/lib/http/security-headers';

/**
 * Methods the Fetch standard forbids: Next.js builds a `Request` for every request it serves,
 * and for these that constructor throws, so Next answered them with a 500 before any code of
 * ours ran. `next start` offers no hook ahead of that, so this one answers them 405 at the
 * HTTP server itself.
 */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

let installed = false;

/**
 * The 405 itself. It never reaches Next, so it carries by hand what next.config.ts gives every
 * answer: the common security headers and, on the API, the API's policy and a JSON body like
 * any other API error.
 */
function refuse(request: IncomingMessage, response: ServerResponse): void {
  const api = (request.url ?? '').startsWith('/api/');
  const body = api ? JSON.stringify({ error: 'methodNotAllowed' }) : '405 Method Not Allowed\n';
  const headers: Record<string, string> = {
    allow: 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT',
    'content-type': api ? 'application/json' : 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
  };
  for (const { key, value } of commonSecurityHeaders) headers[key.toLowerCase()] = value;
  if (api) headers['content-security-policy'] = apiContentSecurityPolicy;
  response.writeHead(405, headers);
  response.end(body);
}

/** Answers TRACE, TRACK and CONNECT with 405 on every HTTP server of this process. */
export function refuseForbiddenMethods(): void {
  if (installed) return;
  installed = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (FORBIDDEN_METHODS.has(request.method ?? '')) {
        refuse(request, response);
        return true;
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
