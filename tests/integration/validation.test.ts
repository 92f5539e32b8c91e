import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '@/lib/server/http';
import { signUp, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { entry, oats } from '../support/fixtures';

const DATE = '2026-11-22';

describe.each(engines)('bad input on $name', (engine) => {
  useDatabase(engine);

  // Each row: a write that must answer 400 naming `field`, with a message key the client translates.
  const badWrites = (id: string): Array<[string, string, string, unknown, string, string]> => [
    [
      'register: missing password',
      'POST',
      '/api/auth/register',
      { email: 'a@example.com' },
      'password',
      'required',
    ],
    [
      'register: bad email',
      'POST',
      '/api/auth/register',
      { email: 'nope', password: 'long enough pass' },
      'email',
      'emailInvalid',
    ],
    [
      'register: a local part over 64 characters',
      'POST',
      '/api/auth/register',
      { email: `${'a'.repeat(65)}@example.com`, password: 'long enough pass' },
      'email',
      'emailInvalid',
    ],
    [
      'register: long name',
      'POST',
      '/api/auth/register',
      { email: 'n@example.com', password: 'long enough pass', name: 'x'.repeat(81) },
      'name',
      'nameLength',
    ],
    [
      'login: number as email',
      'POST',
      '/api/auth/login',
      { email: 42, password: 'long enough pass' },
      'email',
      'invalid_type',
    ],
    ['food: missing kcal', 'POST', '/api/foods', { ...oats, kcal: undefined }, 'kcal', 'kcalRange'],
    ['food: kcal as string', 'POST', '/api/foods', { ...oats, kcal: '370' }, 'kcal', 'kcalRange'],
    ['food: kcal out of range', 'POST', '/api/foods', { ...oats, kcal: 901 }, 'kcal', 'kcalRange'],
    [
      'food: serving grams',
      'POST',
      '/api/foods',
      { ...oats, serving: { label: 'cup', grams: 0 } },
      'serving.grams',
      'servingGrams',
    ],
    [
      'entry: negative kcal',
      'PUT',
      `/api/days/${DATE}/entries/${id}`,
      { ...entry({ id }), kcal: -1 },
      'kcal',
      'kcalRange',
    ],
    [
      'entry: unknown meal',
      'PUT',
      `/api/days/${DATE}/entries/${id}`,
      { ...entry({ id }), meal: 'brunch' },
      'meal',
      'invalid_value',
    ],
    ['entry: id differs from the URL', 'PUT', `/api/days/${DATE}/entries/${id}`, entry(), 'id', 'idMismatch'],
    [
      'entry: bad base',
      'PUT',
      `/api/days/${DATE}/entries/${id}`,
      { ...entry({ id }), baseUpdatedAt: 'yesterday' },
      'baseUpdatedAt',
      'invalid_format',
    ],
    [
      'entry: bad date in URL',
      'PUT',
      `/api/days/2026-02-30/entries/${id}`,
      entry({ id }),
      'date',
      'dateInvalid',
    ],
    ['entry: bad id in URL', 'PUT', `/api/days/${DATE}/entries/not-a-uuid`, entry({ id }), 'id', 'idInvalid'],
    ['day: weight out of range', 'PATCH', `/api/days/${DATE}`, { weight: 19 }, 'weight', 'weightRange'],
    ['day: goal not an integer', 'PATCH', `/api/days/${DATE}`, { goal: 2000.5 }, 'goal', 'goalRange'],
    ['day: bad date format', 'PATCH', '/api/days/22.11.2026', { weight: 70 }, 'date', 'dateFormat'],
    ['settings: age out of range', 'PATCH', '/api/settings', { age: 200 }, 'age', 'ageRange'],
    ['settings: unknown language', 'PATCH', '/api/settings', { language: 'de' }, 'language', 'invalid_value'],
    [
      'password: missing next',
      'PUT',
      '/api/me/password',
      { current: 'correct horse battery' },
      'next',
      'required',
    ],
    ['food id: not an integer', 'PATCH', '/api/foods/1.5', { favorite: true }, 'id', 'idInvalid'],
    ['food id: not a number', 'DELETE', '/api/foods/abc', undefined, 'id', 'idInvalid'],
    ['import: not an export', 'POST', '/api/import', { format: 'other' }, 'format', 'invalid_value'],
  ];

  it('answers 400 with the field for every kind of bad write, and stores nothing', async () => {
    const { client } = await signUp();
    const before = (await client.get('/api/export')).body;
    const id = crypto.randomUUID();
    for (const [name, method, path, body, field, message] of badWrites(id)) {
      const response = await client.call(method, path, { body });
      expect(response.status, name).toBe(400);
      expect(response.body.error, name).toBe('invalid');
      expect(response.body.field, name).toBe(field);
      expect(response.body.issues[0], name).toEqual({ path: field, message });
    }
    const after = (await client.get('/api/export')).body;
    expect({ ...after, exportedAt: null }).toEqual({ ...before, exportedAt: null });
    expect(
      (await new TestClient().post('/api/auth/login', { email: 'a@example.com', password: 'x'.repeat(8) }))
        .status,
    ).toBe(401);
  });

  it('checks query strings', async () => {
    const { client } = await signUp();
    const cases: Array<[string, string, string]> = [
      ['/api/days?from=2026-01-01', 'to', 'required'],
      ['/api/days?from=2026-13-01&to=2026-12-31', 'from', 'dateInvalid'],
      ['/api/days?from=2026-02-01&to=2026-01-01', 'to', 'rangeOrder'],
      ['/api/days?from=2000-01-01&to=2026-01-01', 'to', 'rangeTooLong'],
      ['/api/stats?from=2026-01-01&to=2026-01-31&today=soon', 'today', 'dateFormat'],
      ['/api/days/2026-1-1', 'date', 'dateFormat'],
    ];
    for (const [path, field, message] of cases) {
      const response = await client.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body, path).toMatchObject({ error: 'invalid', field });
      expect(response.body.issues[0], path).toEqual({ path: field, message });
    }
  });

  it('answers invalidJson for a body that is not JSON', async () => {
    const { client } = await signUp();
    for (const body of ['{"name": ', '', 'undefined']) {
      const response = await client.call('POST', '/api/foods', { body });
      expect(response).toMatchObject({ status: 400, body: { error: 'invalidJson' } });
    }
    const notObject = await client.call('POST', '/api/foods', { body: '[1,2]' });
    expect(notObject).toMatchObject({ status: 400, body: { error: 'invalid' } });
    expect((await client.get('/api/foods')).body).toEqual([]);
  });

  it('refuses bodies over 1 MB by Content-Length and by counting a chunked body', async () => {
    const { client } = await signUp();
    const huge = JSON.stringify({ ...oats, name: 'x'.repeat(MAX_BODY_BYTES) });
    const declared = await client.call('POST', '/api/foods', { body: huge });
    expect(declared).toMatchObject({ status: 413, body: { error: 'tooLarge' } });

    const encoder = new TextEncoder();
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * MAX_BODY_BYTES) return controller.close();
        const chunk = encoder.encode(sent === 0 ? '{"name":"' : 'x'.repeat(64 * 1024));
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const chunked = await client.call('POST', '/api/foods', { body: stream });
    expect(chunked).toMatchObject({ status: 413, body: { error: 'tooLarge' } });
    expect(sent).toBeLessThan(2 * MAX_BODY_BYTES);

    const bigImport = await client.call('POST', '/api/import', { body: huge });
    expect(bigImport.status).toBe(413);
    expect((await client.get('/api/foods')).body).toEqual([]);
  });

  it('keeps a 2 MB registration out too, before hashing anything', async () => {
    const response = await new TestClient().post('/api/auth/register', {
      email: 'big@example.com',
      password: 'y'.repeat(2 * MAX_BODY_BYTES),
    });
    expect(response.status).toBe(413);
  });
});
