import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@/app/api/api-routes';
import { createApiRouter, inMatchOrder, type RouteModule } from '@/lib/server/api-router';

const API_DIR = path.join(__dirname, '..', '..', 'app', 'api');

/** Each route file of app/api as the path pattern it serves: [x] is :x, [...x] is *x. */
function routeFilePatterns(dir = API_DIR, prefix = '/api'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    if (item.isFile()) return item.name === 'route.ts' ? [prefix] : [];
    const segment = item.name.replace(/^\[\.\.\.(\w+)\]$/, '*$1').replace(/^\[(\w+)\]$/, ':$1');
    return routeFilePatterns(path.join(dir, item.name), `${prefix}/${segment}`);
  });
}

describe('the lean path of the API', () => {
  it('serves every route file of app/api once, at the path the route table gives it', () => {
    const listed = API_ROUTES.map((route) => route.pattern);
    expect([...listed].sort()).toEqual(routeFilePatterns().sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('tries a static segment before a parameter at the first place two paths differ', () => {
    const handlers = {};
    const patterns = ['/api/push/:id', '/api/days/:date/entries/:id', '/api/push/test', '/api/days/today'];
    expect(
      inMatchOrder(patterns.map((pattern) => ({ pattern, module: handlers }))).map((route) => route.pattern),
    ).toEqual(['/api/days/today', '/api/days/:date/entries/:id', '/api/push/test', '/api/push/:id']);
    expect(API_ROUTES.at(-1)?.pattern).toBe('/api/*path');
  });

  const echo =
    (name: string): RouteModule['GET'] =>
    async (_request, { params }) =>
      Response.json({ name, params: await params });
  const route = createApiRouter([
    { pattern: '/api/days/today', module: { GET: echo('static') } },
    { pattern: '/api/days/:date', module: { GET: echo('day'), PATCH: echo('patch') } },
    { pattern: '/api/*path', module: { GET: echo('rest') } },
  ]);
  const ask = (path: string, method = 'GET') => route(new Request(`http://localhost${path}`, { method }));

  it('finds routes in order, with params decoded as Next.js gives them', async () => {
    expect(await (await ask('/api/days/today')).json()).toEqual({ name: 'static', params: {} });
    expect(await (await ask('/api/days/2026-11-26')).json()).toEqual({
      name: 'day',
      params: { date: '2026-11-26' },
    });
    expect(await (await ask('/api/days/%D0%B4%D0%B5%D0%BD%D1%8C')).json()).toMatchObject({
      params: { date: 'день' },
    });
    expect(await (await ask('/api/a/b%20c')).json()).toEqual({
      name: 'rest',
      params: { path: ['a', 'b c'] },
    });
  });

  it('answers HEAD as GET without a body, OPTIONS with the methods, and 405 for the rest', async () => {
    const head = await ask('/api/days/2026-11-26', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const options = await ask('/api/days/2026-11-26', 'OPTIONS');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, PATCH, HEAD, OPTIONS');
    const put = await ask('/api/days/2026-11-26', 'PUT');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, PATCH, HEAD, OPTIONS');
  });
});
