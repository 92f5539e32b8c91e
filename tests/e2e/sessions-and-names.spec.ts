// Sessions: "Log out" logs out even offline (the server's logout is kept and sent once
// the network is back, from any page) and warns about changes not sent yet; a guest is offered
// an account, not "Log out"; an account is shown by its name or email, and a name typed as a
// guest comes along when registering or restoring a backup.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  chooseImportFiles,
  confirmImport,
  addGuestSession,
  baseURL,
  cookie,
  isDesktop,
  localDate,
  locales,
  localeOfScreen,
  messages,
  onScreenOf,
  quickAdd,
  setLocale,
  setOnline,
  waitForController,
  waitForHydration,
  type Locale,
  onScreen,
} from './helpers';

// This spec goes offline or reads the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

const PASSWORD = 'correct horse battery staple';

/** Registers an account for this context through the API; answers its email. */
async function register(context: BrowserContext, name?: string): Promise<string> {
  const email = `s27-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const answer = await context.request.post('/api/auth/register', {
    data: name === undefined ? { email, password: PASSWORD } : { email, password: PASSWORD, name },
  });
  expect(answer.status()).toBe(201);
  return email;
}

/** The `one {...}` form of an ICU plural message, for a count of 1. */
const oneOf = (template: string) => /one \{([^}]*)\}/.exec(template)![1]!.replace('#', '1');

/** The menu with the session's actions: the side menu, or the drawer opened on a phone. */
async function sessionMenu(page: Page, locale: Locale) {
  if (isDesktop()) return page.locator('aside');
  await page.getByRole('button', { name: messages[locale].nav.menu }).click();
  return page.getByRole('dialog');
}

test.describe('logging out', () => {
  test.use({ serviceWorkers: 'allow' });

  for (const locale of locales) {
    test(
      `${locale}: offline, "Log out" logs out here at once, and the server's session ends once the network is back`,
      onScreenOf(locale),
      async ({ page, context, request }) => {
        test.slow();
        await setLocale(context, locale);
        await register(context);
        await page.goto('/dashboard');
        await waitForController(page);
        await waitForHydration(page);
        const session = (await context.cookies(baseURL())).find((item) => item.name === 'session');
        expect(session).toBeDefined();
        const asTheOldSession = () =>
          request
            .get('/api/me', { headers: { cookie: `session=${session!.value}` } })
            .then((answer) => answer.status());
        expect(await asTheOldSession()).toBe(200);

        await setOnline(context, false);
        const menu = await sessionMenu(page, locale);
        await menu.getByRole('button', { name: messages[locale].nav.logout }).click();
        await page.waitForURL((url) => url.pathname === '/');
        expect(await cookie(context, 'session-state')).toBeUndefined();
        expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
        await expect(page.getByTestId('continue-as-guest')).toBeVisible();

        // Back online on the landing page (no diary open): the logout still reaches the server.
        await setOnline(context, true);
        await expect.poll(asTheOldSession, { timeout: 20_000 }).toBe(401);
      },
    );

    test(
      `${locale}: logging out with changes not sent yet warns, and can send them first`,
      onScreenOf(locale),
      async ({ page, context }) => {
        test.slow();
        const t = messages[locale].auth.logoutUnsent;
        await setLocale(context, locale);
        const email = await register(context);
        await page.goto('/dashboard');
        await waitForController(page);
        await waitForHydration(page);
        await setOnline(context, false);
        await quickAdd(page, locale, '321');

        const menu = await sessionMenu(page, locale);
        await menu.getByRole('button', { name: messages[locale].nav.logout }).click();
        const dialog = page.getByRole('alertdialog');
        await expect(dialog).toContainText(oneOf(t.title));
        await expect(dialog.getByRole('button', { name: t.anyway })).toBeVisible();
        // Stay: nothing happens.
        await dialog.getByRole('button', { name: t.cancel }).click();
        await expect(dialog).toHaveCount(0);
        expect(new URL(page.url()).pathname).toBe('/dashboard');

        // On a phone the menu drawer is still open behind the closed question.
        const drawer = page.getByRole('dialog');
        const again = !isDesktop() && (await drawer.isVisible()) ? drawer : await sessionMenu(page, locale);
        await again.getByRole('button', { name: messages[locale].nav.logout }).click();
        await dialog.getByRole('button', { name: t.sync }).click();
        // Offline, it says why it waits, and waits.
        await expect(dialog).toContainText(t.offline);
        expect(new URL(page.url()).pathname).toBe('/dashboard');

        await setOnline(context, true);
        await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
        expect(await cookie(context, 'session-state')).toBeUndefined();
        // The change reached the server before the session ended.
        const login = await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
        expect(login.status()).toBe(200);
        const day = (await (await context.request.get(`/api/days/${localDate()}`)).json()) as {
          entries: Array<{ kcal: number }>;
        };
        expect(day.entries.map((entry) => entry.kcal)).toEqual([321]);
      },
    );
  }
});

test.describe('a guest is offered an account, never "Log out"', () => {
  for (const locale of locales) {
    test(
      `${locale}: the menu offers a guest "Create an account" and "Log in", and no "Log out"`,
      onScreenOf(locale),
      async ({ page, context }) => {
        const t = messages[locale].nav;
        await addGuestSession(context);
        await setLocale(context, locale);
        await page.goto('/dashboard');
        await waitForHydration(page);
        const menu = await sessionMenu(page, locale);
        await expect(menu.getByRole('link', { name: t.createAccount })).toBeVisible();
        await expect(menu.getByRole('link', { name: t.login, exact: true })).toBeVisible();
        await expect(menu.getByRole('button', { name: t.logout })).toHaveCount(0);
        await menu.getByRole('link', { name: t.createAccount }).click();
        await page.waitForURL((url) => url.pathname === '/Register');

        // Already a guest: the page offers the way back to that diary, not "Continue as guest".
        await waitForHydration(page);
        await expect(page.getByTestId('continue-as-guest')).toHaveCount(0);
        await expect(page.getByText(messages[locale].auth.alreadyGuest)).toBeVisible();
        await page.getByRole('link', { name: messages[locale].auth.backToGuestDiary }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard');
      },
    );
  }

  test(
    'a visitor without a session is still offered "Continue as guest" on /Register and /Login',
    onScreen('mobile'),
    async ({ page }) => {
      for (const path of ['/Register', '/Login']) {
        await page.goto(path);
        await expect(page.getByTestId('continue-as-guest')).toBeVisible();
        await expect(page.getByText(messages.en.auth.alreadyGuest)).toHaveCount(0);
      }
    },
  );
});

test.describe('names', () => {
  for (const locale of locales) {
    test(
      `${locale}: a guest's name comes along when registering, and the menu shows the account's name and email`,
      onScreenOf(locale),
      async ({ page, context }) => {
        const tAuth = messages[locale].auth;
        await addGuestSession(context);
        await setLocale(context, locale);
        // A guest who has kept the diary in this language: its settings say so, and they travel
        // into the account with the name (docs/decisions/0030).
        await context.addInitScript((language) => {
          if (localStorage.getItem('seeded')) return;
          localStorage.setItem('seeded', '1');
          localStorage.setItem(
            'user-settings',
            JSON.stringify({
              name: 'Anna Petrova',
              language,
              currentGoal: 2000,
              weight: null,
              height: null,
              age: null,
              gender: null,
              theme: null,
              savedAt: '2025-03-01T10:00:00.000Z',
              updatedAt: '2025-03-01T10:00:00.000Z',
            }),
          );
        }, locale);
        await page.goto('/dashboard');
        await quickAdd(page, locale, '250');
        await page.goto('/Register');
        await waitForHydration(page);
        const email = `named-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
        await expect(page.getByLabel(tAuth.nameOptional)).toHaveValue('Anna Petrova');
        await page.getByLabel(tAuth.email).fill(email);
        await page.getByLabel(tAuth.password, { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: tAuth.submitRegister }).click();
        await page.getByRole('button', { name: messages[locale].guestImport.import }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard');
        await waitForHydration(page);

        const menu = await sessionMenu(page, locale);
        await expect(menu.getByTestId('account-name')).toHaveText('Anna Petrova');
        await expect(menu.getByTestId('account-email')).toHaveText(email);
        await expect(menu.getByText(messages[locale].nav.guest, { exact: true })).toHaveCount(0);
        await page.goto('/settings');
        await expect(
          page.getByTestId('goal-settings').getByLabel(messages[locale].settings.name),
        ).toHaveValue('Anna Petrova');
      },
    );
  }

  test(
    'an account registered without a name is shown by its email, never as "Guest"',
    onScreen('mobile'),
    async ({ page, context }) => {
      const locale = localeOfScreen();
      await setLocale(context, locale);
      const email = await register(context);
      await page.goto('/dashboard');
      await waitForHydration(page);
      const menu = await sessionMenu(page, locale);
      await expect(menu.getByTestId('account-name')).toHaveText(email);
      await expect(menu.getByText(messages[locale].nav.guest, { exact: true })).toHaveCount(0);
      await page.goto('/settings');
      await expect(page.getByTestId('goal-settings').getByLabel(messages[locale].settings.name)).toHaveValue(
        '',
      );
      const me = (await (await context.request.get('/api/me')).json()) as { user: { name: string } };
      expect(me.user.name).toBe('');
    },
  );

  for (const locale of locales) {
    test(
      `${locale}: restoring a backup into a fresh browser brings the name along`,
      onScreenOf(locale),
      async ({ page, context, browser }) => {
        const t = messages[locale].settings;
        await addGuestSession(context);
        await setLocale(context, locale);
        await page.goto('/settings');
        await waitForHydration(page);
        await page.getByTestId('goal-settings').getByLabel(t.name).fill('Boris');
        await expect(page.getByTestId('settings-save-status')).toHaveText(t.saved);
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: t.exportJson }).click();
        const file = await (await download).path();

        const fresh = await browser.newContext({ baseURL: baseURL() });
        await addGuestSession(fresh);
        await setLocale(fresh, locale);
        const other = await fresh.newPage();
        await other.goto('/settings');
        await chooseImportFiles(other, file);
        await confirmImport(other, locale);
        await other.reload();
        await expect(other.getByTestId('goal-settings').getByLabel(t.name)).toHaveValue('Boris');
        await fresh.close();
      },
    );
  }
});
