import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { THROTTLES } from '@/lib/limits';
import { authAttempts } from '@/lib/server/db/schema';
import { signUp, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';

// The limits on logins and registrations hold under parallel bursts,
// and one person's wrong guesses never lock another person out.

const LOGIN = THROTTLES.login;
const statuses = (answers: Array<{ status: number }>) =>
  answers.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

describe.each(engines)('login and registration limits on $name', (engine) => {
  const db = useDatabase(engine);

  /** How many password checks the server ran for `email`: every try it let through. */
  async function passwordChecks(email: string): Promise<number> {
    const rows = await db()
      .select({ id: authAttempts.id })
      .from(authAttempts)
      .where(
        and(
          eq(authAttempts.action, 'login'),
          eq(authAttempts.email, email),
          inArray(authAttempts.outcome, ['failed', 'succeeded', 'forgiven', 'pending']),
        ),
      );
    return rows.length;
  }

  for (const burst of [30, 100]) {
    it(`${burst} parallel wrong passwords from one address get ${LOGIN.perEmailAndAddress.max} password checks`, async () => {
      const { email } = await signUp();
      const attacker = new TestClient();
      const answers = await Promise.all(
        Array.from({ length: burst }, (_, index) =>
          attacker.post('/api/auth/login', { email, password: `wrong password ${index}` }),
        ),
      );
      expect(statuses(answers)).toEqual({
        401: LOGIN.perEmailAndAddress.max,
        429: burst - LOGIN.perEmailAndAddress.max,
      });
      expect(await passwordChecks(email)).toBe(LOGIN.perEmailAndAddress.max);
      const refused = answers.find((answer) => answer.status === 429)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ error: 'tooManyAttempts', retryAfter: expect.any(Number) });
    }, 60_000);
  }

  it('the right password inside a burst of wrong ones gets no session once the limit is reached', async () => {
    const { email, password } = await signUp();
    const attacker = new TestClient();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        attacker.post('/api/auth/login', {
          email,
          password: index === 50 ? password : `wrong password ${index}`,
        }),
      ),
    );
    expect(answers[50]!.status).toBe(429);
    expect(statuses(answers)).toEqual({
      401: LOGIN.perEmailAndAddress.max,
      429: 100 - LOGIN.perEmailAndAddress.max,
    });
    expect(await passwordChecks(email)).toBe(LOGIN.perEmailAndAddress.max);
  }, 60_000);

  it("one address's wrong passwords lock neither the owner elsewhere nor another account there", async () => {
    const owner = await signUp();
    const neighbour = await signUp();
    const attacker = new TestClient();
    for (let attempt = 0; attempt < LOGIN.perEmailAndAddress.max; attempt++) {
      const wrong = await attacker.post('/api/auth/login', {
        email: owner.email,
        password: `wrong guess ${attempt}`,
      });
      expect(wrong.status).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(
      LOGIN.perEmailAndAddress.windowMs / 1000 - 60,
    );
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(
      LOGIN.perEmailAndAddress.windowMs / 1000,
    );

    // The owner, from their own address, logs in and can still delete the account.
    expect((await new TestClient().post('/api/auth/login', owner)).status).toBe(200);
    // Another account logs in from the attacker's own address.
    const sameAddress = new TestClient('http://localhost', attacker.address);
    expect((await sameAddress.post('/api/auth/login', neighbour)).status).toBe(200);
    expect((await owner.client.delete('/api/me', { password: owner.password })).status).toBe(204);
  }, 60_000);

  it('a signed-in user who mistypes the password to change it is held only at that address', async () => {
    const { client, password, email } = await signUp();
    for (let attempt = 0; attempt < LOGIN.perEmailAndAddress.max; attempt++) {
      const wrong = await client.put('/api/me/password', {
        current: `wrong password ${attempt}`,
        next: 'a brand new secret',
      });
      expect(wrong.status).toBe(403);
    }
    // A stolen session cannot keep guessing from there...
    const blocked = await client.put('/api/me/password', { current: password, next: 'a brand new secret' });
    expect(blocked).toMatchObject({ status: 429, body: { error: 'tooManyAttempts' } });
    expect((await client.delete('/api/me', { password })).status).toBe(429);
    // ...while the owner, elsewhere, is not locked out.
    expect((await new TestClient().post('/api/auth/login', { email, password })).status).toBe(200);
  }, 60_000);

  it('10 wrong passwords from each of 5 addresses slow the guessers but do not lock the owner out', async () => {
    const owner = await signUp();
    const perGuesser = LOGIN.perEmailAndAddress.max;
    const guessers = Array.from({ length: LOGIN.perEmail.max / perGuesser }, () => new TestClient());
    const rounds = await Promise.all(
      guessers.map(async (guesser, who) => {
        const answers = [];
        for (let attempt = 0; attempt < perGuesser; attempt++) {
          answers.push(
            await guesser.post('/api/auth/login', {
              email: owner.email,
              password: `guess ${who}-${attempt}`,
            }),
          );
        }
        return answers;
      }),
    );
    expect(statuses(rounds.flat())).toEqual({ 401: LOGIN.perEmail.max });

    // The owner, at an address that has not failed, gets in; again after that, too.
    const ownerDevice = new TestClient();
    expect((await ownerDevice.post('/api/auth/login', owner)).status).toBe(200);
    expect((await ownerDevice.post('/api/auth/login', owner)).status).toBe(200);

    // A guesser with a fresh address gets one try for this email per hour, not ten per quarter.
    const another = new TestClient();
    expect(
      (await another.post('/api/auth/login', { email: owner.email, password: 'fresh guess' })).status,
    ).toBe(401);
    const held = await another.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(held).toMatchObject({ status: 429, body: { error: 'tooManyAttempts' } });
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(LOGIN.perEmailAndAddress.windowMs / 1000);
    expect(Number(held.headers.get('retry-after'))).toBeLessThanOrEqual(LOGIN.perEmail.windowMs / 1000);
    // The guessers' own addresses stay held, the right password included.
    expect((await guessers[0]!.post('/api/auth/login', owner)).status).toBe(429);
  }, 120_000);

  it('parallel guesses from many fresh addresses past the limit get one try each', async () => {
    const { email, password } = await signUp();
    const first = await Promise.all(
      Array.from({ length: LOGIN.perEmail.max + 5 }, (_, index) =>
        new TestClient().post('/api/auth/login', { email, password: `spread guess ${index}` }),
      ),
    );
    expect(statuses(first)).toEqual({ 401: LOGIN.perEmail.max + 5 });
    // Each of these addresses, once more in parallel, past the limit: one try each, so none.
    const repeat = new TestClient();
    await repeat.post('/api/auth/login', { email, password: 'first of two' });
    const again = await Promise.all(
      Array.from({ length: 5 }, () => repeat.post('/api/auth/login', { email, password: 'second of two' })),
    );
    expect(statuses(again)).toEqual({ 429: 5 });
    expect((await new TestClient().post('/api/auth/login', { email, password })).status).toBe(200);
  }, 120_000);

  it('one IPv6 client counts by its /64: its registrations meet the limit per address', async () => {
    const limit = THROTTLES.register.perAddress.max;
    const answers = [];
    for (let index = 0; index < limit + 3; index++) {
      // A new address of the same /64 for every try, as any IPv6 host may use.
      const client = new TestClient('http://localhost', `2001:db8:26:64:${(index + 1).toString(16)}::1`);
      answers.push(
        await client.post('/api/auth/register', {
          email: `ipv6-${index}-${Math.random().toString(36).slice(2)}@example.com`,
          password: 'correct horse battery',
        }),
      );
    }
    expect(statuses(answers)).toEqual({ 201: limit, 429: 3 });
    // The next /64 is another client.
    const neighbour = new TestClient('http://localhost', '2001:db8:26:65::1');
    expect(
      (
        await neighbour.post('/api/auth/register', {
          email: `ipv6-next-${Math.random().toString(36).slice(2)}@example.com`,
          password: 'correct horse battery',
        })
      ).status,
    ).toBe(201);
  }, 60_000);

  it('an IPv4 address written as IPv6 is the same client as the IPv4 address', async () => {
    const { email } = await signUp();
    const plain = new TestClient('http://localhost', '198.51.100.26');
    const mapped = new TestClient('http://localhost', '::ffff:198.51.100.26');
    for (let attempt = 0; attempt < LOGIN.perEmailAndAddress.max; attempt++) {
      const client = attempt % 2 ? mapped : plain;
      expect(
        (await client.post('/api/auth/login', { email, password: `wrong guess ${attempt}` })).status,
      ).toBe(401);
    }
    expect((await mapped.post('/api/auth/login', { email, password: 'one more guess' })).status).toBe(429);
    expect((await plain.post('/api/auth/login', { email, password: 'one more guess' })).status).toBe(429);
  }, 60_000);

  it('one address guessing many emails meets the limit per address, far above ten', async () => {
    const attacker = new TestClient();
    for (let round = 0; round < LOGIN.perAddress.max / 10; round++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          attacker.post('/api/auth/login', {
            email: `nobody-${round}-${index}@example.com`,
            password: 'some password',
          }),
        ),
      );
      expect(statuses(answers)).toEqual({ 401: 10 });
    }
    const { email, password } = await signUp();
    expect((await attacker.post('/api/auth/login', { email, password })).status).toBe(429);
    expect((await new TestClient().post('/api/auth/login', { email, password })).status).toBe(200);
  }, 120_000);

  it('a login forgives the mistypes before it from the same address', async () => {
    const { email, password } = await signUp();
    const user = new TestClient();
    for (let attempt = 0; attempt < LOGIN.perEmailAndAddress.max - 1; attempt++) {
      expect((await user.post('/api/auth/login', { email, password: `typo number ${attempt}` })).status).toBe(
        401,
      );
    }
    expect((await user.post('/api/auth/login', { email, password })).status).toBe(200);
    // The count starts again: the next typos are not the tenth and eleventh.
    expect((await user.post('/api/auth/login', { email, password: 'typo again' })).status).toBe(401);
    expect((await user.post('/api/auth/login', { email, password })).status).toBe(200);
  }, 60_000);

  it('registrations are limited per address, the refused 409s too, and only those let through are hashed', async () => {
    const { email: taken } = await signUp();
    const visitor = new TestClient();
    const burst = 40;
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, index) =>
        visitor.post('/api/auth/register', {
          email: index % 2 ? taken : `burst-${index}-${Math.random().toString(36).slice(2)}@example.com`,
          password: 'correct horse battery',
        }),
      ),
    );
    const counts = statuses(answers);
    expect((counts[201] ?? 0) + (counts[409] ?? 0)).toBe(THROTTLES.register.perAddress.max);
    expect(counts[429]).toBe(burst - THROTTLES.register.perAddress.max);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address registers as usual.
    expect(
      (
        await new TestClient().post('/api/auth/register', {
          email: `elsewhere-${Date.now()}@example.com`,
          password: 'correct horse battery',
        })
      ).status,
    ).toBe(201);
  }, 60_000);
});

describe.each(engines)('new passwords on $name', (engine) => {
  useDatabase(engine);

  const refused = [
    ['Password1!', 'passwordCommon'],
    ['          ', 'passwordCommon'],
    ['qwertyuiop', 'passwordCommon'],
    ['йцукенгшщз', 'passwordCommon'],
    ['password2024', 'passwordCommon'],
  ] as const;

  it.each(refused)('registration refuses %j as %s', async (password, message) => {
    const answer = await new TestClient().post('/api/auth/register', {
      email: `weak-${Math.random().toString(36).slice(2)}@example.com`,
      password,
    });
    expect(answer).toMatchObject({ status: 400, body: { field: 'password', issues: [{ message }] } });
  });

  it('registration refuses the email, its name part and the name as the password', async () => {
    const email = `marianna.petrova-${Math.random().toString(36).slice(2, 6)}@example.com`;
    for (const [password, name] of [
      [email, undefined],
      [email.toUpperCase(), undefined],
      [email.split('@')[0]!, undefined],
      ['Svetlana Ivanova', 'Svetlana Ivanova'],
    ] as const) {
      const answer = await new TestClient().post('/api/auth/register', { email, password, name });
      expect(answer, password).toMatchObject({
        status: 400,
        body: { field: 'password', issues: [{ message: 'passwordPersonal' }] },
      });
    }
    expect(
      (await new TestClient().post('/api/auth/register', { email, password: 'correct horse battery' }))
        .status,
    ).toBe(201);
  });

  it('a new password is checked the same way, against the account it is for', async () => {
    const { client, email, password } = await signUp('Valentina');
    for (const [next, message] of [
      [email, 'passwordPersonal'],
      ['Valentina', 'passwordPersonal'],
      ['Password1!', 'passwordCommon'],
    ] as const) {
      const answer = await client.put('/api/me/password', { current: password, next });
      expect(answer, next).toMatchObject({ status: 400, body: { field: 'next', issues: [{ message }] } });
    }
    expect(
      (await client.put('/api/me/password', { current: password, next: 'a brand new secret' })).status,
    ).toBe(204);
  });
});
