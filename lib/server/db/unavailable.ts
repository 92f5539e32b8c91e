import 'server-only';

/**
 * Why the database could not be asked, when that is what `error` says (on itself or on an error
 * it wraps: Drizzle wraps the driver's), or null for any other error. An unreachable or
 * restarting database is a state of the service, not a bug of the request: the API answers 503
 * with Retry-After (lib/server/http.ts) and /api/ready says not ready, both without a stack in
 * the log. The answer holds no values of the query, only the code and the driver's message.
 */
export function databaseUnavailable(error: unknown): { code?: string; message: string } | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    const text = typeof message === 'string' ? message : '';
    // An outbound request's failure (Open Food Facts, a push service) wraps the same socket
    // errors: it is no failure of the database.
    if (current instanceof TypeError && text === 'fetch failed') return null;
    if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || isUnavailableSqlState(code))) {
      return { code, message: text || code };
    }
    if (typeof code !== 'string' && CONNECTION_LOST.test(text)) return { message: text };
    // Node's connect to a name with several addresses (localhost: ::1 and 127.0.0.1) fails with
    // an AggregateError of one error per address.
    if (Array.isArray(errors) && errors.length > 0) {
      const first = databaseUnavailable(errors[0]);
      if (first) return first;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The socket's errors: no server at the address, no such host, no route, the line cut. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that cannot take the query now: class 08 (connection
 * exception), 57P01-57P03 (shut down by an administrator, after a crash, or still starting) and
 * 53300 (all its connections taken).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'
  );
}

/**
 * node-postgres's own errors, which carry no code: a connection cut while in use, a connection
 * timeout of the pool, a client whose connection already failed, and a pool ended by the stop.
 */
const CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;
