import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseForbiddenMethods } from '@/lib/server/forbidden-methods';
import { TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';

// A method a route does not have is answered like every other API error, JSON with
// the methods it does have in Allow, instead of Next's empty 405.

const DATE = '2026-11-26';
const ID = '6f1d7a52-3c1e-4b5e-9d7a-0e1b2c3d4e5f';
/** Each route, the methods it answers, and the Allow its 405 names. */
const routes: Array<[string, string[], string]> = [
  ['/api/auth/register', ['POST'], 'OPTIONS, POST'],
  ['/api/auth/login', ['POST'], 'OPTIONS, POST'],
  ['/api/auth/logout', ['POST'], 'OPTIONS, POST'],
  ['/api/auth/logout-others', ['POST'], 'OPTIONS, POST'],
  ['/api/batch', ['POST'], 'OPTIONS, POST'],
  ['/api/changes', ['GET'], 'GET, HEAD, OPTIONS'],
  ['/api/me', ['GET', 'DELETE'], 'DELETE, GET, HEAD, OPTIONS'],
  ['/api/me/password', ['PUT'], 'OPTIONS, PUT'],
  ['/api/settings', ['GET', 'PATCH'], 'GET, HEAD, OPTIONS, PATCH'],
  ['/api/foods', ['GET', 'POST'], 'GET, HEAD, OPTIONS, POST'],
  ['/api/foods/1', ['PATCH', 'DELETE'], 'DELETE, OPTIONS, PATCH'],
  ['/api/days', ['GET'], 'GET, HEAD, OPTIONS'],
  [`/api/days/${DATE}`, ['GET', 'PATCH'], 'GET, HEAD, OPTIONS, PATCH'],
  [`/api/days/${DATE}/entries/${ID}`, ['PUT', 'DELETE'], 'DELETE, OPTIONS, PUT'],
  ['/api/stats', ['GET'], 'GET, HEAD, OPTIONS'],
  ['/api/parse', ['POST'], 'OPTIONS, POST'],
  ['/api/catalog/search?q=milk', ['GET'], 'GET, HEAD, OPTIONS'],
  ['/api/export', ['GET'], 'GET, HEAD, OPTIONS'],
  ['/api/import', ['POST'], 'OPTIONS, POST'],
  ['/api/products/4600605017265', ['GET'], 'GET, HEAD, OPTIONS'],
  ['/api/health', ['GET'], 'GET, HEAD, OPTIONS'],
  ['/api/ready', ['GET'], 'GET, HEAD, OPTIONS'],
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe.each(engines)('methods a route does not have on $name', (engine) => {
  useDatabase(engine);

  const cases = routes.flatMap(([path, methods, allow]) =>
    METHODS.filter((method) => !methods.includes(method)).map((method) => [method, path, allow] as const),
  );

  it.each(cases)('%s %s answers a JSON 405 with Allow: %s', async (method, path, allow) => {
    const answer = await new TestClient().call(method, path, method === 'GET' ? {} : { body: {} });
    expect(answer.status).toBe(405);
    expect(answer.body).toEqual({ error: 'methodNotAllowed' });
    expect(answer.headers.get('allow')).toBe(allow);
    expect(answer.headers.get('content-type')).toBe('application/json');
  });
});

// TRACK never gets this far: Node's HTTP parser refuses it with a 400 of its own.
describe('TRACE, refused before Next', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    refuseForbiddenMethods();
    server = createServer((_request, response) => response.end('reached the app'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function send(method: string, path: string) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, method, path }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body }),
          );
        });
        request.on('error', reject);
        request.end();
      },
    );
  }

  it.each(['TRACE'])('%s on the API is a JSON 405 with Allow and the API headers', async (method) => {
    const answer = await send(method, '/api/me');
    expect(answer.status).toBe(405);
    expect(JSON.parse(answer.body)).toEqual({ error: 'methodNotAllowed' });
    expect(answer.headers).toMatchObject({
      allow: 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT',
      'content-type': 'application/json',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it('TRACE on a page is a plain 405 with the security headers', async () => {
    const answer = await send('TRACE', '/dashboard');
    expect(answer.status).toBe(405);
    expect(answer.body).toBe('405 Method Not Allowed\n');
    expect(answer.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
  });
});
