import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerApiRequest, API_ROUTES } from '@/app/api/api-routes';
import type { Reminders } from '@/lib/schemas/push';
import { setDatabaseForTests, type Database } from '@/lib/server/db/client';
import { pushSubscriptions } from '@/lib/server/db/schema';
import { MAX_BODY_BYTES } from '@/lib/server/http';
import { sendDueReminders, type Delivery } from '@/lib/server/push/send-reminders';
import { CLIENT_IP_HEADER } from '@/server/client-address.mjs';
import { isApiPath, serveApi } from '@/server/lean-api.mjs';
import { createMetrics, serveMetrics, type Metrics } from '@/server/metrics-endpoint.mjs';
import { watchDatabase } from '@/server/metrics.mjs';
import { signUp } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { guestExport } from '../support/diary-data';

// The metrics endpoint (docs/decisions/0048) over real HTTP: requests go through a Node server
// wired as server/server.mjs wires its own (the request observer, then the API's lean path, the
// same route files), and the scrape comes from the endpoint's own listener. The wiring of
// server/server.mjs itself, its settings and its separate port are proven on the production
// build by tests/e2e/operations.spec.ts.

/** One sample of a scrape: its name, its labels, its value. */
type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of Prometheus's text format (comments skipped). */
function parse(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const found = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!found) return [];
    const labels = Object.fromEntries(
      [...(found[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => [name!, value!]),
    );
    return [{ name: found[1]!, labels, value: Number(found[3]) }];
  });
}

/** The value of the sample with exactly these labels, or undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return samples.find(
    (sample) => sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted,
  )?.value;
}

const everyDay = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const noReminders: Reminders = {
  breakfast: null,
  lunch: null,
  dinner: null,
  snacks: null,
  weighIn: null,
  nothingLogged: null,
  fastEnd: false,
};
/** Friday 27 November 2026 in Moscow (UTC+3), at `time`. */
const moscow = (time: string) => new Date(`2026-11-27T${time}:00+03:00`);

describe.each(engines)('the metrics endpoint on $name', (engine) => {
  const db = useDatabase(engine);
  let metrics: Metrics;
  let app: Server;
  let endpoint: Server;
  let appUrl: string;
  let metricsUrl: string;

  beforeAll(async () => {
    metrics = createMetrics({ routePatterns: API_ROUTES.map((route) => route.pattern) });
    // What lib/server/db/client.ts says as it opens the database; the tests open their own.
    const driver = (db() as unknown as { $client: unknown }).$client;
    watchDatabase(
      engine.name === 'postgres' ? { engine: 'postgres', pool: driver as Pool } : { engine: 'pglite' },
    );
    const api = { answer: answerApiRequest, maxBodyBytes: MAX_BODY_BYTES, routePatterns: [] };
    const address = `192.0.2.${1 + Math.floor(Math.random() * 250)}`;
    app = createServer((request, response) => {
      request.headers[CLIENT_IP_HEADER] = address;
      metrics.observe(request, response);
      if (isApiPath(String(request.url))) void serveApi(api, request, response);
      else response.writeHead(200, { 'content-type': 'text/html' }).end('<p>a page</p>');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    endpoint = await serveMetrics(metrics, { port: 0, host: '127.0.0.1' });
    metricsUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/metrics`;
  });

  afterAll(async () => {
    metrics?.close();
    await Promise.all(
      [app, endpoint].map(
        (server) => new Promise((resolve) => (server ? server.close(resolve) : resolve(null))),
      ),
    );
  });

  const scrape = async () => {
    const answer = await fetch(metricsUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    return { text, samples: parse(text) };
  };

  it('counts requests by route pattern, never by path, with their durations and status classes', async () => {
    const { client } = await signUp();
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const shareToken = randomBytes(32).toString('base64url'); // as a share link's: 43 characters
    const entryId = randomUUID();
    const answers = await Promise.all([
      fetch(`${appUrl}/api/days/2026-11-27/entries/${entryId}`, { headers: { cookie } }),
      fetch(`${appUrl}/api/days/2026-11-28/entries/${randomUUID()}`, { headers: { cookie } }),
      fetch(`${appUrl}/api/shared/${shareToken}`),
      fetch(`${appUrl}/shared/${shareToken}?from=2026-11-01`),
      fetch(`${appUrl}/api/no-such-route/${entryId}`),
      fetch(`${appUrl}/api/foods`, { headers: { cookie } }),
      // A method Node's parser takes and no route has: one label for all such.
      fetch(`${appUrl}/api/foods`, { method: 'PROPFIND', headers: { cookie } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([405, 405, 404, 200, 404, 200, 405]);

    // A database that fails: the server's own error, a 5xx.
    const broken = { select: () => Promise.reject(new Error('connection refused')) } as unknown as Database;
    setDatabaseForTests(broken);
    try {
      expect((await fetch(`${appUrl}/api/foods`, { headers: { cookie } })).status).toBe(500);
    } finally {
      setDatabaseForTests(db());
    }

    const { text, samples } = await scrape();
    const requests = (route: string, method: string, status_class: string) =>
      valueOf(samples, 'http_requests_total', { route, method, status_class });
    expect(requests('/api/days/{date}/entries/{id}', 'GET', '4xx')).toBe(2);
    expect(requests('/api/shared/{token}', 'GET', '4xx')).toBe(1);
    expect(requests('/api/{path}', 'GET', '4xx')).toBe(1);
    expect(requests('page', 'GET', '2xx')).toBe(1);
    expect(requests('/api/foods', 'GET', '2xx')).toBe(1);
    expect(requests('/api/foods', 'GET', '5xx')).toBe(1);
    expect(requests('/api/foods', 'other', '4xx')).toBe(1);
    expect(
      valueOf(samples, 'http_request_duration_seconds_count', {
        route: '/api/days/{date}/entries/{id}',
        method: 'GET',
      }),
    ).toBe(2);
    expect(
      valueOf(samples, 'http_request_duration_seconds_bucket', {
        route: '/api/shared/{token}',
        method: 'GET',
        le: '+Inf',
      }),
    ).toBe(1);

    // No path, id, date or secret reaches a label; only the patterns and the two other labels.
    for (const secret of [shareToken, entryId, '2026-11-27', '2026-11-01', 'no-such-route', 'PROPFIND']) {
      expect(text).not.toContain(secret);
    }
    const patterns = new Set(API_ROUTES.map((route) => route.pattern.replace(/[:*](\w+)/g, '{$1}')));
    for (const sample of samples.filter((each) => each.name.startsWith('http_request'))) {
      expect(
        patterns.has(sample.labels.route!) || ['page', 'static'].includes(sample.labels.route!),
        sample.labels.route,
      ).toBe(true);
    }
    // The process's own metrics come with them.
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(samples.some((sample) => sample.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('counts imports by outcome and the entries they brought', async () => {
    const { client } = await signUp();
    const data = guestExport('2026-03-01', 5);
    const entryCount = data.days.reduce((sum, day) => sum + day.entries.length, 0);
    const before = parse((await scrape()).text);
    expect((await client.post('/api/import?dryRun=1', data)).status).toBe(200);
    expect((await client.post('/api/import', data)).status).toBe(200);
    // The same file again changes nothing: an import, no entries.
    expect((await client.post('/api/import', data)).status).toBe(200);
    expect((await client.post('/api/import', { format: 'something else' })).status).toBe(400);

    const after = parse((await scrape()).text);
    const grew = (name: string, labels: Record<string, string>) =>
      (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    expect(valueOf(before, 'imports_total', { outcome: 'failed' })).toBe(0);
    expect(grew('imports_total', { outcome: 'dryRun' })).toBe(1);
    expect(grew('imports_total', { outcome: 'applied' })).toBe(2);
    expect(grew('imports_total', { outcome: 'refused' })).toBe(1);
    expect(grew('imports_total', { outcome: 'failed' })).toBe(0);
    expect(grew('imported_entries_total', { change: 'added' })).toBe(entryCount);
    expect(grew('imported_entries_total', { change: 'updated' })).toBe(0);
  });

  it('counts reminders sent, skipped, failed and gone; a skip once however often it is checked', async () => {
    const lunch = { ...noReminders, lunch: { time: '13:00', days: [...everyDay] } };
    const devices = {
      sent: `https://push.example/sent-${randomUUID()}`,
      skipped: `https://push.example/skipped-${randomUUID()}`,
      failed: `https://push.example/failed-${randomUUID()}`,
      gone: `https://push.example/gone-${randomUUID()}`,
    };
    await db()
      .insert(pushSubscriptions)
      .values(
        Object.entries(devices).map(([outcome, endpoint]) => ({
          endpoint,
          p256dh: 'key',
          auth: 'auth',
          language: 'en',
          timeZone: 'Europe/Moscow',
          reminders: lunch,
          // The guest says it logged lunch that day: its reminder is skipped.
          guestLogged:
            outcome === 'skipped' ? { date: '2026-11-27', meals: ['lunch' as const], weighed: false } : null,
        })),
      );
    const deliver = async ({ endpoint }: { endpoint: string }): Promise<Delivery> =>
      endpoint === devices.gone ? 'gone' : endpoint === devices.failed ? 'failed' : 'sent';

    // Three minutes of the loop: the failure is tried again each minute, the skip checked each time.
    for (const minute of ['13:01', '13:02', '13:03']) await sendDueReminders(db(), moscow(minute), deliver);

    const { samples, text } = await scrape();
    const reminders = (outcome: string) => valueOf(samples, 'reminders_total', { kind: 'lunch', outcome });
    expect({
      sent: reminders('sent'),
      skipped: reminders('skipped'),
      failed: reminders('failed'),
      gone: reminders('gone'),
    }).toEqual({ sent: 1, skipped: 1, failed: 3, gone: 1 });
    // The push endpoints are secrets too: whoever holds one can push to the device.
    for (const endpoint of Object.values(devices)) expect(text).not.toContain(endpoint);
  });

  it('shows the database connections: the pg Pool’s, or PGlite’s one', async () => {
    const { samples } = await scrape();
    const connections = (state: string) =>
      valueOf(samples, 'db_pool_connections', { engine: engine.name, state });
    if (engine.name === 'postgres') {
      // tests/support/database.ts opens its pool with max 4; the tests above used it.
      expect(connections('max')).toBe(4);
      expect(connections('total')).toBeGreaterThanOrEqual(1);
      expect(connections('idle')).toBeLessThanOrEqual(connections('total')!);
      expect(valueOf(samples, 'db_pool_waiting', { engine: 'postgres' })).toBe(0);
    } else {
      expect([connections('total'), connections('max')]).toEqual([1, 1]);
      expect(samples.some((sample) => sample.name === 'db_pool_waiting')).toBe(false);
    }
  });

  it('answers GET /metrics only: another path is a 404, another method a 405', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsUrl.replace('/metrics', '/api/health'))).status).toBe(404);
    const posted = await fetch(metricsUrl, { method: 'POST' });
    expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const head = await fetch(metricsUrl, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
  });
});
