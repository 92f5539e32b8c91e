// Reminders by Web Push: turned on in settings (Chromium grants the permission here), a meal's
// time set to now, the server pushes it through a local push service (tests/support/push-stand-in.mjs)
// in the user's language, the service worker shows it, and its link opens the day with the add
// dialog on that meal. A guest in English on the desktop, an account in Russian in Moscow on the
// phone. Chromium here cannot reach a real push service, so the page's PushManager hands out the
// stand-in's subscription, and the push the stand-in received is delivered to the service
// worker through the DevTools protocol, as a push service would deliver it.
import { createECDH } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { localeOfScreen, messages, onScreen, onScreenOf, startDiary, waitForController } from './helpers';
import { pushStandInClient, type StandInSubscription } from '../support/push-stand-in-client';

// This spec goes offline or reads the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

const standIn = pushStandInClient(Number(process.env.E2E_PUSH_PORT));

/**
 * The page's PushManager answers `device` as this browser's subscription. The headless shell has
 * no notifications at all (its Notification.permission stays "denied" whatever is granted), so
 * the page is told the permission is granted, as a phone's browser would say after the prompt.
 */
async function pushThrough(context: BrowserContext, device: StandInSubscription) {
  await context.addInitScript((subscription) => {
    Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
    Notification.requestPermission = async () => 'granted';
    const fake = {
      endpoint: subscription.endpoint,
      options: { userVisibleOnly: true },
      toJSON: () => ({ endpoint: subscription.endpoint, keys: subscription.keys }),
      unsubscribe: async () => true,
    };
    let subscribed = false;
    PushManager.prototype.subscribe = async () => ((subscribed = true), fake as unknown as PushSubscription);
    PushManager.prototype.getSubscription = async () =>
      subscribed ? (fake as unknown as PushSubscription) : null;
  }, device);
}

/** The wall clock of `timeZone` now (or `minutesAgo` before), HH:MM. */
const clockIn = (timeZone: string, minutesAgo = 0) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() - minutesAgo * 60_000),
  );

/** Hands `push` to the page's service worker as its push service would. */
async function deliver(page: Page, push: unknown) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify(push),
  });
}

for (const [mode, locale, timeZone] of [
  ['guest', 'en', 'Europe/Dublin'],
  ['account', 'ru', 'Europe/Moscow'],
] as const)
  test(
    `${mode}, ${locale}: a lunch reminder comes at its time and opens lunch`,
    onScreenOf(locale),
    async ({ browser }, testInfo) => {
      test.setTimeout(90_000);
      const t = messages[locale].settings.reminders;
      const context = await browser.newContext({
        ...testInfo.project.use,
        serviceWorkers: 'allow',
        baseURL: testInfo.project.use.baseURL,
        locale: locale === 'ru' ? 'ru-RU' : 'en-IE',
        timezoneId: timeZone,
        extraHTTPHeaders: {
          'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${locale === 'ru' ? 2 : 1}`,
        },
      });
      await context.grantPermissions(['notifications']);
      await startDiary(context, mode, locale);
      const { publicKey } = await (await context.request.get('/api/push')).json();
      const device = await standIn.subscribe(publicKey);
      await pushThrough(context, device);
      const page = await context.newPage();

      await page.goto('/settings');
      await waitForController(page);
      // What the worker shows is kept for the test to read: the headless shell cannot show it.
      const worker = context.serviceWorkers()[0]!;
      await worker.evaluate(() => {
        const scope = self as unknown as ServiceWorkerGlobalScope & { shown: unknown[] };
        scope.shown = [];
        scope.registration.showNotification = async (title, options) =>
          void scope.shown.push({ title, body: options?.body, url: (options?.data as { url: string }).url });
      });
      const card = page.getByTestId('reminder-settings');
      await expect(card).toContainText(mode === 'guest' ? t.guestNote : t.accountNote);
      await card.getByRole('button', { name: t.turnOn }).click();
      const lunch = card.getByTestId('reminder-lunch');
      await expect(lunch.getByRole('checkbox')).toBeChecked();
      // Lunch now, on the device's own clock; the server looks every 2 s in this run.
      const time = lunch.getByLabel(new RegExp(t.timeOf.split('{')[0]!));
      await time.fill(clockIn(timeZone));
      await time.blur();

      let push: Awaited<ReturnType<typeof standIn.received>>[number] | undefined;
      await expect
        .poll(
          async () =>
            (push = (await standIn.received(device)).find((each) => each.url.endsWith('&add=lunch'))),
          { timeout: 20_000 },
        )
        .toBeTruthy();
      const title = messages[locale].reminders.push.lunch.title;
      expect(push).toMatchObject({
        title,
        url: expect.stringMatching(/^\/dashboard\?date=\d{4}-\d{2}-\d{2}&add=lunch$/),
      });

      await deliver(page, push);
      await expect
        .poll(() => worker.evaluate(() => (self as unknown as { shown: unknown[] }).shown))
        .toEqual([{ title, body: push!.body, url: push!.url }]);

      // The notification's page: that day, the add dialog open on lunch.
      await page.goto(push!.url);
      const tDiary = messages[locale].diary;
      await expect(
        page.getByRole('dialog', { name: tDiary.addTo.replace('{meal}', tDiary.meals.lunch) }),
      ).toBeVisible();

      // The fast's reminder: a fast of an hour begun 62 minutes ago has reached its plan (a guest's
      // device tells the server of it; an account's is read from its days), and the push opens
      // today's fasting dialog to end it.
      await page.goto('/settings');
      const fastEnd = page.getByTestId('reminder-fastEnd').getByRole('checkbox');
      await fastEnd.click();
      await expect(fastEnd).toBeChecked();
      await page.goto('/dashboard');
      const tFast = tDiary.fasting;
      await page.getByTestId('fasting-card').getByRole('button', { name: tFast.start }).click();
      const starting = page.getByRole('dialog', { name: tFast.startTitle });
      await starting.getByRole('radio', { name: tFast.custom }).click();
      await starting.getByLabel(tFast.hours).fill('1');
      await starting.getByRole('radio', { name: tFast.atTime }).click();
      await starting.getByLabel(tFast.time).fill(clockIn(timeZone, 62));
      await starting.getByRole('button', { name: tFast.start }).click();
      await expect(starting).toBeHidden();
      await expect
        .poll(async () => (await standIn.received(device)).find((each) => each.url === '/dashboard?fast=1'), {
          timeout: 20_000,
        })
        .toMatchObject({ title: messages[locale].reminders.push.fastEnd.title });
      await page.goto('/dashboard?fast=1');
      await expect(page.getByRole('dialog', { name: tFast.endTitle })).toBeVisible();

      // A test reminder from the settings comes at once, in the device's language.
      await page.goto('/settings');
      await page.getByTestId('reminder-settings').getByRole('button', { name: t.test }).click();
      await expect(page.getByText(t.testSent, { exact: true })).toBeVisible();
      await expect
        .poll(async () => (await standIn.received(device)).find((each) => each.tag === 'reminder-test'))
        .toMatchObject({ title: messages[locale].reminders.push.test.title, url: '/settings' });

      // Turned off, the device has no reminders left on the server.
      const turnOff = page.getByTestId('reminder-settings').getByRole('button', { name: t.turnOff });
      // Mid-screen, where a thumb would tap it, not under the phone's bottom bar.
      await turnOff.evaluate((button) => button.scrollIntoView({ block: 'center' }));
      await turnOff.click();
      await expect(
        page.getByTestId('reminder-settings').getByRole('button', { name: t.turnOn }),
      ).toBeVisible();
      await context.close();
    },
  );

test(
  'a browser that cannot make a push subscription is told why, and what to do',
  onScreen('mobile'),
  async ({ browser }, testInfo) => {
    const locale = localeOfScreen(testInfo);
    const t = messages[locale].settings.reminders;
    const context = await browser.newContext({
      ...testInfo.project.use,
      serviceWorkers: 'allow',
      baseURL: testInfo.project.use.baseURL,
      locale: locale === 'ru' ? 'ru-RU' : 'en-IE',
    });
    await context.grantPermissions(['notifications']);
    await startDiary(context, 'guest', locale);
    // Notifications allowed, but the push service refuses, as Chrome says when it cannot reach it.
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
      Notification.requestPermission = async () => 'granted';
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () => {
        throw new DOMException('Registration failed - push service error', 'AbortError');
      };
    });
    const page = await context.newPage();
    await page.goto('/settings');
    await waitForController(page);
    const card = page.getByTestId('reminder-settings');
    await card.getByRole('button', { name: t.turnOn }).click();
    await expect(card.getByRole('alert')).toHaveText(t.subscribeFailed);
    // Nothing was kept: the button is still there to try again.
    await expect(card.getByRole('button', { name: t.turnOn })).toBeEnabled();
    await context.close();
  },
);

// A subscription made under another VAPID key (an older instance's, before the pair was kept in
// the database) has every push refused by its push service. At the app's start it is made again
// under the server's key, with the same reminders, and the old one is ended: the user does nothing.
test(
  'a subscription made under an older VAPID key is made again under the current one',
  onScreen('desktop'),
  async ({ browser }, testInfo) => {
    test.setTimeout(60_000);
    const t = messages.en.settings.reminders;
    const context = await browser.newContext({
      ...testInfo.project.use,
      serviceWorkers: 'allow',
      baseURL: testInfo.project.use.baseURL,
      locale: 'en-IE',
      extraHTTPHeaders: { 'x-forwarded-for': `10.78.${Math.floor(Math.random() * 250)}.1` },
    });
    await context.grantPermissions(['notifications']);
    await startDiary(context, 'guest', 'en');
    const { publicKey } = await (await context.request.get('/api/push')).json();
    const older = createECDH('prime256v1');
    const oldKey = older.generateKeys().toString('base64url');
    const devices = [await standIn.subscribe(oldKey), await standIn.subscribe(publicKey)];
    // The page's PushManager hands out the devices in turn, its subscription kept across reloads
    // with the key it was made with, as a browser keeps it.
    await context.addInitScript((handedOut) => {
      Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
      Notification.requestPermission = async () => 'granted';
      const KEY = 'e2e-push-subscription';
      const bytes = (key: string) =>
        Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0)).buffer;
      const current = () => {
        const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { index: number; key: string } | null;
        if (!kept) return null;
        const device = handedOut[kept.index]!;
        return {
          endpoint: device.endpoint,
          options: { userVisibleOnly: true, applicationServerKey: bytes(kept.key) },
          toJSON: () => ({ endpoint: device.endpoint, keys: device.keys }),
          unsubscribe: async () => (localStorage.removeItem(KEY), true),
        } as unknown as PushSubscription;
      };
      PushManager.prototype.subscribe = async (options) => {
        const index = Number(localStorage.getItem(`${KEY}-count`) ?? 0);
        localStorage.setItem(`${KEY}-count`, String(index + 1));
        localStorage.setItem(KEY, JSON.stringify({ index, key: options?.applicationServerKey }));
        return current()!;
      };
      PushManager.prototype.getSubscription = async () => current();
    }, devices);
    const page = await context.newPage();
    // Turned on while the server answered the older key (the context's route: the service worker
    // fetches the page's API requests, which a page's route never sees).
    await context.route('**/api/push', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { publicKey: oldKey } }) : route.fallback(),
    );
    await page.goto('/settings');
    await waitForController(page);
    const card = page.getByTestId('reminder-settings');
    await card.getByRole('button', { name: t.turnOn }).click();
    await expect(card.getByTestId('reminder-lunch').getByRole('checkbox')).toBeChecked();
    const endpointKept = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('diary-reminders') ?? 'null')?.endpoint);
    expect(await endpointKept()).toBe(devices[0]!.endpoint);
    await context.unroute('**/api/push');

    await page.reload();
    await expect.poll(endpointKept, { timeout: 20_000 }).toBe(devices[1]!.endpoint);
    await expect(card.getByTestId('reminder-lunch').getByRole('checkbox')).toBeChecked();
    // The old subscription is gone on the server, and its pushes reach the new one.
    const old = { endpoint: devices[0]!.endpoint, auth: devices[0]!.keys.auth };
    await expect
      .poll(async () => (await context.request.post('/api/push/test', { data: old })).status())
      .toBe(404);
    await card.getByRole('button', { name: t.test }).click();
    await expect(page.getByText(t.testSent, { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await standIn.received(devices[1]!)).find((each) => each.tag === 'reminder-test'))
      .toBeTruthy();
    await context.close();
  },
);
