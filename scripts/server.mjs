// @ts-check
// `npm start`: the production build behind Node's own HTTP server. `next start` would do the
// same, but it lets a client's own X-Forwarded-For stand for its address, so a login limit per
// address could be dodged with a new header per try. Here each request's address comes from
// the socket, or from proxies TRUST_PROXY names (docs/decisions/0015). Each request is logged
// as one JSON line with its id (docs/decisions/0020), and SIGTERM stops the server gracefully.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { format } from 'node:util';
import pinoHttp from 'pino-http';
import { CLIENT_IP_HEADER, clientAddress, trustFrom } from './lib/client-address.mjs';
import { beginStop, isStopping, runClosers } from './lib/lifecycle.mjs';
import { logger, loggableError } from './lib/log.mjs';

// As `next start` does, before Next and React load: they pick their production code by it.
process.env.NODE_ENV = 'production';
// Next.js prints a few lines of its own ("✓ Running next.config.ts took 290ms", errors it
// catches): as log lines instead, so that every line of the output is one JSON object.
console.log = console.info = (...args) => logger.info(format(...args).trim());
console.warn = (...args) => logger.warn(format(...args).trim());
console.error = (...args) => logger.error(format(...args).trim());
const { default: next } = await import('next');

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;
const trust = trustFrom(process.env.TRUST_PROXY);
/** How long requests in flight may take to finish after SIGTERM before the process exits anyway. */
const STOP_DEADLINE_MS = 10_000;
/** The request header carrying the request's id, from the proxy (nginx's $request_id) or made here. */
const REQUEST_ID_HEADER = 'x-request-id';
// A proxy's id is kept when it looks like one; anything else a client sent is replaced.
const REQUEST_ID = /^[\w.:-]{1,128}$/;

const app = next({ dev: false, dir: process.cwd(), port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

const logRequest = pinoHttp({
  logger,
  quietReqLogger: true,
  genReqId(request, response) {
    const sent = request.headers[REQUEST_ID_HEADER];
    const id = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    response.setHeader(REQUEST_ID_HEADER, id);
    return id;
  },
  // What a request line keeps: the method and the path, never the query, headers or address.
  serializers: {
    req: (request) => ({ method: request.method, path: String(request.url).split('?')[0] }),
    res: (response) => ({ status: response.statusCode }),
  },
  customLogLevel: (_request, response, error) =>
    error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
});

/**
 * After SIGTERM the listener stays open until the process has been idle this long (no request in
 * flight, no new connection): connections the kernel queued before the signal, which this process
 * had not accepted yet (it takes the next one when its loop is free), are answered instead of
 * reset when the listener closes. At most STOP_LISTEN_MAX_MS, for a proxy that keeps sending.
 */
const STOP_QUIET_MS = 200;
const STOP_LISTEN_MAX_MS = 5_000;
let lastActivityAt = 0;

/** Responses not yet sent; on SIGTERM each is told to close its connection once sent. */
const inFlight = new Set();

const server = createServer((request, response) => {
  request.headers[CLIENT_IP_HEADER] = clientAddress(request, trust);
  logRequest(request, response);
  request.headers[REQUEST_ID_HEADER] = String(request.id);
  if (isStopping()) response.setHeader('connection', 'close');
  inFlight.add(response);
  response.once('close', () => {
    inFlight.delete(response);
    lastActivityAt = Date.now();
  });
  void handle(request, response);
});

server.on('connection', () => {
  lastActivityAt = Date.now();
});

server.listen(port, hostname, () => {
  logger.info({ port }, `Calorie Diary on http://${hostname ?? 'localhost'}:${port}`);
});

/**
 * A stop (docker stop, systemd, Kubernetes, Ctrl+C): /api/ready says 503; requests in flight
 * finish and are answered, each on a connection that then closes; connections that arrived just
 * before the signal are still taken until the process has been quiet for STOP_QUIET_MS, then the
 * listener closes; the database is closed after the last answer. Past the deadline the process
 * exits with the requests still open, and says so.
 */
function stop(/** @type {string} */ signal) {
  if (isStopping()) return;
  beginStop();
  logger.info({ signal, inFlight: inFlight.size }, 'stopping: finishing the requests in flight');
  for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
  server.closeIdleConnections();
  const stoppedAt = Date.now();
  const closeWhenQuiet = () => {
    const busy = inFlight.size > 0 || Date.now() - lastActivityAt < STOP_QUIET_MS;
    if (busy && Date.now() - stoppedAt < STOP_LISTEN_MAX_MS) {
      setTimeout(closeWhenQuiet, 50);
      return;
    }
    server.close(async () => {
      const errors = await runClosers();
      for (const error of errors) logger.error({ error: loggableError(error) }, 'closing on stop failed');
      logger.info('stopped');
      process.exit(errors.length === 0 ? 0 : 1);
    });
  };
  closeWhenQuiet();
  setTimeout(() => {
    logger.error(
      { inFlight: inFlight.size },
      `requests still open ${STOP_DEADLINE_MS} ms after ${signal}: exiting`,
    );
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
}

for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) process.on(signal, () => stop(signal));
