import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@/lib/limits';
import { signUp, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { entry } from '../support/fixtures';

/** Someone with the link and nothing else: no cookies, another address. */
const stranger = () => new TestClient();

async function shareFor(client: TestClient, from: string, to: string, days = 30, name = 'Dr. Ivanova') {
  const made = await client.post('/api/shares', { name, from, to, days });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { token: made.body.token as string, id: made.body.info.id as string };
}

describe.each(engines)('share links on $name', (engine) => {
  useDatabase(engine);

  it('show the period to anyone with the link, only that period, until revoked', async () => {
    const { client } = await signUp();
    await client.patch('/api/settings', { name: 'Anna' });
    const inside = entry({ name: 'Porridge', kcal: 320 });
    const outside = entry({ name: 'Secret cake', kcal: 900 });
    await client.put(`/api/days/2026-11-20/entries/${inside.id}`, inside);
    await client.patch('/api/days/2026-11-21', { weight: 71.5 });
    await client.put(`/api/days/2026-11-27/entries/${outside.id}`, outside);
    const { token, id } = await shareFor(client, '2026-11-14', '2026-11-26');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const listed = await client.get('/api/shares');
    expect(listed.body).toEqual([
      expect.objectContaining({
        id,
        name: 'Dr. Ivanova',
        from: '2026-11-14',
        to: '2026-11-26',
        lastOpenedAt: null,
      }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    const opened = await stranger().get(`/api/shared/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('x-robots-tag')).toContain('noindex');
    expect(opened.body).toMatchObject({
      name: 'Dr. Ivanova',
      owner: 'Anna',
      meals: null,
      from: '2026-11-14',
      to: '2026-11-26',
    });
    // The owner's meals travel with the link, so the dietitian reads them by the owner's names.
    const meals = [
      { id: 'breakfast', name: null, hidden: false },
      { id: 'lunch', name: null, hidden: false },
      { id: 'meal5', name: 'Полдник', hidden: false },
      { id: 'dinner', name: null, hidden: false },
      { id: 'snacks', name: null, hidden: true },
    ];
    await client.patch('/api/settings', { meals });
    expect((await stranger().get(`/api/shared/${token}`)).body.meals).toEqual(meals);
    expect(opened.body.days.map((day: { date: string }) => day.date)).toEqual(['2026-11-20', '2026-11-21']);
    expect(JSON.stringify(opened.body)).not.toContain('Secret cake');
    expect((await client.get('/api/shares')).body[0].lastOpenedAt).not.toBeNull();

    // Read-only: the link's path takes nothing but GET.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect((await stranger().call(method, `/api/shared/${token}`, { body: {} })).status).toBe(405);

    expect((await client.delete(`/api/shares/${id}`)).status).toBe(204);
    expect((await stranger().get(`/api/shared/${token}`)).status).toBe(404);
    expect((await client.delete(`/api/shares/${id}`)).status).toBe(404);
  });

  it('stop at their expiry', async () => {
    const { client } = await signUp();
    const { token } = await shareFor(client, '2026-11-01', '2026-11-07', 1);
    expect((await stranger().get(`/api/shared/${token}`)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 86_400_000 + 1000);
      expect((await stranger().get(`/api/shared/${token}`)).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  it('are made and revoked only by the browser session, never by a token or another site', async () => {
    const { client } = await signUp();
    const made = await client.post('/api/tokens', {
      name: 'all',
      scopes: ['read', 'write', 'delete'],
      days: null,
    });
    const bearer = { headers: { authorization: `Bearer ${made.body.token}` } };
    const body = { name: '', from: '2026-11-01', to: '2026-11-07', days: 7 };
    const robot = new TestClient();
    expect((await robot.post('/api/shares', body, bearer)).status).toBe(403);
    expect((await robot.get('/api/shares', bearer)).status).toBe(403);
    const { id } = await shareFor(client, '2026-11-01', '2026-11-07');
    expect((await robot.delete(`/api/shares/${id}`, undefined, bearer)).status).toBe(403);
    const forged = await client.post('/api/shares', body, { headers: { origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
    expect((await stranger().post('/api/shares', body)).status).toBe(401);
    expect((await client.get('/api/shares')).body).toHaveLength(1);
  });

  it('refuse a bad period, lifetime or name, and a user past the limit of links', async () => {
    const { client } = await signUp();
    for (const [bad, field] of [
      [{ name: '', from: '2026-11-10', to: '2026-11-01', days: 7 }, 'to'],
      [{ name: '', from: '2026-01-01', to: '2026-12-31', days: 7 }, 'to'],
      [{ name: '', from: '2026-02-30', to: '2026-03-01', days: 7 }, 'from'],
      [{ name: '', from: '2026-11-01', to: '2026-11-07', days: 0 }, 'days'],
      [{ name: '', from: '2026-11-01', to: '2026-11-07', days: LIMITS.shareLinkDays.max + 1 }, 'days'],
      [
        { name: 'x'.repeat(LIMITS.shareNameLength.max + 1), from: '2026-11-01', to: '2026-11-07', days: 7 },
        'name',
      ],
      [{ from: '2026-11-01', to: '2026-11-07', days: 7 }, 'name'],
    ] as const) {
      const refused = await client.post('/api/shares', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.field).toBe(field);
    }
    // The longest period a report covers is fine.
    await shareFor(client, '2026-01-01', '2026-04-02', 1);
    // The rest side by side, as a script would: exactly the limit's worth get through.
    const made = await Promise.all(
      Array.from({ length: LIMITS.shareLinksPerUser.max + 4 }, () =>
        client.post('/api/shares', { name: '', from: '2026-11-01', to: '2026-11-02', days: 1 }),
      ),
    );
    expect(made.filter((answer) => answer.status === 201)).toHaveLength(LIMITS.shareLinksPerUser.max - 1);
    const past = made.filter((answer) => answer.status !== 201);
    expect(past.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(past[0]!.body).toMatchObject({ field: 'shares' });
    expect((await client.get('/api/shares')).body).toHaveLength(LIMITS.shareLinksPerUser.max);
  });

  it("never open another account's diary: guessed links, and ids of someone else's", async () => {
    const anna = await signUp();
    const boris = await signUp();
    const meal = entry({ name: 'Anna only' });
    await anna.client.put(`/api/days/2026-11-20/entries/${meal.id}`, meal);
    const { token, id } = await shareFor(anna.client, '2026-11-14', '2026-11-26');
    // Boris can neither list nor revoke Anna's link.
    expect((await boris.client.get('/api/shares')).body).toEqual([]);
    expect((await boris.client.delete(`/api/shares/${id}`)).status).toBe(404);
    await fc.assert(
      fc.asyncProperty(fc.uuid(), async (guess) => {
        expect((await boris.client.delete(`/api/shares/${guess}`)).status).toBe(404);
      }),
      { numRuns: 20 },
    );
    // Guessed links, of the right form or not, open nothing.
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom(...'AZaz09_-'.split('')), minLength: 43, maxLength: 43 }),
        async (guess) => {
          fc.pre(guess !== token);
          expect((await stranger().get(`/api/shared/${guess}`)).status).toBe(404);
        },
      ),
      { numRuns: 30 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), async (junk) => {
        fc.pre(junk !== token);
        const answer = await stranger().get(`/api/shared/${encodeURIComponent(junk)}`);
        expect([400, 404]).toContain(answer.status);
      }),
      { numRuns: 30 },
    );
    expect((await stranger().get(`/api/shared/${token}`)).body.days[0].entries[0].name).toBe('Anna only');
    // The account's deletion takes its links with it.
    expect((await anna.client.delete('/api/me', { password: anna.password })).status).toBe(204);
    expect((await stranger().get(`/api/shared/${token}`)).status).toBe(404);
  });

  // A broken percent-escape is the client's mistake: a JSON 400 or 404, as any bad path, never a
  // 500 (server/server.mjs refuses them before this too; pages: tests/e2e/share-links.spec.ts).
  it('answer a path with a broken percent-escape as a bad or unknown path', async () => {
    const { client } = await signUp();
    for (const escape of ['%E0%A4%A', '%', '%ZZ', '%C3']) {
      for (const path of [`/api/shared/${escape}`, `/api/days/${escape}`, `/api/nothing/${escape}`]) {
        const answer = await client.get(path);
        expect([400, 404], `${path}: ${answer.status}`).toContain(answer.status);
        expect(answer.headers.get('content-type'), path).toMatch(/^application\/json/);
      }
      for (const path of [`/api/days/2026-11-27/entries/${escape}`, `/api/foods/${escape}`])
        expect((await client.delete(path)).status, path).toBe(400);
    }
  });
});
