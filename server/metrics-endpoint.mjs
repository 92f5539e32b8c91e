// @ts-check
// The metrics endpoint (docs/decisions/0048): what an operator's Prometheus scrapes, on an
// address of its own (METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says otherwise), never on
// the app's port. server/server.mjs loads this module only when METRICS_PORT is set.
import { createServer } from 'node:http';
import client from 'prom-client';
import { setMetricsSink, watchedDatabase } from './metrics.mjs';
import { methodLabel, routeLabeller } from './route-label.mjs';

/**
 * The buckets of http_request_duration_seconds: prom-client's defaults, 5 ms to 10 s, which
 * bracket both a day read (about 1 ms of CPU, docs/decisions/0033) and an import part of 900 kB.
 */
export const DURATION_BUCKETS = Object.freeze([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);

/** The path Prometheus scrapes, its default metrics_path. */
export const METRICS_PATH = '/metrics';

/** @typedef {ReturnType<typeof createMetrics>} Metrics */

/**
 * The process's metrics: the requests by route pattern, the database's connections, reminders
 * and imports (counted through server/metrics.mjs), and prom-client's own metrics of the process
 * (CPU, memory, event loop lag, garbage collection, open handles).
 * @param {{ routePatterns: readonly string[] }} options the API's route patterns (API_ROUTES)
 */
export function createMetrics({ routePatterns }) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class (aborted: the client left first)',
    labelNames: /** @type {const} */ (['route', 'method', 'status_class']),
    registers,
  });
  const durations = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to the end of its answer, by route pattern and method',
    labelNames: /** @type {const} */ (['route', 'method']),
    buckets: [...DURATION_BUCKETS],
    registers,
  });
  const reminders = new client.Counter({
    name: 'reminders_total',
    help: 'Reminders due, by kind (test: the settings’ test reminder) and outcome: sent, skipped (already done that day), failed (tried again next minute), gone (the subscription was deleted)',
    labelNames: /** @type {const} */ (['kind', 'outcome']),
    registers,
  });
  const imports = new client.Counter({
    name: 'imports_total',
    help: 'Import requests (each part of a large import is one) that reached the merge, by outcome: applied, dryRun, refused (4xx), failed (5xx)',
    labelNames: /** @type {const} */ (['outcome']),
    registers,
  });
  const importedEntries = new client.Counter({
    name: 'imported_entries_total',
    help: 'Diary entries applied imports added or updated',
    labelNames: /** @type {const} */ (['change']),
    registers,
  });
  // At zero from the start, so that rate() and alerts see the series before the first import.
  for (const outcome of ['applied', 'dryRun', 'refused', 'failed']) imports.inc({ outcome }, 0);
  for (const change of ['added', 'updated']) importedEntries.inc({ change }, 0);

  new client.Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state: total and idle of the pg Pool, and its max (PGlite: one connection inside the process)',
    labelNames: /** @type {const} */ (['engine', 'state']),
    registers,
    collect() {
      this.reset();
      const database = watchedDatabase();
      if (database?.engine === 'postgres') {
        const { pool } = database;
        this.set({ engine: 'postgres', state: 'total' }, pool.totalCount);
        this.set({ engine: 'postgres', state: 'idle' }, pool.idleCount);
        this.set({ engine: 'postgres', state: 'max' }, pool.options?.max ?? 10);
      } else if (database?.engine === 'pglite') {
        this.set({ engine: 'pglite', state: 'total' }, 1);
        this.set({ engine: 'pglite', state: 'max' }, 1);
      }
    },
  });
  new client.Gauge({
    name: 'db_pool_waiting',
    help: 'Queries waiting for a free connection of the pg Pool (PGlite queues inside itself and does not say)',
    labelNames: /** @type {const} */ (['engine']),
    registers,
    collect() {
      this.reset();
      const database = watchedDatabase();
      if (database?.engine === 'postgres') this.set({ engine: 'postgres' }, database.pool.waitingCount);
    },
  });

  setMetricsSink({
    reminder: (kind, outcome) => reminders.inc({ kind, outcome }),
    imported: (outcome, { added, updated }) => {
      imports.inc({ outcome });
      if (added > 0) importedEntries.inc({ change: 'added' }, added);
      if (updated > 0) importedEntries.inc({ change: 'updated' }, updated);
    },
  });

  const routeOf = routeLabeller(routePatterns);

  return {
    registry,
    /**
     * Counts `request` once its answer is sent or its client is gone, as server/request-log.mjs
     * logs it: labelled by its route pattern, never its path.
     * @param {import('node:http').IncomingMessage} request
     * @param {import('node:http').ServerResponse} response
     */
    observe(request, response) {
      const startedAt = performance.now();
      const labels = { route: routeOf(String(request.url)), method: methodLabel(request.method) };
      const done = () => {
        response.off('finish', done);
        response.off('close', done);
        const sent = !request.readableAborted && response.writableEnded;
        const status_class = sent ? `${Math.floor(response.statusCode / 100)}xx` : 'aborted';
        requests.inc({ ...labels, status_class });
        durations.observe(labels, (performance.now() - startedAt) / 1000);
      };
      response.on('finish', done);
      response.on('close', done);
    },
    /** Stops counting what the app reports (server/metrics.mjs); for tests. */
    close() {
      setMetricsSink(null);
      registry.clear();
    },
  };
}

/**
 * Listens on `host`:`port` and answers GET /metrics with the metrics in Prometheus's text
 * format; any other path is a 404, any other method a 405. Resolves once listening; rejects
 * with the listen error (the port taken ...).
 * @param {Metrics} metrics
 * @param {{ port: number, host: string | undefined }} address
 * @returns {Promise<import('node:http').Server>}
 */
export function serveMetrics(metrics, { port, host }) {
  const server = createServer((request, response) => {
    response.setHeader('cache-control', 'no-store');
    if (String(request.url).split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
