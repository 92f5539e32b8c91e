import { isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sessions } from '@/lib/server/db/schema';
import { setDatabaseForTests, type Database } from '@/lib/server/db/client';
import { beginStop, resetStopForTests } from '@/server/lifecycle.mjs';
import { signUp, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';

// What a proxy, an orchestrator and another origin's app ask of the API.

describe.each(engines)('running as a service on $name', (engine) => {
  const db = useDatabase(engine);
  afterEach(() => {
    resetStopForTests();
    delete process.env.CORS_ORIGINS;
    setDatabaseForTests(db());
  });

  it('/api/health answers without the database; /api/ready asks it', async () => {
    const client = new TestClient();
    expect(await client.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await client.get('/api/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });

    // A database that does not answer: alive, not ready.
    const broken = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Database;
    setDatabaseForTests(broken);
    expect((await client.get('/api/health')).status).toBe(200);
    expect(await client.get('/api/ready')).toMatchObject({ status: 503, body: { status: 'unavailable' } });
  });

  it('/api/ready answers 503 within a probe’s second when the database does not answer at all', async () => {
    // A database that takes the connection and never answers (a network partition): the probe
    // gets its 503 before Kubernetes' default timeout of 1 s, not a timeout of its own.
    const silent = { execute: () => new Promise(() => {}) } as unknown as Database;
    setDatabaseForTests(silent);
    const sentAt = Date.now();
    expect(await new TestClient().get('/api/ready')).toMatchObject({
      status: 503,
      body: { status: 'unavailable' },
    });
    expect(Date.now() - sentAt).toBeLessThan(1_000);
  });

  it('a stopping process is not ready, and still answers the requests it gets', async () => {
    const { client } = await signUp();
    beginStop();
    expect(await client.get('/api/ready')).toMatchObject({ status: 503, body: { status: 'stopping' } });
    expect((await client.get('/api/foods')).status).toBe(200);
  });

  it('a session another instance revoked ends here at the next request', async () => {
    const { client } = await signUp();
    expect((await client.get('/api/foods')).status).toBe(200);
    // What a logout on another instance does: the row is revoked; this process was not told.
    await db().update(sessions).set({ revokedAt: new Date() }).where(isNull(sessions.revokedAt));
    expect((await client.get('/api/foods')).status).toBe(401);
  });

  it('takes writes from the app origins CORS_ORIGINS lists, and from no other', async () => {
    process.env.CORS_ORIGINS = 'https://app.example.com, http://localhost:3000';
    const fromApp = { headers: { origin: 'https://app.example.com', 'sec-fetch-site': 'same-site' } };
    const registered = await new TestClient().post(
      '/api/auth/register',
      { email: `cors-${Date.now()}@example.com`, password: 'correct horse battery', name: 'Cors' },
      fromApp,
    );
    expect(registered.status).toBe(201);

    const { client } = await signUp();
    const food = { name: 'Kefir', kcal: 50, protein: 3, fat: 2.5, carbs: 4 };
    expect((await client.post('/api/foods', food, fromApp)).status).toBe(201);
    const foreign = { headers: { origin: 'https://app.example.com.evil.example' } };
    expect(await client.post('/api/foods', food, foreign)).toMatchObject({
      status: 403,
      body: { error: 'forbiddenOrigin' },
    });
    expect((await client.get('/api/foods')).body).toHaveLength(1);
  });

  it('lets a listed origin read answers, errors included, and no other origin', async () => {
    process.env.CORS_ORIGINS = 'https://app.example.com';
    const { client } = await signUp();
    const read = await client.get('/api/foods', { headers: { origin: 'https://app.example.com' } });
    expect(Object.fromEntries(read.headers)).toMatchObject({
      'access-control-allow-origin': 'https://app.example.com',
      'access-control-allow-credentials': 'true',
    });
    expect(read.headers.get('vary')).toContain('Origin');
    // A refusal is read by the app too: it says what to do next.
    const signedOut = await new TestClient().get('/api/foods', {
      headers: { origin: 'https://app.example.com' },
    });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    for (const origin of ['https://evil.example', 'null']) {
      const foreign = await client.get('/api/foods', { headers: { origin } });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    }
    delete process.env.CORS_ORIGINS;
    const unset = await client.get('/api/foods', { headers: { origin: 'https://app.example.com' } });
    expect(unset.headers.get('access-control-allow-origin')).toBeNull();
  });
});
