import 'server-only';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * Methods the Fetch standard forbids: Next.js builds a `Request` for every request it serves,
 * and for these that constructor throws, so Next answered them with a 500 before any code of
 * ours ran. `next start` offers no hook ahead of that, so this one answers them 405 at the
 * HTTP server itself.
 */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

let installed = false;

/** Answers TRACE, TRACK and CONNECT with 405 on every HTTP server of this process. */
export function refuseForbiddenMethods(): void {
  if (installed) return;
  installed = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (FORBIDDEN_METHODS.has(request.method ?? '')) {
        response.writeHead(405, {
          allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
          'content-length': '0',
        });
        response.end();
        return true;
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}
