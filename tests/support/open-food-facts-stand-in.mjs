#!/usr/bin/env node
// A local stand-in for Open Food Facts' product API (GET /api/v2/product/{barcode}), answering
// recorded real answers from tests/fixtures/open-food-facts (their README says where each comes
// from). The API tests start it in-process; the e2e run and the bench start it as a server:
//
//   node tests/support/open-food-facts-stand-in.mjs --port 3599
//
// Besides the recorded products it answers a few barcodes in the GS1 range 200-299, which is
// kept for in-store codes and so never names a product of Open Food Facts, the way Open Food
// Facts fails: rate-limited, never answering, a malformed body, a server error. Any other
// barcode is "product not found", with the recorded not-found body. It binds to loopback only.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'open-food-facts');

/** Barcodes that make the stand-in fail the way Open Food Facts can. */
export const SPECIAL_BARCODES = {
  /** 429 Too Many Requests with Retry-After: 30. */
  rateLimited: '2000000000015',
  /** Accepts the connection and never answers. */
  timeout: '2000000000022',
  /** 200 with an HTML page instead of JSON (a proxy's error page, say). */
  malformed: '2000000000039',
  /** 500 with a JSON body that is no product answer. */
  serverError: '2000000000046',
  /** 200 with JSON that is no product answer: neither found nor "not found". */
  noStatus: '2000000000053',
};

/** The recorded answers by barcode, and the recorded not-found body. */
export function loadFixtures() {
  const products = new Map();
  let notFound = null;
  for (const file of readdirSync(FIXTURES).filter((name) => name.endsWith('.json'))) {
    const body = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'));
    if (file === 'not-found.json') notFound = body;
    else products.set(body.code, body);
  }
  if (!notFound) throw new Error('tests/fixtures/open-food-facts/not-found.json is missing');
  return { products, notFound };
}

/** Keeps the product fields the request named, as Open Food Facts does with `fields=`. */
function onlyFields(body, fields) {
  if (!fields || !body.product) return body;
  const wanted = new Set(fields.split(','));
  const product = Object.fromEntries(Object.entries(body.product).filter(([key]) => wanted.has(key)));
  return { ...body, product };
}

/**
 * Starts the stand-in on 127.0.0.1 (`port` 0 picks a free one). Answers `{ url, calls, close }`:
 * `calls` lists every product request as `{ barcode, userAgent, fields }`, newest last.
 */
export async function startStandIn({ port = 0 } = {}) {
  const { products, notFound } = loadFixtures();
  const calls = [];
  const hanging = new Set();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname === '/__calls') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ count: calls.length, calls }));
      return;
    }
    const match = /^\/api\/v2\/product\/([^/]+?)(?:\.json)?$/.exec(url.pathname);
    if (request.method !== 'GET' || !match) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    const barcode = decodeURIComponent(match[1]);
    const fields = url.searchParams.get('fields');
    calls.push({ barcode, userAgent: request.headers['user-agent'] ?? null, fields });
    const send = (status, body, headers = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    switch (barcode) {
      case SPECIAL_BARCODES.rateLimited:
        send(429, '<html><body><h1>429 Too Many Requests</h1></body></html>', {
          'content-type': 'text/html',
          'retry-after': '30',
        });
        return;
      case SPECIAL_BARCODES.timeout:
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      case SPECIAL_BARCODES.malformed:
        send(200, '<!DOCTYPE html><html><body>Service temporarily unavailable</body></html>', {
          'content-type': 'text/html',
        });
        return;
      case SPECIAL_BARCODES.serverError:
        send(500, { error: 'internal' });
        return;
      case SPECIAL_BARCODES.noStatus:
        send(200, { code: barcode, status_verbose: 'maintenance' });
        return;
    }
    const recorded = products.get(barcode);
    if (recorded) send(200, onlyFields(recorded, fields));
    else send(404, { ...notFound, code: barcode });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '3599' } } });
  const standIn = await startStandIn({ port: Number(values.port) });
  console.log(`Open Food Facts stand-in at ${standIn.url}`);
  const stop = () => standIn.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
