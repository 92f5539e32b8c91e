import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@/lib/limits';
import type { Day } from '@/lib/schemas/day';
import { apiTokens } from '@/lib/server/db/schema';
import { signUp, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { entry } from '../support/fixtures';

/** A client with no cookies that sends `token` as a bearer, as a script would. */
function script(token: string, origin?: string) {
  const client = new TestClient();
  const headers = { authorization: `Bearer ${token}`, ...(origin ? { origin } : {}) };
  return {
    get: (path: string) => client.get(path, { headers }),
    put: (path: string, body: unknown) => client.put(path, body, { headers }),
    patch: (path: string, body: unknown) => client.patch(path, body, { headers }),
    post: (path: string, body: unknown) => client.post(path, body, { headers }),
    delete: (path: string) => client.delete(path, undefined, { headers }),
  };
}

async function tokenFor(
  client: TestClient,
  scopes: string[],
  days: number | null = null,
): Promise<{ token: string; id: string }> {
  const made = await client.post('/api/tokens', { name: `t-${scopes.join('+')}`, scopes, days });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { token: made.body.token, id: made.body.info.id };
}

describe.each(engines)('personal access tokens on $name', (engine) => {
  const db = useDatabase(engine);

  it('are made, listed without the token, used by scope, and revoked at once', async () => {
    const { client } = await signUp();
    const { token, id } = await tokenFor(client, ['read', 'write']);
    expect(token).toMatch(/^cdt_[A-Za-z0-9_-]{43}$/);
    const listed = await client.get('/api/tokens');
    expect(listed.body).toEqual([
      expect.objectContaining({ id, name: 't-read+write', scopes: ['read', 'write'], expiresAt: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    const bot = script(token);
    const meal = entry();
    const put = await bot.put(`/api/days/2026-11-27/entries/${meal.id}`, meal);
    expect(put.status).toBe(200);
    expect((await bot.get('/api/days/2026-11-27')).body).toMatchObject({ entries: [meal] });
    // Its last use shows in the list.
    expect((await client.get('/api/tokens')).body[0].lastUsedAt).not.toBeNull();
    // No delete scope: a DELETE is refused, and the entry stays.
    const refused = await bot.delete(`/api/days/2026-11-27/entries/${meal.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'tokenScope' });
    expect((await client.get<Day>('/api/days/2026-11-27')).body.entries).toHaveLength(1);

    expect((await client.delete(`/api/tokens/${id}`)).status).toBe(204);
    expect((await bot.get('/api/days/2026-11-27')).status).toBe(401);
    expect((await client.delete(`/api/tokens/${id}`)).status).toBe(404);
  });

  it('read only where read, and never reach account changes or tokens', async () => {
    const { client } = await signUp();
    const reader = script((await tokenFor(client, ['read'])).token);
    expect((await reader.get('/api/settings')).status).toBe(200);
    expect((await reader.get('/api/stats?from=2026-11-01&to=2026-11-27')).status).toBe(200);
    expect((await reader.patch('/api/days/2026-11-27', { water: 250 })).status).toBe(403);
    const all = script((await tokenFor(client, ['read', 'write', 'delete'])).token);
    for (const [method, path, body] of [
      ['GET', '/api/me', undefined],
      ['DELETE', '/api/me', undefined],
      ['PUT', '/api/me/password', { currentPassword: 'x', newPassword: 'yyyyyyyyyy' }],
      ['POST', '/api/auth/logout-others', undefined],
      ['GET', '/api/tokens', undefined],
      ['POST', '/api/tokens', { name: 'more', scopes: ['read'], days: null }],
    ] as const) {
      const answer =
        method === 'GET'
          ? await all.get(path)
          : method === 'DELETE'
            ? await all.delete(path)
            : method === 'PUT'
              ? await all.put(path, body)
              : await all.post(path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    // The account is still there, and still has two tokens.
    expect((await client.get('/api/tokens')).body).toHaveLength(2);
  });

  it('stop at their expiry', async () => {
    const { client } = await signUp();
    const { token } = await tokenFor(client, ['read'], 1);
    const bot = script(token);
    expect((await bot.get('/api/settings')).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 86_400_000 + 1000);
      expect((await bot.get('/api/settings')).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuse what is malformed when made, and a user past the limit of tokens', async () => {
    const { client } = await signUp();
    for (const bad of [
      { name: '', scopes: ['read'], days: null },
      { name: 'x'.repeat(LIMITS.tokenNameLength.max + 1), scopes: ['read'], days: null },
      { name: 'a', scopes: [], days: null },
      { name: 'a', scopes: ['admin'], days: null },
      { name: 'a', scopes: ['read'], days: 0 },
      { name: 'a', scopes: ['read'], days: LIMITS.tokenDays.max + 1 },
      { name: 'a', scopes: ['read'], days: 1.5 },
      { name: 'a', scopes: ['read'] },
    ])
      expect((await client.post('/api/tokens', bad)).status, JSON.stringify(bad)).toBe(400);
    // Made side by side, as a script would: exactly the limit's worth get through.
    const made = await Promise.all(
      Array.from({ length: LIMITS.tokensPerUser.max + 5 }, (_, index) =>
        client.post('/api/tokens', { name: `t${index}`, scopes: ['read'], days: null }),
      ),
    );
    expect(made.filter((answer) => answer.status === 201)).toHaveLength(LIMITS.tokensPerUser.max);
    const past = made.filter((answer) => answer.status !== 201);
    expect(past.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(past[0]!.body).toMatchObject({ field: 'tokens' });
    expect((await client.get('/api/tokens')).body).toHaveLength(LIMITS.tokensPerUser.max);
  });

  it('count their requests a minute and answer 429 past the limit, with when to come back', async () => {
    const { client } = await signUp();
    const bot = script((await tokenFor(client, ['read'])).token);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // At the start of a minute, so the whole run falls in one.
      vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1000);
      for (let index = 0; index < LIMITS.tokenRequestsPerMinute.max; index++)
        expect((await bot.get('/api/settings')).status).toBe(200);
      const limited = await bot.get('/api/settings');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      vi.setSystemTime(Date.now() + 60_000);
      expect((await bot.get('/api/settings')).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('share one count a minute however many instances and parallel requests there are', async () => {
    const { client } = await signUp();
    const made = await tokenFor(client, ['read']);
    const bot = script(made.token);
    const { max } = LIMITS.tokenRequestsPerMinute;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1000);
      // Another instance of the app has served all but two of this minute's requests.
      const minute = Math.floor(Date.now() / 60_000);
      await db()
        .update(apiTokens)
        .set({ requestMinute: minute, requestsInMinute: max - 2 })
        .where(eq(apiTokens.id, made.id));
      const answers = await Promise.all(Array.from({ length: 6 }, () => bot.get('/api/settings')));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reach only their own user, whatever ids they name', async () => {
    const owner = await signUp();
    const other = await signUp();
    const meal = entry();
    await other.client.put(`/api/days/2026-11-27/entries/${meal.id}`, meal);
    const food = (
      await other.client.post('/api/foods', { name: 'Theirs', kcal: 100, protein: 1, fat: 1, carbs: 1 })
    ).body;
    const { token } = await tokenFor(owner.client, ['read', 'write', 'delete']);
    const bot = script(token);
    expect((await bot.get('/api/days/2026-11-27')).status).toBe(404);
    expect((await bot.delete(`/api/days/2026-11-27/entries/${meal.id}`)).status).toBe(404);
    expect((await bot.delete(`/api/foods/${food.id}`)).status).toBe(404);
    // Another user's token id cannot be revoked by this user.
    const theirs = await tokenFor(other.client, ['read']);
    expect((await owner.client.delete(`/api/tokens/${theirs.id}`)).status).toBe(404);
    expect((await script(theirs.token).get('/api/settings')).status).toBe(200);
    // Made-up tokens, of the right shape or not, reach nothing.
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.stringMatching(/^cdt_[A-Za-z0-9_-]{43}$/)), async (guess) => {
        const answer = await new TestClient().get('/api/settings', {
          headers: { authorization: `Bearer ${guess}` },
        });
        expect(answer.status).toBe(401);
      }),
      { numRuns: 20 },
    );
    expect((await other.client.get<Day>('/api/days/2026-11-27')).body.entries).toEqual([meal]);
  });

  it('need no Origin check without a cookie; a cookie keeps its check', async () => {
    const { client } = await signUp();
    const { token } = await tokenFor(client, ['read', 'write']);
    const elsewhere = script(token, 'https://evil.example');
    expect((await elsewhere.patch('/api/days/2026-11-27', { water: 500 })).status).toBe(200);
    // The same from a browser with the session cookie as well: the cookie's Origin check holds.
    const withCookie = await client.patch(
      '/api/days/2026-11-27',
      { water: 750 },
      {
        headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example' },
      },
    );
    expect(withCookie.status).toBe(403);
    expect((await client.get<Day>('/api/days/2026-11-27')).body.water).toBe(500);
  });

  // Decision 0047 (c): RFC 6750's `Bearer <token>` exactly, else a 401 that says so; never a
  // guess at which part was meant, and never the session cookie beside a broken header instead.
  it('take Authorization only as "Bearer" and one token, and say so otherwise', async () => {
    const { client } = await signUp();
    const { token } = await tokenFor(client, ['read']);
    for (const good of [`Bearer ${token}`, `bearer ${token}`, `BEARER   ${token}`]) {
      const answer = await new TestClient().get('/api/settings', { headers: { authorization: good } });
      expect(answer.status, good).toBe(200);
    }
    for (const bad of [
      'Bearer',
      'Bearer ',
      `Bearer\t${token}`,
      `Bearer ${token} extra`,
      `Bearer ${token} ${token}`,
      `Bearer ${token}, Bearer ${token}`,
      `Basic YTpi, Bearer ${token}`,
      `Bearer "${token}"`,
      `Bearer,${token}`,
      `Bearer ${token};`,
    ]) {
      // With the session cookie too: the broken header is refused, not passed over.
      const answer = await client.get('/api/settings', { headers: { authorization: bad } });
      expect(answer.status, JSON.stringify(bad)).toBe(401);
      expect(answer.body).toMatchObject({
        error: 'unauthorized',
        field: 'authorization',
        message: expect.stringContaining('Settings > Personal access tokens'),
      });
      expect(answer.headers.get('www-authenticate')).toBe(
        'Bearer realm="calorie-diary", error="invalid_request"',
      );
    }
    // A well-formed token that is not one: 401 invalid_token, and the body says what to send.
    const unknown = await new TestClient().get('/api/settings', {
      headers: { authorization: `Bearer cdt_${'x'.repeat(43)}` },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toContain('unknown, expired or revoked');
    expect(unknown.headers.get('www-authenticate')).toBe(
      'Bearer realm="calorie-diary", error="invalid_token"',
    );
    // Another scheme is a proxy's (its own password in front of the app): the session answers.
    expect((await client.get('/api/settings', { headers: { authorization: 'Basic YTpi' } })).status).toBe(
      200,
    );
  });

  // Decision 0047 (a): overwriting an entry, to 0 kcal or by an import, is a write; only what
  // removes a record needs `delete`.
  it('overwrite with write, to 0 kcal or by an import, and remove only with delete', async () => {
    const { client } = await signUp();
    const meal = entry();
    expect((await client.put(`/api/days/2026-11-27/entries/${meal.id}`, meal)).status).toBe(200);
    const writer = script((await tokenFor(client, ['read', 'write'])).token);
    const zero = { ...meal, kcal: 0, protein: 0, fat: 0, carbs: 0, updatedAt: '2026-11-27T09:00:00.000Z' };
    expect((await writer.put(`/api/days/2026-11-27/entries/${meal.id}`, zero)).status).toBe(200);
    expect((await client.get<Day>('/api/days/2026-11-27')).body.entries).toEqual([
      expect.objectContaining({ id: meal.id, kcal: 0 }),
    ]);
    const file = (await client.get('/api/export')).body;
    file.days[0].entries[0] = { ...file.days[0].entries[0], kcal: 42, updatedAt: '2026-11-27T10:00:00.000Z' };
    expect((await writer.post('/api/import', file)).status).toBe(200);
    expect((await client.get<Day>('/api/days/2026-11-27')).body.entries).toEqual([
      expect.objectContaining({ id: meal.id, kcal: 42 }),
    ]);
    expect((await writer.delete(`/api/days/2026-11-27/entries/${meal.id}`)).status).toBe(403);
    expect((await client.get<Day>('/api/days/2026-11-27')).body.entries).toHaveLength(1);
  });

  // Decision 0047 (b): a token made with a stolen session outlives it. Logging out other devices
  // and changing the password revoke the tokens when asked (the settings tick it at first), and
  // say outright that they keep working otherwise.
  it('keep working after a password change or logging out others, unless revoked with them', async () => {
    const { client, password } = await signUp();
    const kept = script((await tokenFor(client, ['read'])).token);
    expect((await client.post('/api/auth/logout-others', undefined)).status).toBe(204);
    expect((await client.post('/api/auth/logout-others', { revokeTokens: false })).status).toBe(204);
    const next = 'another horse battery staple';
    const changed = await client.put('/api/me/password', { current: password, next });
    expect(changed.status).toBe(204);
    expect((await kept.get('/api/settings')).status).toBe(200);

    expect((await client.post('/api/auth/logout-others', { revokeTokens: true })).status).toBe(204);
    expect((await kept.get('/api/settings')).status).toBe(401);
    expect((await client.get('/api/tokens')).body).toEqual([]);

    const again = script((await tokenFor(client, ['read'])).token);
    const third = 'a third horse battery staple';
    expect(
      (await client.put('/api/me/password', { current: next, next: third, revokeTokens: true })).status,
    ).toBe(204);
    expect((await again.get('/api/settings')).status).toBe(401);
    // The session that asked stays, and a malformed flag changes nothing.
    expect((await client.get('/api/tokens')).status).toBe(200);
    const stays = script((await tokenFor(client, ['read'])).token);
    expect((await client.post('/api/auth/logout-others', { revokeTokens: 'yes' })).status).toBe(400);
    expect((await stays.get('/api/settings')).status).toBe(200);
  });
});
