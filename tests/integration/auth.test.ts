import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '@/lib/server/db/schema';
import { SESSION_STATE_COOKIE } from '@/lib/session/state';
import { signUp, TestClient, type ApiResponse } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { guestExport } from '../support/diary-data';
import { entry } from '../support/fixtures';

describe.each(engines)('accounts on $name', (engine) => {
  const database = useDatabase(engine);
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('registers, signs in with an HttpOnly session cookie and reads the user back', async () => {
    const client = new TestClient();
    const registered = await client.post('/api/auth/register', {
      email: '  Ada@Example.com ',
      password: 'analytical engine',
      name: 'Ada',
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ email: 'ada@example.com', name: 'Ada' });
    expect(Object.keys(registered.body.user).sort()).toEqual(['createdAt', 'email', 'id', 'name']);

    const cookies = registered.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith('session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Secure/);
    const state = cookies.find((cookie) => cookie.startsWith(`${SESSION_STATE_COOKIE}=`))!;
    expect(state).toMatch(/^session-state=account;/);
    expect(state).not.toMatch(/HttpOnly/);

    expect((await client.get('/api/me')).body).toEqual(registered.body);
    // A new account starts with the seed's settings and its own email.
    const settings = await client.get('/api/settings');
    expect(settings.body).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      language: 'ru',
      currentGoal: 2500,
      weight: null,
      theme: null,
      bottomNav: true,
    });
  });

  it('marks cookies Secure behind an https proxy and takes the language from the locale cookie', async () => {
    // A proxy in front is one TRUST_PROXY names (README, Security): only then is its header believed.
    vi.stubEnv('TRUST_PROXY', 'loopback');
    const client = new TestClient();
    const response = await client.post(
      '/api/auth/register',
      { email: 'secure@example.com', password: 'long enough pass' },
      { headers: { 'x-forwarded-proto': 'https', cookie: 'i18n_redirected=en' } },
    );
    expect(response.status).toBe(201);
    for (const cookie of response.headers.getSetCookie()) expect(cookie).toMatch(/; Secure/);
    // No name given is no name: an account is never called "Guest".
    expect(response.body.user.name).toBe('');
    expect((await client.get('/api/settings')).body).toMatchObject({ name: '', language: 'en' });
  });

  it('refuses a taken email, a common password and a short one', async () => {
    const { email } = await signUp();
    const again = await new TestClient().post('/api/auth/register', {
      email: email.toUpperCase(),
      password: 'another password',
    });
    expect(again).toMatchObject({ status: 409, body: { error: 'emailTaken', field: 'email' } });

    const common = await new TestClient().post('/api/auth/register', {
      email: 'c@example.com',
      password: 'Password123',
    });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({
      error: 'invalid',
      field: 'password',
      issues: [{ message: 'passwordCommon' }],
    });

    const short = await new TestClient().post('/api/auth/register', {
      email: 'c@example.com',
      password: 'short',
    });
    expect(short.body).toMatchObject({
      field: 'password',
      issues: [{ path: 'password', message: 'passwordLength' }],
    });
    // Neither attempt created the account.
    const login = await new TestClient().post('/api/auth/login', {
      email: 'c@example.com',
      password: 'Password123',
    });
    expect(login.status).toBe(401);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const { email, password } = await signUp();
    const wrong = await new TestClient().post('/api/auth/login', { email, password: 'not the password' });
    const unknown = await new TestClient().post('/api/auth/login', { email: 'nobody@example.com', password });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalidCredentials' } });
    expect(unknown).toMatchObject({ status: 401, body: wrong.body });
    expect(wrong.headers.getSetCookie()).toEqual([]);

    const client = new TestClient();
    const ok = await client.post('/api/auth/login', { email: email.toUpperCase(), password });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(email);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('logs out on the server: the old cookie stops working', async () => {
    const { client } = await signUp();
    const stolen = new TestClient();
    for (const [name, value] of client.cookies) stolen.cookies.set(name, value);

    const response = await client.post('/api/auth/logout');
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().every((cookie) => /Max-Age=0/.test(cookie))).toBe(true);
    expect(client.cookies.size).toBe(0);
    expect(await client.get('/api/me')).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    expect((await stolen.get('/api/me')).status).toBe(401);
    expect((await stolen.get('/api/foods')).status).toBe(401);
  });

  it('logs out the other devices and keeps this one', async () => {
    const { client, email, password } = await signUp();
    const phone = new TestClient();
    const laptop = new TestClient();
    for (const device of [phone, laptop]) {
      expect((await device.post('/api/auth/login', { email, password })).status).toBe(200);
    }
    const other = await signUp();

    const answer = await client.post('/api/auth/logout-others');
    expect(answer.status).toBe(204);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/foods')).status).toBe(401);
    // Another account's sessions are not touched; the password still works.
    expect((await other.client.get('/api/me')).status).toBe(200);
    expect((await phone.post('/api/auth/login', { email, password })).status).toBe(200);

    expect(await new TestClient().post('/api/auth/logout-others')).toMatchObject({
      status: 401,
      body: { error: 'unauthorized' },
    });
    const foreign = await client.post('/api/auth/logout-others', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await phone.get('/api/me')).status).toBe(200);
  });

  it('keeps only usable sessions: a login clears the revoked ones, the stolen cookie stays dead', async () => {
    const { client, email, password, user } = await signUp();
    const stolen = new TestClient();
    for (const [name, value] of client.cookies) stolen.cookies.set(name, value);
    await client.post('/api/auth/logout');
    const rows = () =>
      database().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(await rows()).toHaveLength(1);

    const again = new TestClient();
    expect((await again.post('/api/auth/login', { email, password })).status).toBe(200);
    expect(await rows()).toHaveLength(1);
    expect((await again.get('/api/me')).status).toBe(200);
    expect((await stolen.get('/api/me')).status).toBe(401);
  });

  it('answers 401 without a cookie and for a forged or tampered one', async () => {
    expect(await new TestClient().get('/api/settings')).toMatchObject({
      status: 401,
      body: { error: 'unauthorized' },
    });
    const { client } = await signUp();
    const token = client.cookies.get('session')!;
    const [header, payload, signature] = token.split('.');
    const tampered = new TestClient();
    // The first character of the signature: all six of its bits are signature bits, unlike the
    // last one's, so changing it always changes the signature (ending it in "xx" was a no-op
    // about once in a thousand runs).
    const changedSignature = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    tampered.cookies.set('session', `${header}.${payload}.${changedSignature}`);
    expect((await tampered.get('/api/me')).status).toBe(401);
    const garbage = new TestClient();
    garbage.cookies.set('session', 'not-a-jwt');
    expect((await garbage.get('/api/me')).status).toBe(401);
  });

  it('changes the password and signs out the other sessions', async () => {
    const { client, email, password } = await signUp();
    const other = new TestClient();
    await other.post('/api/auth/login', { email, password });
    expect((await other.get('/api/me')).status).toBe(200);

    const wrong = await client.put('/api/me/password', {
      current: 'not it at all',
      next: 'a brand new secret',
    });
    expect(wrong).toMatchObject({ status: 403, body: { error: 'wrongPassword', field: 'current' } });
    const common = await client.put('/api/me/password', { current: password, next: 'iloveyou' });
    expect(common.body).toMatchObject({ field: 'next', issues: [{ message: 'passwordCommon' }] });

    expect(
      (await client.put('/api/me/password', { current: password, next: 'a brand new secret' })).status,
    ).toBe(204);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await new TestClient().post('/api/auth/login', { email, password })).status).toBe(401);
    expect(
      (await new TestClient().post('/api/auth/login', { email, password: 'a brand new secret' })).status,
    ).toBe(200);
  });

  it('deletes the account with all its data after checking the password', async () => {
    const { client, email, password } = await signUp();
    await client.post('/api/foods', { name: 'Kefir', kcal: 50, protein: 3, fat: 2.5, carbs: 4 });

    const wrong = await client.delete('/api/me', { password: 'not the password' });
    expect(wrong).toMatchObject({ status: 403, body: { error: 'wrongPassword', field: 'password' } });
    expect((await client.get('/api/foods')).body).toHaveLength(1);

    const deleted = await client.delete('/api/me', { password });
    expect(deleted.status).toBe(204);
    expect(client.cookies.size).toBe(0);
    expect((await new TestClient().post('/api/auth/login', { email, password })).status).toBe(401);
    // The email is free again, and the new account starts empty.
    const again = await signUpWith(email, password);
    expect((await again.get('/api/foods')).body).toEqual([]);
  });

  // On PostgreSQL the deletion used to deadlock with the account's own writes (issue 48): an
  // entry write held its day's row and waited, for its foreign key check, on the account's row,
  // which the deletion held while its cascade waited on that day's row; one side answered 500.
  // PGlite serves one connection, one query at a time, so nothing races there.
  it.skipIf(engine.name === 'pglite')(
    'deletes the account among its own parallel writes: no 500, nothing of it left',
    async () => {
      const dates = ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04'];
      const failures: unknown[] = [];
      for (let round = 0; round < 10; round++) {
        const { client, password, user } = await signUp();
        // Days that exist already: an entry write then locks a stored day's row.
        for (const date of dates) await client.put(`/api/days/${date}/entries/${randomUUID()}`, entry());
        const write = (index: number) => {
          const date = dates[index % dates.length]!;
          if (index === 5) return client.patch('/api/settings', { currentGoal: 2000 + round });
          if (index === 6) return client.post('/api/import', guestExport(dates[0]!, dates.length, round + 1));
          if (index === 7)
            return client.post('/api/foods', { name: 'Kefir', kcal: 50, protein: 3, fat: 2.5, carbs: 4 });
          const item = entry();
          return client.put(`/api/days/${date}/entries/${item.id}`, item);
        };
        // The deletion checks the password first (a slow hash): each of 8 writers keeps writing
        // until it has answered, so writes are in flight when it reaches the database.
        let deleted = false;
        const answers: Array<{ request: string; answer: ApiResponse }> = [];
        const writer = async (index: number) => {
          for (let again = true; again;) {
            again = !deleted;
            answers.push({ request: `write ${index}`, answer: await write(index) });
          }
        };
        await Promise.all([
          client.delete('/api/me', { password }).then((answer) => {
            deleted = true;
            answers.push({ request: 'delete', answer });
          }),
          ...Array.from({ length: 8 }, (_, index) => writer(index)),
        ]);
        for (const { request, answer } of answers) {
          const expected = request === 'delete' ? [204] : [200, 201, 401, 404];
          if (!expected.includes(answer.status))
            failures.push({ round, request, status: answer.status, body: answer.body });
        }
        const left = await database().execute(sql`
          SELECT (SELECT count(*) FROM users WHERE id = ${user.id})
            + (SELECT count(*) FROM settings WHERE user_id = ${user.id})
            + (SELECT count(*) FROM days WHERE user_id = ${user.id})
            + (SELECT count(*) FROM entries WHERE user_id = ${user.id})
            + (SELECT count(*) FROM foods WHERE user_id = ${user.id})
            + (SELECT count(*) FROM sessions WHERE user_id = ${user.id}) AS rows`);
        // Nothing half-deleted: the deletion went whole, and no write added a row after it.
        const [{ rows }] = (left as { rows: [{ rows: string | number }] }).rows;
        if (Number(rows) !== 0) failures.push({ round, left: rows });
      }
      expect(failures).toEqual([]);
    },
    // A deadlock takes PostgreSQL a second (deadlock_timeout) to break.
    60_000,
  );

  it('refuses writes from another origin, and cross-site fetches', async () => {
    const foreign = await new TestClient().post(
      '/api/auth/register',
      { email: 'x@example.com', password: 'long enough pass' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(foreign).toMatchObject({ status: 403, body: { error: 'forbiddenOrigin' } });

    const { client } = await signUp();
    const crossSite = await client.post(
      '/api/foods',
      { name: 'A', kcal: 1, protein: 0, fat: 0, carbs: 0 },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(crossSite.status).toBe(403);
    const sameOrigin = await client.post(
      '/api/foods',
      { name: 'A', kcal: 1, protein: 0, fat: 0, carbs: 0 },
      { headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' } },
    );
    expect(sameOrigin.status).toBe(201);
    // Only the same-origin write was stored.
    expect((await client.get('/api/foods')).body).toHaveLength(1);
    expect(
      (await client.post('/api/auth/logout', undefined, { headers: { origin: 'https://evil.example' } }))
        .status,
    ).toBe(403);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  // Without a proxy in front, X-Forwarded-Host and X-Forwarded-Proto are whatever
  // the client wrote, so they name nothing.
  it('without TRUST_PROXY, forwarded headers neither pass the origin check nor make cookies Secure', async () => {
    vi.stubEnv('TRUST_PROXY', '');
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const foreign = await new TestClient().post(
      '/api/auth/register',
      { email: `forged-${Date.now()}@example.com`, password: 'long enough pass' },
      { headers: { ...forged, origin: 'https://evil.example' } },
    );
    expect(foreign).toMatchObject({ status: 403, body: { error: 'forbiddenOrigin' } });

    const plain = await new TestClient().post(
      '/api/auth/register',
      { email: `plain-${Date.now()}@example.com`, password: 'long enough pass' },
      { headers: forged },
    );
    expect(plain.status).toBe(201);
    for (const cookie of plain.headers.getSetCookie()) expect(cookie).not.toMatch(/Secure/);

    // Behind a proxy TRUST_PROXY names, its headers name the origin the browser sees.
    vi.stubEnv('TRUST_PROXY', '1');
    const proxied = await new TestClient().post(
      '/api/auth/register',
      { email: `proxied-${Date.now()}@example.com`, password: 'long enough pass' },
      {
        headers: {
          'x-forwarded-host': 'diary.example',
          'x-forwarded-proto': 'https',
          origin: 'https://diary.example',
        },
      },
    );
    expect(proxied.status).toBe(201);
    for (const cookie of proxied.headers.getSetCookie()) expect(cookie).toMatch(/; Secure/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    expect(await new TestClient().get('/api/nothing/here')).toMatchObject({
      status: 404,
      body: { error: 'notFound' },
    });
    expect((await new TestClient().post('/api/nothing')).status).toBe(404);
  });
});

async function signUpWith(email: string, password: string) {
  const client = new TestClient();
  const response = await client.post('/api/auth/register', { email, password });
  expect(response.status).toBe(201);
  return client;
}
