import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@/app/api/api-routes';
import { createApiRouter } from '@/lib/server/api-router';
import { methodLabel, routeLabeller, UNMATCHED_API } from '@/server/route-label.mjs';

// The metrics' `route` label (docs/decisions/0048): the pattern of the route that answers, never
// the path, which carries share tokens, ids and dates and would make one series per request.

const patterns = API_ROUTES.map((route) => route.pattern);
const labelOf = routeLabeller(patterns);
/** The pattern as the label writes it, as the OpenAPI description does: `{date}`, not `:date`. */
const asLabel = (pattern: string) => pattern.replace(/:(\w+)|\*(\w+)/g, (_, one, rest) => `{${one ?? rest}}`);

/** The pattern of the route the API's own router picks for `path`, or null for its 404. */
async function patternPicked(path: string): Promise<string | null> {
  const router = createApiRouter(
    API_ROUTES.map(({ pattern }) => ({ pattern, module: { GET: async () => Response.json(pattern) } })),
  );
  const answer = await router(new Request(`http://localhost${path}`));
  return answer.status === 404 ? null : ((await answer.json()) as string);
}

describe('route labels of the metrics', () => {
  it('label each route with its pattern, as the router picks it, for paths of every route', async () => {
    const paths = [
      ...patterns.map((pattern) =>
        pattern
          .replace(/:(\w+)/g, (_, name) => `${name}-${Math.random().toString(36).slice(2)}`)
          .replace(/\*\w+/, 'a/b'),
      ),
      // Static segments come before parameters of the same place: /api/push/test is no :id.
      '/api/push/test',
      '/api/days/2026-11-27/entries/0b7e6a0c-1d1e-4c3a-9a55-3f0a7b1c2d3e',
      '/api/foods/123?fields=all',
      '/api/foods/',
      '/api/foods/../me',
      '/api/no/such/route',
    ];
    for (const path of paths) {
      const picked = await patternPicked(path);
      expect(labelOf(path), path).toBe(picked === null ? UNMATCHED_API : asLabel(picked));
    }
  });

  it('never carry a secret or an id: a share link’s token, an entry’s id, a date', () => {
    const token = 'q7Hk2mVd9XbR4wZ1sT6yU8nP3cL5fJ0aE_gK-iO2hMx';
    expect(labelOf(`/api/shared/${token}`)).toBe('/api/shared/{token}');
    expect(labelOf(`/shared/${token}`)).toBe('page');
    expect(labelOf('/api/tokens/5f0c1d2e-aaaa-bbbb-cccc-1234567890ab')).toBe('/api/tokens/{id}');
    expect(labelOf('/api/days/2026-11-27')).toBe('/api/days/{date}');
    expect(labelOf(`/api/${token}/x`)).toBe('/api/{path}');
    // A broken escape (answered 400 by server/server.mjs before any route) is no error here.
    expect(labelOf('/api/foods/%E0%A4%A')).toBe('/api/foods/{id}');
  });

  it('keep the labels few, whatever paths arrive', () => {
    const labels = new Set<string>();
    for (let index = 0; index < 2_000; index++) {
      const noise = Math.random().toString(36).slice(2);
      for (const path of [`/api/${noise}`, `/api/foods/${noise}`, `/${noise}`, `/_next/static/${noise}.js`]) {
        labels.add(labelOf(path));
      }
    }
    expect([...labels].sort()).toEqual(['/api/foods/{id}', '/api/{path}', 'page', 'static']);
    const every = new Set([...patterns.map(asLabel), 'page', 'static', UNMATCHED_API]);
    expect(every.size).toBeLessThan(50);
  });

  it('label pages as one, Next’s build files as another, and /api itself as a page', () => {
    expect(
      ['/', '/dashboard', '/Login?next=/food', '/no-such-page', '/api', '//api/foods'].map(labelOf),
    ).toEqual(Array(6).fill('page'));
    expect(labelOf('/_next/static/chunks/app.js')).toBe('static');
    expect(labelOf('/api/')).toBe(UNMATCHED_API);
    expect(labelOf('/api/../dashboard')).toBe(UNMATCHED_API);
  });

  it('label every /api path `api` when the build has no bundled API to take the patterns from', () => {
    const bare = routeLabeller([]);
    expect([bare('/api/foods/1'), bare('/api/shared/x'), bare('/food')]).toEqual(['api', 'api', 'page']);
  });

  it('label a method the app does not answer `other`', () => {
    expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map(methodLabel)).toEqual([
      'GET',
      'HEAD',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'OPTIONS',
    ]);
    expect(['PROPFIND', 'get', 'TRACE', undefined, ''].map(methodLabel)).toEqual(Array(5).fill('other'));
  });
});
