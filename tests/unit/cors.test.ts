import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCorsOrigins, PREFLIGHT_MAX_AGE_SECONDS } from '@/lib/http/cors';
import { middleware } from '@/middleware';

describe('CORS_ORIGINS', () => {
  it('reads a comma-separated list of origins', () => {
    expect([...parseCorsOrigins(' https://app.example.com, http://localhost:3000/ ,')]).toEqual([
      'https://app.example.com',
      'http://localhost:3000',
    ]);
    expect(parseCorsOrigins(undefined).size).toBe(0);
    expect(parseCorsOrigins('').size).toBe(0);
  });

  it.each([
    '*',
    'app.example.com',
    'https://app.example.com/api',
    'ftp://files.example.com',
    'https://*.example.com',
  ])('refuses %s, naming it', (entry) => {
    expect(() => parseCorsOrigins(`https://ok.example.com,${entry}`)).toThrow(entry);
  });

  it('keeps any http(s) origin as the browser sends it', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'] }), (url) => {
        const { origin } = new URL(url);
        expect([...parseCorsOrigins(origin)]).toEqual([origin]);
      }),
    );
  });
});

describe("the API's preflights (middleware.ts)", () => {
  afterEach(() => {
    delete process.env.CORS_ORIGINS;
  });

  const request = (method: string, headers: Record<string, string>) =>
    new NextRequest('https://api.example.com/api/days/2026-11-25', { method, headers });

  it("answers a listed origin's preflight, cached for two hours", async () => {
    process.env.CORS_ORIGINS = 'https://app.example.com';
    const response = await middleware(
      request('OPTIONS', {
        origin: 'https://app.example.com',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      }),
    );
    expect(response.status).toBe(204);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'access-control-allow-origin': 'https://app.example.com',
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
    });
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it("refuses another origin's preflight", async () => {
    process.env.CORS_ORIGINS = 'https://app.example.com';
    const preflight = await middleware(
      request('OPTIONS', { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' }),
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
