// @ts-check
// `npm start`: the production build behind Node's own HTTP server. `next start` would do the
// same, but it lets a client's own X-Forwarded-For stand for its address, so a login limit per
// address could be dodged with a new header per try. Here each request's address comes from
// the socket, or from proxies TRUST_PROXY names (docs/decisions/0015). Each request is logged
// as one JSON line with its id (docs/decisions/0028), and SIGTERM stops the server gracefully.
// With METRICS_PORT set, it counts the requests, by route pattern, for Prometheus on an address
// of their own (docs/decisions/0048).
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { format } from 'node:util';
import { apiContentSecurityPolicy, commonSecurityHeaders } from '../lib/http/response-headers.mjs';
import { CLIENT_IP_HEADER, clientAddress } from './client-address.mjs';
import { embeddedDataDir, holdDataDir } from './data-dir-lock.mjs';
import { isApiPath, loadLeanApi, serveApi } from './lean-api.mjs';
import { beginStop, isStopping, runClosers } from './lifecycle.mjs';
import { logger, loggableError } from './log.mjs';
import { logRequest } from './request-log.mjs';
import { decodableUrl } from './request-path.mjs';
import { readServerSettings, SettingError } from './settings.mjs';

// The settings this script reads, and its port, are checked before Next.js loads: a value it
// cannot use stops it at once, exit code 1, with one JSON line naming the variable (a process
// manager then reports a failed start instead of a clean exit or a server that never listens).
/** @type {ReturnType<typeof readServerSettings>} */
let settings;
try {
  settings = readServerSettings(process.env);
} catch (error) {
  if (!(error instanceof SettingError)) throw error;
  logger.fatal({ variable: error.variable }, error.message);
  process.exit(1);
}
const { port, hostname, trust, headersTimeoutMs, requestTimeoutMs, leanApi } = settings;

/**
 * An address the server listens on, and the settings that name it.
 * @typedef {{ port: number, hostname: string | undefined, portVariable: string, hostVariable: string }} Address
 */
/** @type {Address} */
const appAddress = { port, hostname, portVariable: 'PORT', hostVariable: 'HOSTNAME' };
/** @type {Address | null} */
const metricsAddress = settings.metrics && {
  port: settings.metrics.port,
  hostname: settings.metrics.host,
  portVariable: 'METRICS_PORT',
  hostVariable: 'METRICS_HOST',
};

/**
 * A listen error as one line an operator can act on: which setting to change, and why.
 * @param {NodeJS.ErrnoException} error
 * @param {Address} address
 */
function listenFailure(error, { port, hostname, portVariable, hostVariable }) {
  const where = hostname ? `${hostname} port ${port}` : `port ${port}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return {
        variable: portVariable,
        message: `${portVariable} ${port} is in use by another process${hostname ? ` on ${hostname}` : ''}`,
      };
    case 'EACCES':
      return {
        variable: portVariable,
        message: `${portVariable} ${port} may not be opened by this user (below 1024 needs privileges)`,
      };
    case 'EADDRNOTAVAIL':
      return {
        variable: hostVariable,
        message: `${hostVariable} ${hostname} is not an address of this machine`,
      };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return {
        variable: hostVariable,
        message: `${hostVariable} ${hostname} does not resolve to an address`,
      };
    default:
      return {
        variable: portVariable,
        message: `cannot listen on ${where}: ${error.code ?? error.message}`,
      };
  }
}

/**
 * Exits, code 1, with the listen error as one line naming the setting to change.
 * @param {NodeJS.ErrnoException} error
 * @param {Address} address
 * @returns {never}
 */
function refuseListen(error, address) {
  const { variable, message } = listenFailure(error, address);
  logger.fatal({ variable, code: error.code }, message);
  process.exit(1);
}

// Tried before Next.js loads and the database opens, so that a port taken by another instance
// fails the start at once. The real listen below can still fail (another process took the port
// meanwhile), and exits the same way.
for (const address of metricsAddress ? [appAddress, metricsAddress] : [appAddress]) {
  await new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) => refuseListen(error, address));
    probe.listen(address.port, address.hostname, () => probe.close(resolve));
  });
}

// One server per embedded database (server/data-dir-lock.mjs): a second one on the same DATA_DIR
// stops here, exit code 1, with one line naming DATA_DIR and the process that holds it, before
// Next.js loads. After the port's check, so a start refused for its port takes nothing.
const dataDir = embeddedDataDir(process.env);
if (dataDir) {
  try {
    holdDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    const { holder } = /** @type {{ holder?: number }} */ (error);
    logger.fatal({ variable: error.variable, holder }, error.message);
    process.exit(1);
  }
}

// As `next start` does, before Next and React load: they pick their production code by it.
process.env.NODE_ENV = 'production';
// Next.js prints a few lines of its own ("✓ Running next.config.ts", errors it catches): as
// log lines instead, so that every line of the output is one JSON object.
console.log = console.info = (...args) => logger.info(format(...args).trim());
console.warn = (...args) => logger.warn(format(...args).trim());
console.error = (...args) => logger.error(format(...args).trim());
const { default: next } = await import('next');

/**
 * A variable the app itself cannot use (lib/server/env.ts, read as the API loads): reported as
 * this script's own settings are, one JSON line naming it and exit code 1, not a stack trace.
 * @param {unknown} error
 * @returns {never}
 */
function refuseEnvironment(error) {
  if (!(error instanceof Error) || error.name !== 'EnvironmentError') throw error;
  logger.fatal({ variable: /** @type {{ variable?: string }} */ (error).variable }, error.message);
  process.exit(1);
}

/**
 * Counts from now on, and answers the scrapes on METRICS_HOST:METRICS_PORT: before Next.js
 * prepares, so a scrape during a slow start sees the process's metrics.
 * @param {Address} address
 */
async function startMetrics(address) {
  const { createMetrics, serveMetrics, METRICS_PATH } = await import('./metrics-endpoint.mjs');
  const counted = createMetrics({ routePatterns: bundledApi?.routePatterns ?? [] });
  await serveMetrics(counted, { port: address.port, host: address.hostname }).catch(
    (/** @type {NodeJS.ErrnoException} */ error) => refuseListen(error, address),
  );
  const { port, hostname = '' } = address;
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  logger.info({ metricsPort: port }, `metrics on http://${host}:${port}${METRICS_PATH}`);
  return counted;
}

/** How long requests in flight may take to finish after SIGTERM before the process exits anyway. */
const STOP_DEADLINE_MS = 10_000;

const app = next({ dev: false, dir: process.cwd(), port, hostname });
const handle = app.getRequestHandler();
// Loaded before Next.js prepares, so the server listens as soon as Next.js is ready; the database
// both paths share opens lazily, on globalThis (lib/server/db/client.ts). With LEAN_API=off the
// metrics still take their route labels from it.
const bundledApi =
  leanApi || metricsAddress ? await loadLeanApi(process.cwd()).catch(refuseEnvironment) : null;
const answerApi = leanApi ? bundledApi : null;
// prom-client loads only when the metrics are on: without them nothing is counted.
const metrics = metricsAddress ? await startMetrics(metricsAddress) : null;
await app.prepare();

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

/**
 * How often Node checks the headers and request timeouts (its default: every 30 s, so a
 * trickling client could hold a connection for half a minute more).
 */
const TIMEOUT_CHECK_MS = 1_000;
/**
 * An idle keep-alive connection is closed after this (Node's default, written out because
 * docs/deploy/nginx.conf relies on it: nginx's keepalive_timeout must be shorter).
 */
const KEEP_ALIVE_TIMEOUT_MS = 5_000;

const server = createServer(
  {
    // HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS (server/settings.mjs says why 10 s and 60 s).
    headersTimeout: headersTimeoutMs,
    requestTimeout: requestTimeoutMs,
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  },
  (request, response) => {
    request.headers[CLIENT_IP_HEADER] = clientAddress(request, trust);
    logRequest(request, response);
    metrics?.observe(request, response);
    if (isStopping()) response.setHeader('connection', 'close');
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      lastActivityAt = Date.now();
    });
    if (refuseUndecodableApiPath(request, response)) return;
    request.url = decodableUrl(String(request.url));
    if (answerApi && isApiPath(String(request.url))) void serveApi(answerApi, request, response);
    else void handle(request, response);
  },
);

/**
 * An API path with a broken percent-escape (`/api/foods/%E0%A4%A`) makes Next.js throw as it
 * decodes the route's parameters, and answer a plain-text 500 without the API's headers. It is
 * the client's mistake: a JSON 400 here, with the headers every API answer carries.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
function refuseUndecodableApiPath(request, response) {
  const path = String(request.url).split('?')[0];
  if (path !== '/api' && !path.startsWith('/api/')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    for (const { key, value } of commonSecurityHeaders) response.setHeader(key, value);
    response.setHeader('content-security-policy', apiContentSecurityPolicy);
    response.setHeader('cache-control', 'no-store');
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'invalid' }));
    return true;
  }
}

// A property, not an option: createServer takes it as an option only in later Node versions.
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

server.on('connection', () => {
  lastActivityAt = Date.now();
});

server.once('error', async (/** @type {NodeJS.ErrnoException} */ error) => {
  const { variable, message } = listenFailure(error, appAddress);
  logger.fatal({ variable, code: error.code }, message);
  // The database may be open already (Next opened it as it prepared): closed, not cut off.
  for (const failure of await runClosers()) {
    logger.error({ error: loggableError(failure) }, 'closing after a failed start failed');
  }
  process.exit(1);
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
