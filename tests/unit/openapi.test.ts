import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@/app/api/api-routes';
import { refusesMethod } from '@/lib/server/http';
import { openApiDocument } from '@/lib/server/openapi/document';
import { operations } from '@/lib/server/openapi/operations';
import { operationOf } from '@/lib/server/route';
import { checkAnswerAgainstDescription } from '../support/openapi-answers';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** The catch-all answers a JSON 404 for every path no route has: no operation of its own. */
const NOT_AN_OPERATION = '/api/*path';

/** Each method a route file of app/api really has, as `METHOD /api/path/{param}`. */
function servedOperations(): string[] {
  return API_ROUTES.filter((route) => route.pattern !== NOT_AN_OPERATION).flatMap((route) => {
    const path = route.pattern.replace(/:(\w+)/g, '{$1}');
    const handlers = route.module as Record<string, unknown>;
    return METHODS.filter(
      (method) => typeof handlers[method] === 'function' && !refusesMethod(handlers[method]),
    ).map((method) => `${method} ${path}`);
  });
}

function describedOperations(): string[] {
  return Object.entries(openApiDocument().paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe('the OpenAPI description', () => {
  it('describes every operation the API serves, and none it does not', () => {
    expect(describedOperations().sort()).toEqual(servedOperations().sort());
  });

  it('answers every route by its own operation of the table, whose access guards it', () => {
    const unguarded = API_ROUTES.filter((route) => route.pattern !== NOT_AN_OPERATION).flatMap((route) => {
      const path = route.pattern.replace(/:(\w+)/g, '{$1}');
      const handlers = route.module as Record<string, unknown>;
      return METHODS.filter(
        (method) => typeof handlers[method] === 'function' && !refusesMethod(handlers[method]),
      ).flatMap((method) => {
        const operation = operations.find(
          (each) => each.path === path && each.method === method.toLowerCase(),
        );
        const guardedAs = operationOf(handlers[method]);
        return guardedAs === operation?.id ? [] : [`${method} ${path}: ${guardedAs ?? 'not guarded'}`];
      });
    });
    expect(unguarded).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(openApiDocument()));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    // The validator is live: the same document without its info is refused.
    const { info, ...headless } = structuredClone(openApiDocument());
    void info;
    expect((await new Validator().validate(headless)).valid).toBe(false);
  });

  it('names each operation once, and each refers only to components it has', () => {
    const document = openApiDocument();
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => (operation as { operationId: string }).operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const referred = [...JSON.stringify(document).matchAll(/"#\/components\/schemas\/(\w+)"/g)].map(
      (match) => match[1],
    );
    for (const name of referred) expect(document.components.schemas).toHaveProperty(name!);
  });

  it('tells which token scope an operation needs, and which need the browser session', () => {
    const { paths } = openApiDocument();
    expect(paths['/api/days/{date}/entries/{id}']!.delete).toMatchObject({
      security: [{ session: [] }, { token: ['delete'] }],
    });
    expect(paths['/api/days']!.get).toMatchObject({ security: [{ session: [] }, { token: ['read'] }] });
    expect(paths['/api/me/password']!.put).toMatchObject({ security: [{ session: [] }] });
    expect(paths['/api/health']!.get).toMatchObject({ security: [] });
  });

  // A standard linter's recommended rules (@redocly/cli lint: `security-defined`, `no-empty-servers`)
  // want every operation to say who may call it, and the document where it is served.
  it("passes a standard linter's recommended rules without an error", { timeout: 60_000 }, async () => {
    const folder = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(folder, 'openapi.json');
      await writeFile(file, JSON.stringify(openApiDocument()));
      // Exits 1 on any error, with the report on stdout all the same.
      const { stdout } = await promisify(execFile)(
        'node_modules/.bin/redocly',
        ['lint', file, '--format=json', '--extends=recommended'],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((failure: { stdout: string }) => failure);
      const report = JSON.parse(stdout) as {
        totals: { errors: number };
        problems: Array<{ ruleId: string; severity: string; message: string }>;
      };
      expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('says where it is served, and that a public operation needs nothing', () => {
    const document = openApiDocument();
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const unsaid = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => !Array.isArray((operation as { security?: unknown }).security))
        .map(([method]) => `${method} ${path}`),
    );
    expect(unsaid).toEqual([]);
    expect(document.paths['/api/auth/login']!.post).toMatchObject({ security: [] });
  });

  it('is what every answer of the integration tests is checked against, and a wrong answer fails', () => {
    const day = {
      date: '2026-11-28',
      goal: 2000,
      weight: null,
      water: 0,
      entries: [],
      activities: [],
      updatedAt: '2026-11-28T10:00:00.000Z',
    };
    expect(() => checkAnswerAgainstDescription('GET', '/api/days/2026-11-28', 200, day)).not.toThrow();
    expect(() =>
      checkAnswerAgainstDescription('GET', '/api/days/2026-11-28', 200, { ...day, goal: '2000' }),
    ).toThrow(/goal/);
    expect(() =>
      checkAnswerAgainstDescription('GET', '/api/days/2026-11-28', 200, { ...day, extra: 1 }),
    ).toThrow(/additional/);
    expect(() => checkAnswerAgainstDescription('DELETE', '/api/foods/7', 204, { error: 'x' })).toThrow(
      /no body/,
    );
    expect(() =>
      checkAnswerAgainstDescription('GET', '/api/days/2026-11-28', 404, { error: 'notFound' }),
    ).not.toThrow();
    expect(() =>
      checkAnswerAgainstDescription('GET', '/api/days/2026-11-28', 404, { issues: 'x' }),
    ).toThrow();
  });
});
