import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdays } from '@/lib/diary/dates';
import { THROTTLES } from '@/lib/limits';
import type { Reminders } from '@/lib/schemas/push';
import { pushSubscriptions } from '@/lib/server/db/schema';
import { sendDueReminders } from '@/lib/server/push/send-reminders';
import { signUp, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { entry } from '../support/fixtures';
import { startPushStandIn } from '../support/push-stand-in.mjs';
import { pushStandInClient, type StandInSubscription } from '../support/push-stand-in-client';

/** The port vitest.config.ts names as the push service. */
const PUSH_STAND_IN_PORT = 8795;

const everyDay = [...weekdays];
const none: Reminders = {
  breakfast: null,
  lunch: null,
  dinner: null,
  snacks: null,
  weighIn: null,
  nothingLogged: null,
};
/** Friday 27 November 2026 in Moscow (UTC+3), at `time`. */
const moscow = (time: string) => new Date(`2026-11-27T${time}:00+03:00`);
const DAY = '2026-11-27';

const standIn = pushStandInClient(PUSH_STAND_IN_PORT);
let server: Awaited<ReturnType<typeof startPushStandIn>>;
let publicKey: string;
beforeAll(async () => {
  server = await startPushStandIn(PUSH_STAND_IN_PORT);
  publicKey = (await new TestClient().get('/api/push')).body.publicKey;
});
afterAll(() => server.close());

function subscribeBody(device: StandInSubscription, reminders: Partial<Reminders>, extra: object = {}) {
  const { endpoint, keys } = device;
  return {
    subscription: { endpoint, keys },
    timeZone: 'Europe/Moscow',
    language: 'ru',
    reminders: { ...none, ...reminders },
    ...extra,
  };
}

describe.each(engines)('reminders by Web Push on $name', (engine) => {
  const db = useDatabase(engine);

  it("are sent at their time in the device's time zone and language, once", async () => {
    const { client } = await signUp();
    const device = await standIn.subscribe(publicKey);
    const saved = await client.put(
      '/api/push',
      subscribeBody(device, { lunch: { time: '13:00', days: everyDay } }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    await sendDueReminders(db(), moscow('12:59'));
    expect(await standIn.received(device)).toEqual([]);
    await sendDueReminders(db(), moscow('13:02'));
    await sendDueReminders(db(), moscow('13:03'));
    expect(await standIn.received(device)).toEqual([
      {
        title: 'Обед',
        body: expect.stringContaining('обед'),
        url: `/dashboard?date=${DAY}&add=lunch`,
        tag: `reminder-lunch-${DAY}`,
      },
    ]);
  });

  it('are skipped when the meal is logged, and come on their weekdays only', async () => {
    const { client } = await signUp();
    const device = await standIn.subscribe(publicKey);
    await client.put(
      '/api/push',
      subscribeBody(device, {
        breakfast: { time: '08:00', days: everyDay },
        dinner: { time: '19:00', days: ['sat', 'sun'] },
        weighIn: { time: '08:00', days: ['fri'] },
      }),
    );
    const meal = entry({ meal: 'breakfast' });
    await client.put(`/api/days/${DAY}/entries/${meal.id}`, meal);
    const counts = await sendDueReminders(db(), moscow('08:10'));
    expect(counts.skipped).toBeGreaterThanOrEqual(1);
    await sendDueReminders(db(), moscow('19:10'));
    // Breakfast was logged and dinner is for the weekend: only the weigh-in came.
    expect((await standIn.received(device)).map((push) => push.url)).toEqual([
      `/dashboard?date=${DAY}&weight=1`,
    ]);
  });

  it("skip the weigh-in once the day's weight is noted, and the nudge once anything is logged", async () => {
    const { client } = await signUp();
    const device = await standIn.subscribe(publicKey);
    await client.put(
      '/api/push',
      subscribeBody(device, {
        weighIn: { time: '08:00', days: everyDay },
        nothingLogged: { time: '20:00', days: everyDay },
      }),
    );
    expect((await client.patch(`/api/days/${DAY}`, { weight: 71.5 })).status).toBe(200);
    const snack = entry({ meal: 'snacks' });
    expect((await client.put(`/api/days/${DAY}/entries/${snack.id}`, snack)).status).toBe(200);
    const morning = await sendDueReminders(db(), moscow('08:05'));
    const evening = await sendDueReminders(db(), moscow('20:05'));
    expect(morning.skipped + evening.skipped).toBeGreaterThanOrEqual(2);
    expect(await standIn.received(device)).toEqual([]);

    // The next day nothing is logged yet: both come, the nudge opening the add dialog.
    await sendDueReminders(db(), new Date('2026-11-28T08:05:00+03:00'));
    await sendDueReminders(db(), new Date('2026-11-28T20:05:00+03:00'));
    expect((await standIn.received(device)).map((push) => push.url).sort()).toEqual([
      '/dashboard?date=2026-11-28&add=1',
      '/dashboard?date=2026-11-28&weight=1',
    ]);
  });

  it('are sent once however many instances run at the same minute', async () => {
    const { client } = await signUp();
    const device = await standIn.subscribe(publicKey);
    await client.put(
      '/api/push',
      subscribeBody(device, { nothingLogged: { time: '20:00', days: everyDay } }),
    );
    await Promise.all([1, 2, 3].map(() => sendDueReminders(db(), moscow('20:01'))));
    expect(await standIn.received(device)).toHaveLength(1);
  });

  it('are not sent an hour or more late', async () => {
    const { client } = await signUp();
    const device = await standIn.subscribe(publicKey);
    await client.put('/api/push', subscribeBody(device, { snacks: { time: '16:00', days: everyDay } }));
    await sendDueReminders(db(), moscow('17:00'));
    expect(await standIn.received(device)).toEqual([]);
  });

  it('drop a subscription the push service says is gone', async () => {
    const { client } = await signUp();
    const device = await standIn.subscribe(publicKey);
    await client.put('/api/push', subscribeBody(device, { dinner: { time: '19:00', days: everyDay } }));
    await standIn.expire(device);
    const counts = await sendDueReminders(db(), moscow('19:05'));
    expect(counts.gone).toBe(1);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toEqual([]);
  });

  it("end with the session: logout, and the account's deletion", async () => {
    const first = await signUp();
    const device = await standIn.subscribe(publicKey);
    await first.client.put('/api/push', subscribeBody(device, { lunch: { time: '13:00', days: everyDay } }));
    expect((await first.client.post('/api/auth/logout')).status).toBe(204);
    const stored = () =>
      db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(await stored()).toEqual([]);

    const second = await signUp();
    await second.client.put('/api/push', subscribeBody(device, { lunch: { time: '13:00', days: everyDay } }));
    expect(await stored()).toHaveLength(1);
    expect((await second.client.delete('/api/me', { password: second.password })).status).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it('serve a guest by what it says it logged, and only the browser that owns the subscription', async () => {
    const guest = new TestClient();
    const device = await standIn.subscribe(publicKey);
    const body = subscribeBody(device, {
      lunch: { time: '13:00', days: everyDay },
      dinner: { time: '19:00', days: everyDay },
    });
    expect((await guest.put('/api/push', body)).status).toBe(200);
    const { endpoint, keys } = device;
    const said = await guest.patch('/api/push', {
      endpoint,
      auth: keys.auth,
      guestLogged: { date: DAY, meals: ['lunch'], weighed: false },
    });
    expect(said.status).toBe(204);
    await sendDueReminders(db(), moscow('13:05'));
    await sendDueReminders(db(), moscow('19:05'));
    expect((await standIn.received(device)).map((push) => push.tag)).toEqual([`reminder-dinner-${DAY}`]);

    // Someone who knows the endpoint but not the browser's auth secret changes and ends nothing.
    const stranger = new TestClient();
    const forged = { ...body, subscription: { endpoint, keys: { ...keys, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } } };
    expect((await stranger.put('/api/push', forged)).status).toBe(403);
    expect(
      (
        await stranger.patch('/api/push', {
          endpoint,
          auth: 'AAAA',
          guestLogged: { date: DAY, meals: [], weighed: true },
        })
      ).status,
    ).toBe(404);
    expect((await stranger.delete('/api/push', { endpoint, auth: 'AAAA' })).status).toBe(204);
    const stored = () =>
      db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(await stored()).toHaveLength(1);
    expect((await guest.delete('/api/push', { endpoint, auth: keys.auth })).status).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it("let one guest address start only so many devices' reminders, and never hold back a change", async () => {
    const { max } = THROTTLES.guestReminders.perAddress;
    const guest = new TestClient();
    const device = await standIn.subscribe(publicKey);
    const body = (index: number) => {
      const each = subscribeBody(device, { lunch: { time: '13:00', days: everyDay } });
      return { ...each, subscription: { ...each.subscription, endpoint: `${device.endpoint}-${index}` } };
    };
    // Started side by side, as a script would: exactly `max` get through.
    const answers = await Promise.all(
      Array.from({ length: max + 3 }, (_, index) => guest.put('/api/push', body(index))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(max);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body).toMatchObject({ error: 'tooManyAttempts', retryAfter: expect.any(Number) });
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    const kept = await db()
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(like(pushSubscriptions.endpoint, `${device.endpoint}-%`));
    expect(kept).toHaveLength(max);

    // A device already kept may still change its times; another address starts its own.
    const started = answers.findIndex((answer) => answer.status === 200);
    const changed = body(started);
    changed.reminders.lunch = { time: '12:30', days: everyDay };
    expect((await guest.put('/api/push', changed)).status).toBe(200);
    expect((await new TestClient().put('/api/push', body(max + 10))).status).toBe(200);
  });

  it('send a test to the owning browser at once, in its language, and only so often', async () => {
    const guest = new TestClient();
    const device = await standIn.subscribe(publicKey);
    const { endpoint, keys } = device;
    expect((await guest.put('/api/push', subscribeBody(device, {}))).status).toBe(200);
    expect((await guest.post('/api/push/test', { endpoint, auth: keys.auth })).status).toBe(204);
    expect(await standIn.received(device)).toEqual([
      expect.objectContaining({ title: 'Напоминания работают', url: '/settings', tag: 'reminder-test' }),
    ]);

    // Another browser, knowing the endpoint only, sends nothing.
    const stranger = await new TestClient().post('/api/push/test', {
      endpoint,
      auth: 'AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(stranger.status).toBe(404);
    expect(await standIn.received(device)).toHaveLength(1);

    // An address has THROTTLES.testReminder tests in its window, the stranger's among them.
    const { max } = THROTTLES.testReminder.perAddress;
    const tries = await Promise.all(
      Array.from({ length: max }, () => guest.post('/api/push/test', { endpoint, auth: keys.auth })),
    );
    expect(tries.filter((answer) => answer.status === 204)).toHaveLength(max - 1);
    expect(tries.filter((answer) => answer.status === 429)).toHaveLength(1);

    // A subscription its push service has let go is deleted, and the browser told so.
    const other = new TestClient();
    const gone = await standIn.subscribe(publicKey);
    expect((await other.put('/api/push', subscribeBody(gone, {}))).status).toBe(200);
    await standIn.expire(gone);
    const answer = await other.post('/api/push/test', { endpoint: gone.endpoint, auth: gone.keys.auth });
    expect(answer).toMatchObject({ status: 410, body: { error: 'gone' } });
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint)),
    ).toEqual([]);
  });

  it('refuse bad input and an endpoint that is no push service', async () => {
    const { client } = await signUp();
    const device = await standIn.subscribe(publicKey);
    const good = subscribeBody(device, { lunch: { time: '13:00', days: everyDay } });
    const bad: Array<[object, string]> = [
      [
        { ...good, subscription: { ...good.subscription, endpoint: 'http://127.0.0.1:5432/' } },
        'subscription',
      ],
      [
        { ...good, subscription: { ...good.subscription, endpoint: 'https://evil.example/push/1' } },
        'subscription',
      ],
      [
        { ...good, subscription: { ...good.subscription, endpoint: 'javascript:alert(1)' } },
        'subscription.endpoint',
      ],
      [{ ...good, timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ ...good, language: 'de' }, 'language'],
      [
        { ...good, reminders: { ...good.reminders, lunch: { time: '25:00', days: everyDay } } },
        'reminders.lunch.time',
      ],
      [
        { ...good, reminders: { ...good.reminders, lunch: { time: '13:00', days: [] } } },
        'reminders.lunch.days',
      ],
      [
        { ...good, reminders: { ...good.reminders, lunch: { time: '13:00', days: ['someday'] } } },
        'reminders.lunch.days.0',
      ],
    ];
    for (const [body, field] of bad) {
      const answer = await client.put('/api/push', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    const made = await client.post('/api/tokens', { name: 'script', scopes: ['read', 'write'], days: null });
    const robot = await new TestClient().put('/api/push', good, {
      headers: { authorization: `Bearer ${made.body.token}` },
    });
    expect(robot.status).toBe(403);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toEqual([]);
  });
});
