import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import pino from 'pino';
import webPush from 'web-push';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { weekdays } from '@/lib/diary/dates';
import { PUSH_FAILURE_LOG, THROTTLES } from '@/lib/limits';
import type { Reminders } from '@/lib/schemas/push';
import { pushSubscriptions, vapidKeys as vapidKeysTable } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { sendDueReminders } from '@/lib/server/push/send-reminders';
import { loadVapidKeys } from '@/lib/server/push/vapid';
import { logger } from '@/server/log.mjs';
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
  fastEnd: false,
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

/** The log lines written while a test runs, as the process's logger writes them (as in logs.test.ts). */
type Line = Record<string, unknown> & { text: string };
const lines: Line[] = [];
const loggerStream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];
beforeEach(() => {
  lines.length = 0;
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write: (text: string) => lines.push({ ...(JSON.parse(text) as Record<string, unknown>), text }),
  };
});
afterEach(() => {
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = loggerStream;
});

/** Runs `work` with some settings changed, as a server started with them would be. */
async function withSettings<T>(changes: Partial<typeof env>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(changes).map((key) => [key, env[key as keyof typeof env]]));
  Object.assign(env, changes);
  try {
    return await work();
  } finally {
    Object.assign(env, before);
  }
}

/** A port on localhost where nothing listens: a push service that refuses the connection. */
const DEAD_PORT = 8796;

/** A base64url key changed as bytes. */
const reencoded = (key: string, change: (bytes: Buffer) => Buffer) =>
  change(Buffer.from(key, 'base64url')).toString('base64url');

function withKeys(body: ReturnType<typeof subscribeBody>, keys: Partial<StandInSubscription['keys']>) {
  return { ...body, subscription: { ...body.subscription, keys: { ...body.subscription.keys, ...keys } } };
}

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

  it('remind of meals of one’s own by the name the account gives them now, and skip one logged', async () => {
    const { client } = await signUp();
    await client.patch('/api/settings', {
      meals: [
        { id: 'breakfast', name: null, hidden: false },
        { id: 'lunch', name: 'Бизнес-ланч', hidden: false },
        { id: 'dinner', name: null, hidden: false },
        { id: 'meal5', name: 'Полдник', hidden: false },
        { id: 'snacks', name: null, hidden: false },
      ],
    });
    const device = await standIn.subscribe(publicKey);
    const saved = await client.put(
      '/api/push',
      subscribeBody(device, {
        lunch: { time: '13:00', days: everyDay },
        meal5: { time: '16:00', days: everyDay },
        meal6: { time: '17:00', days: everyDay },
        // A name the device told before a rename: the account's settings win.
        mealNames: { meal5: 'Старое имя' },
      }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await sendDueReminders(db(), moscow('13:01'));
    await sendDueReminders(db(), moscow('16:01'));
    expect(await standIn.received(device)).toEqual([
      {
        title: 'Бизнес-ланч',
        body: 'Запишите «Бизнес-ланч» сейчас: это займёт пару секунд.',
        url: `/dashboard?date=${DAY}&add=lunch`,
        tag: `reminder-lunch-${DAY}`,
      },
      {
        title: 'Полдник',
        body: 'Запишите «Полдник» сейчас: это займёт пару секунд.',
        url: `/dashboard?date=${DAY}&add=meal5`,
        tag: `reminder-meal5-${DAY}`,
      },
    ]);
    // Logged into meal6 before its time: its reminder is skipped.
    const snack = entry({ meal: 'meal6', loggedAt: '2026-11-27T12:30:00.000Z' });
    await client.put(`/api/days/${DAY}/entries/${snack.id}`, snack);
    await sendDueReminders(db(), moscow('17:01'));
    expect(await standIn.received(device)).toHaveLength(2);
  });

  it('remind a guest of a meal of one’s own by the name its device told, and refuse a bad name', async () => {
    const guest = new TestClient();
    const device = await standIn.subscribe(publicKey);
    const body = subscribeBody(device, {
      meal7: { time: '11:00', days: everyDay },
      mealNames: { meal7: 'Second breakfast' },
    });
    expect(
      (await guest.put('/api/push', { ...body, reminders: { ...body.reminders, mealNames: { meal7: '' } } }))
        .status,
    ).toBe(400);
    expect(
      (
        await guest.put('/api/push', {
          ...body,
          reminders: { ...body.reminders, mealNames: { meal7: 'x'.repeat(1_000) } },
        })
      ).status,
    ).toBe(400);
    expect((await guest.put('/api/push', body)).status).toBe(200);
    await sendDueReminders(db(), moscow('11:01'));
    expect((await standIn.received(device)).map(({ title, url }) => ({ title, url }))).toEqual([
      { title: 'Second breakfast', url: `/dashboard?date=${DAY}&add=meal7` },
    ]);
  });

  it("tell an account's fast under way when it reaches its plan, once, from the day it began", async () => {
    const { client } = await signUp();
    const device = await standIn.subscribe(publicKey);
    await client.put('/api/push', subscribeBody(device, { fastEnd: true }));
    // A 16-hour fast begun at 20:00 Moscow time the evening before: its plan ends at 12:00.
    const start = '2026-11-26T17:00:00.000Z';
    const begun = await client.patch('/api/days/2026-11-26', {
      details: { fasting: { start, goalMinutes: 960 } },
    });
    expect(begun.status, JSON.stringify(begun.body)).toBe(200);

    await sendDueReminders(db(), moscow('11:59'));
    expect(await standIn.received(device)).toEqual([]);
    await sendDueReminders(db(), moscow('12:01'));
    await sendDueReminders(db(), moscow('12:30'));
    expect(await standIn.received(device)).toEqual([
      {
        title: 'Голодание дошло до цели',
        body: expect.stringContaining('завершите'),
        url: '/dashboard?fast=1',
        tag: `reminder-fastEnd-${DAY}`,
      },
    ]);

    // The next fast is ended before its plan is reached: nothing comes for it.
    const second = await signUp();
    const other = await standIn.subscribe(publicKey);
    await second.client.put('/api/push', subscribeBody(other, { fastEnd: true }));
    const fast = { start: '2026-11-27T05:00:00.000Z', goalMinutes: 720 };
    await second.client.patch(`/api/days/${DAY}`, { details: { fasting: fast } });
    await second.client.patch(`/api/days/${DAY}`, {
      details: { fasting: null, fasts: [{ ...fast, end: '2026-11-27T09:00:00.000Z' }] },
    });
    await sendDueReminders(db(), moscow('20:05'));
    expect(await standIn.received(other)).toEqual([]);
  });

  it("tell a guest's fast by what its device said, and only while the fast's reminder is on", async () => {
    const guest = new TestClient();
    const device = await standIn.subscribe(publicKey);
    const { endpoint, keys } = device;
    const fast = { start: '2026-11-27T06:00:00.000Z', goalMinutes: 480 }; // 09:00 to 17:00 in Moscow
    const stored = async () =>
      (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

    // Off: the fast the device tells is not kept.
    expect((await guest.put('/api/push', subscribeBody(device, {}, { guestFast: fast }))).status).toBe(200);
    expect((await stored())?.guestFast).toBeNull();
    expect(
      (await guest.put('/api/push', subscribeBody(device, { fastEnd: true }, { guestFast: fast }))).status,
    ).toBe(200);
    expect((await stored())?.guestFast).toEqual(fast);
    await sendDueReminders(db(), moscow('17:10'));
    expect((await standIn.received(device)).map((push) => push.url)).toEqual(['/dashboard?fast=1']);

    // The fast ended and another begun: the device says so; a stranger without the secret cannot.
    const next = { start: '2026-11-27T15:00:00.000Z', goalMinutes: 240 }; // 18:00 to 22:00
    expect((await guest.patch('/api/push', { endpoint, auth: keys.auth, guestFast: next })).status).toBe(204);
    expect(
      (await new TestClient().patch('/api/push', { endpoint, auth: 'AAAA', guestFast: null })).status,
    ).toBe(404);
    expect((await guest.patch('/api/push', { endpoint, auth: keys.auth })).status).toBe(400);
    // Its plan ends at 22:00, the same day: it is told too, once.
    await sendDueReminders(db(), moscow('22:05'));
    await sendDueReminders(db(), moscow('22:06'));
    expect(await standIn.received(device)).toHaveLength(2);
    expect((await guest.patch('/api/push', { endpoint, auth: keys.auth, guestFast: null })).status).toBe(204);
    expect((await stored())?.guestFast).toBeNull();
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
      // An allowed push service on another port: a bare host means 443 only.
      [
        {
          ...good,
          subscription: { ...good.subscription, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' },
        },
        'subscription',
      ],
      [
        { ...good, subscription: { ...good.subscription, endpoint: `http://localhost:${DEAD_PORT}/push/1` } },
        'subscription',
      ],
      // Keys no push could ever be encrypted for: the wrong length, a compressed point, a point
      // off the curve, an auth secret that is not 16 bytes.
      [
        withKeys(good, { p256dh: reencoded(device.keys.p256dh, (key) => key.subarray(0, 64)) }),
        'subscription.keys.p256dh',
      ],
      [
        withKeys(good, {
          p256dh: reencoded(device.keys.p256dh, (key) =>
            Buffer.concat([Buffer.from([2]), key.subarray(1, 33)]),
          ),
        }),
        'subscription.keys.p256dh',
      ],
      [
        withKeys(good, { p256dh: reencoded(device.keys.p256dh, (key) => ((key[64]! ^= 1), key)) }),
        'subscription.keys.p256dh',
      ],
      [
        withKeys(good, { auth: reencoded(device.keys.auth, (key) => key.subarray(0, 15)) }),
        'subscription.keys.auth',
      ],
      [
        withKeys(good, { auth: reencoded(device.keys.auth, (key) => Buffer.concat([key, key])) }),
        'subscription.keys.auth',
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
      expect(answer.body.field, JSON.stringify(body)).toBe(field);
    }
    // A push service's own host on 443, said or not, is one; padded keys are the same keys.
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/a1',
      'https://fcm.googleapis.com:443/fcm/send/a2',
    ]) {
      const padded = { p256dh: `${device.keys.p256dh}=`, auth: `${device.keys.auth}==` };
      const answer = await client.put('/api/push', { ...good, subscription: { endpoint, keys: padded } });
      expect(answer.status, endpoint).toBe(200);
    }
    await db()
      .delete(pushSubscriptions)
      .where(like(pushSubscriptions.endpoint, 'https://fcm.googleapis.com/%'));
    const made = await client.post('/api/tokens', { name: 'script', scopes: ['read', 'write'], days: null });
    const robot = await new TestClient().put('/api/push', good, {
      headers: { authorization: `Bearer ${made.body.token}` },
    });
    expect(robot.status).toBe(403);
    expect(
      await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toEqual([]);
  });

  it('share one VAPID pair through the database when the environment names none; its pair wins', async () => {
    const fromEnvironment = { publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY! };
    expect(await loadVapidKeys(db())).toEqual(fromEnvironment);
    expect(await db().select().from(vapidKeysTable)).toEqual([]);

    // Instances starting at once, each with a data directory of its own (separate machines).
    const emptyDataDir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    const unset = { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, DATA_DIR: emptyDataDir };
    await withSettings(unset, async () => {
      const instances = await Promise.all([1, 2, 3, 4].map(() => loadVapidKeys(db())));
      expect(new Set(instances.map((keys) => keys.publicKey)).size).toBe(1);
      expect(instances[0]!.publicKey).not.toBe(fromEnvironment.publicKey);
      expect(await db().select().from(vapidKeysTable)).toHaveLength(1);
      expect(lines.filter((line) => String(line.msg).includes('generated'))).toHaveLength(1);
      // One started later reads the same.
      expect(await loadVapidKeys(db())).toEqual(instances[0]);

      // A browser subscribes with it, and the test push signed with it reaches the device (the
      // stand-in checks the signature against the key the subscription was made with).
      const guest = new TestClient();
      const served = (await guest.get('/api/push')).body.publicKey;
      expect(served).toBe(instances[0]!.publicKey);
      const device = await standIn.subscribe(served);
      expect((await guest.put('/api/push', subscribeBody(device, {}))).status).toBe(200);
      const { endpoint, keys } = device;
      expect((await guest.post('/api/push/test', { endpoint, auth: keys.auth })).status).toBe(204);
      expect(await standIn.received(device)).toHaveLength(1);
    });

    // The pair an earlier version kept in DATA_DIR/vapid.json becomes the database's, so the
    // browsers subscribed with it keep their reminders.
    await db().delete(vapidKeysTable);
    const earlier = webPush.generateVAPIDKeys();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    writeFileSync(path.join(dataDir, 'vapid.json'), JSON.stringify(earlier));
    await withSettings({ ...unset, DATA_DIR: dataDir }, async () => {
      expect(await loadVapidKeys(db())).toEqual(earlier);
      await withSettings({ DATA_DIR: emptyDataDir }, async () =>
        expect(await loadVapidKeys(db())).toEqual(earlier),
      );
    });
    // Set, the environment's pair wins over the database's.
    expect(await loadVapidKeys(db())).toEqual(fromEnvironment);
  });

  it('log a failing push once with its cause, host and reminder, then count it until it ends', async () => {
    const warnings = () => lines.filter((line) => line.level === 'warn');
    await withSettings(
      { PUSH_SERVICE_HOSTS: `localhost:${PUSH_STAND_IN_PORT},localhost:${DEAD_PORT}` },
      async () => {
        // This device alone: the earlier tests' devices would have their own failures logged.
        await db().delete(pushSubscriptions);
        const { client } = await signUp();
        const device = await standIn.subscribe(publicKey);
        const dead = device.endpoint.replace(`:${PUSH_STAND_IN_PORT}/`, `:${DEAD_PORT}/`);
        const lunch = { lunch: { time: '13:00', days: everyDay } };
        expect(
          (await client.put('/api/push', subscribeBody({ ...device, endpoint: dead }, lunch))).status,
        ).toBe(200);

        vi.useFakeTimers({ toFake: ['Date'] });
        try {
          for (const minute of ['13:01', '13:02', '13:03', '13:04', '13:05'])
            await sendDueReminders(db(), moscow(minute));
          expect(warnings()).toEqual([
            expect.objectContaining({
              cause: 'ECONNREFUSED',
              host: `localhost:${DEAD_PORT}`,
              reminder: 'lunch',
            }),
          ]);
          // An hour on, a failure still going on is said again, with its count.
          vi.setSystemTime(Date.now() + PUSH_FAILURE_LOG.repeatSaidEveryMs);
          await sendDueReminders(db(), moscow('13:59'));
          expect(warnings()).toHaveLength(2);
          expect(warnings()[1]).toMatchObject({ cause: 'ECONNREFUSED', reminder: 'lunch', failures: 6 });
        } finally {
          vi.useRealTimers();
        }

        // The push service answers again: the reminder comes, and how many tries failed is said.
        await db()
          .update(pushSubscriptions)
          .set({ endpoint: device.endpoint })
          .where(eq(pushSubscriptions.endpoint, dead));
        await sendDueReminders(db(), moscow('13:30'));
        expect(await standIn.received(device)).toHaveLength(1);
        expect(lines.filter((line) => line.level === 'info')).toEqual([
          expect.objectContaining({ cause: 'ECONNREFUSED', reminder: 'lunch', failures: 6 }),
        ]);
        expect(warnings()).toHaveLength(2);
        // The endpoint's path is the device's secret; a connection refused needs no stack.
        const secret = new URL(device.endpoint).pathname;
        for (const line of lines) {
          expect(line.text).not.toContain(secret);
          expect(line.text).not.toContain('stack');
        }
      },
    );
  }, 30_000);

  it('answer 502 to a test push that cannot be made, logged on one line without a stack', async () => {
    const guest = new TestClient();
    const device = await standIn.subscribe(publicKey);
    expect((await guest.put('/api/push', subscribeBody(device, {}))).status).toBe(200);
    // Keys kept before they were checked: a point off the curve, for which nothing encrypts.
    const offCurve = reencoded(device.keys.p256dh, (key) => ((key[64]! ^= 1), key));
    await db()
      .update(pushSubscriptions)
      .set({ p256dh: offCurve })
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    const owner = { endpoint: device.endpoint, auth: device.keys.auth };
    expect(await guest.post('/api/push/test', owner)).toMatchObject({
      status: 502,
      body: { error: 'pushFailed' },
    });
    expect(await guest.post('/api/push/test', owner)).toMatchObject({ status: 502 });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        cause: 'encryption',
        host: `localhost:${PUSH_STAND_IN_PORT}`,
        reminder: 'test',
      }),
    ]);
    expect(lines[0]!.text).not.toContain('stack');
    expect(lines[0]!.text).not.toContain(new URL(device.endpoint).pathname);
  });
});

describe('PUSH_SERVICE_HOSTS', () => {
  it('stops the server at start when an entry is not a host (a scheme, a path)', async () => {
    for (const [value, refused] of [
      ['https://fcm.googleapis.com', true],
      ['fcm.googleapis.com/fcm', true],
      ['fcm.googleapis.com,,web.push.apple.com', true],
      ['fcm.googleapis.com, *.push.apple.com,localhost:8795', false],
    ] as const) {
      vi.resetModules();
      vi.stubEnv('PUSH_SERVICE_HOSTS', value);
      try {
        const loading = import('@/lib/server/env');
        if (refused) await expect(loading, value).rejects.toThrow(/PUSH_SERVICE_HOSTS/);
        else await expect(loading, value).resolves.toBeDefined();
      } finally {
        vi.unstubAllEnvs();
      }
    }
  });
});
