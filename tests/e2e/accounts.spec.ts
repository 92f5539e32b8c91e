import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  fill,
  addGuestSession,
  baseURL,
  dateSpanText,
  localDate,
  messages,
  quickAdd,
  setLocale,
  waitForHydration,
  type Locale,
  logOutThroughPage,
  onScreenOf,
  onScreen,
} from './helpers';

// Accounts as a person uses them: register, keep a day, log out, log in from another browser
// and find it; two people never see each other's diary; a guest diary moves into an account.

const PASSWORD = 'correct horse battery staple';

/** A new address per test: the e2e server's database outlives a single run. */
const newEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

async function register(page: Page, locale: Locale, email: string, name = 'Alex') {
  const t = messages[locale].auth;
  await page.goto('/Register');
  await waitForHydration(page);
  await page.getByLabel(t.nameOptional).fill(name);
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t.submitRegister }).click();
}

async function logIn(page: Page, locale: Locale, email: string, password = PASSWORD) {
  const t = messages[locale].auth;
  await page.goto('/Login');
  await waitForHydration(page);
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.submitLogin }).click();
}

async function freshPage(browser: Browser, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  await setLocale(context, locale);
  return context.newPage();
}

for (const locale of ['en', 'ru'] as const) {
  test(
    `an account keeps its diary across browsers in ${locale}`,
    onScreenOf(locale),
    async ({ page, context, browser }) => {
      test.setTimeout(60_000);
      await setLocale(context, locale);
      const email = newEmail('diary');

      await register(page, locale, email);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await quickAdd(page, locale, '420');

      // The credential is an HttpOnly cookie; the page's storage knows only that it is an account.
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'session')).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
      });
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('account');
      expect(await page.evaluate(() => document.cookie)).not.toContain('session=');
      // Nothing of the account's diary is kept in the browser's storage.
      expect(
        await page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('dashboard-'))),
      ).toBe(false);

      await logOutThroughPage(page, locale);
      // The old session cookie no longer opens anything: the server revoked it. Logging out waits
      // 3 s for the server and then leaves, the logout kept and sent again from the page it opens
      // (lib/session/client.ts): on a loaded machine it may land just after the landing page shows.
      await expect.poll(async () => (await page.request.get('/api/me')).status()).toBe(401);

      const other = await freshPage(browser, locale);
      await logIn(other, locale, email);
      await other.waitForURL((url) => url.pathname === '/dashboard');
      await expect(other.getByTestId('eaten-kcal')).toContainText('420');
      await other.goto('/settings');
      await expect(other.getByTestId('account-email')).toHaveText(email);
      await other.context().close();
    },
  );
}

test(
  'the login and registration forms explain what went wrong',
  onScreen('mobile'),
  async ({ page, context }) => {
    await setLocale(context, 'ru');
    const t = messages.ru.auth;
    const email = newEmail('errors');
    await register(page, 'ru', email);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await logOutThroughPage(page, 'ru');

    await logIn(page, 'ru', email, 'not the password');
    await expect(page.getByText(t.errors.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/Login/);

    await page.goto('/Register');
    await waitForHydration(page);
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill('short');
    await page.getByRole('button', { name: t.submitRegister }).click();
    await expect(page.getByText(fill(t.errors.passwordLength, { min: 8, max: 256 }))).toBeVisible();
    await page.getByLabel(t.password, { exact: true }).fill('password123');
    await page.getByRole('button', { name: t.submitRegister }).click();
    await expect(page.getByText(t.errors.passwordCommon)).toBeVisible();
    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t.submitRegister }).click();
    await expect(page.getByText(t.errors.emailTaken)).toBeVisible();
  },
);

test('two accounts never see each other’s diary', onScreen('desktop'), async ({ page, context, browser }) => {
  await setLocale(context, 'en');
  await register(page, 'en', newEmail('first'));
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await quickAdd(page, 'en', '777');
  const firstFoods = await page.request.post('/api/foods', {
    data: { name: 'Private soup', kcal: 50, protein: 2, fat: 1, carbs: 7 },
  });
  expect(firstFoods.status()).toBe(201);
  const food = (await firstFoods.json()) as { id: number };

  const second = await freshPage(browser, 'en');
  await register(second, 'en', newEmail('second'));
  await second.waitForURL((url) => url.pathname === '/dashboard');
  await expect(second.getByTestId('eaten-kcal')).toContainText('0');
  expect(await (await second.request.get('/api/foods')).json()).toEqual([]);
  // Another user's food is simply not there for this account, not forbidden.
  expect((await second.request.delete(`/api/foods/${food.id}`)).status()).toBe(404);
  expect((await page.request.get('/api/foods')).status()).toBe(200);
  expect(await (await page.request.get('/api/foods')).json()).toHaveLength(1);
  await second.context().close();
});

test(
  'a guest diary moves into a new account, and the browser keeps no copy',
  onScreen('mobile'),
  async ({ page, context, browser }) => {
    test.setTimeout(60_000);
    await addGuestSession(context);
    await setLocale(context, 'en');
    const t = messages.en.guestImport;
    await page.goto('/dashboard');
    await quickAdd(page, 'en', '333');

    const email = newEmail('guest');
    await register(page, 'en', email);
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(page.getByTestId('guest-import-preview')).toContainText('1 new entry');
    await expect(page.getByTestId('guest-import-span')).toHaveText(
      await dateSpanText(page, 'en', [localDate()]),
    );
    await page.getByRole('button', { name: t.import }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect(page.getByTestId('eaten-kcal')).toContainText('333');
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('dashboard-'))),
    ).toEqual([]);

    const other = await freshPage(browser, 'en');
    await logIn(other, 'en', email);
    await other.waitForURL((url) => url.pathname === '/dashboard');
    await expect(other.getByTestId('eaten-kcal')).toContainText('333');
    await other.context().close();
  },
);

test(
  'a session ended elsewhere sends this browser to the login page, and back after logging in',
  onScreen('desktop'),
  async ({ page, context, browser }) => {
    await setLocale(context, 'en');
    const email = newEmail('revoked');
    await register(page, 'en', email);
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // On another device the password changes, which ends every other session.
    const other = await freshPage(browser, 'en');
    await logIn(other, 'en', email);
    await other.waitForURL((url) => url.pathname === '/dashboard');
    const changed = await other.request.put('/api/me/password', {
      data: { current: PASSWORD, next: `${PASSWORD} 2` },
    });
    expect(changed.status()).toBe(204);
    await other.context().close();

    // The page's queries are all refused; the tab goes to the login page once.
    const loginLoads: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === '/Login')
        loginLoads.push(request.url());
    });
    await page.goto('/food');
    await page.waitForURL((url) => url.pathname === '/Login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/food');
    expect(loginLoads).toHaveLength(1);
    await logIn(page, 'en', email, `${PASSWORD} 2`);
    // logIn opens /Login afresh; the guard's ?next= is gone, so the diary opens.
    await page.waitForURL((url) => url.pathname === '/dashboard');
  },
);

test(
  'when the server cannot be reached, an account says so instead of showing an empty day',
  onScreen('mobile'),
  async ({ page, context }) => {
    await setLocale(context, 'en');
    await register(page, 'en', newEmail('unreachable'));
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await quickAdd(page, 'en', '250');

    // The API's requests fail as they do when the connection drops (the context's routes also
    // catch the requests the service worker makes).
    await context.route('**/api/days/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: messages.en.diary.previousDay }).click();
    await expect(page.getByTestId('load-error')).toContainText(messages.en.ui.loadFailed);
    await expect(page.getByTestId('eaten-kcal')).toHaveCount(0);

    await context.unroute('**/api/days/**');
    await page.getByRole('button', { name: messages.en.ui.retry }).click();
    await expect(page.getByTestId('eaten-kcal')).toContainText('0');
    await page.getByRole('button', { name: messages.en.diary.nextDay }).click();
    await expect(page.getByTestId('eaten-kcal')).toContainText('250');
  },
);
