import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  cookie,
  messages,
  setLocale,
  startAccount,
  waitForHydration,
  type Locale,
  onScreenOf,
  onScreen,
} from './helpers';

// Security, against the production server: logging out takes a POST, a client's own
// X-Forwarded-For does not make it someone new, the forms say how long to wait and how strong
// a new password is, and every page answer carries its policy.

const PASSWORD = 'correct horse battery staple';
const newEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

async function fillLogin(page: Page, locale: Locale, email: string, password: string) {
  const t = messages[locale].auth;
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.submitLogin }).click();
}

test.describe('logging out', () => {
  test(
    'opening /Logout, as another site can make a browser do, changes nothing until the button',
    onScreen('desktop'),
    async ({ page, context }) => {
      await startAccount(context);
      // A cross-site link to /Logout.
      await page.goto('/Logout', { referer: 'https://evil.example/' });
      await waitForHydration(page);
      expect((await page.request.get('/api/me')).status()).toBe(200);
      expect((await cookie(context, 'session-state'))?.value).toBe('account');

      // An image of the same site pointing at /Logout.
      await page.goto('/dashboard');
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const image = document.createElement('img');
            image.onload = image.onerror = () => resolve();
            image.src = '/Logout';
            document.body.append(image);
          }),
      );
      expect((await page.request.get('/api/me')).status()).toBe(200);
      expect((await cookie(context, 'session-state'))?.value).toBe('account');

      // A form posted from another site is refused by its origin.
      const forged = await page.request.post('/api/auth/logout', {
        headers: { origin: 'https://evil.example' },
      });
      expect(forged.status()).toBe(403);
      expect((await page.request.get('/api/me')).status()).toBe(200);

      await page.goto('/Logout');
      await waitForHydration(page);
      await page.getByRole('button', { name: messages.en.auth.logoutConfirm.confirm }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect((await page.request.get('/api/me')).status()).toBe(401);
      expect(await cookie(context, 'session-state')).toBeUndefined();
    },
  );

  for (const locale of ['en', 'ru'] as const) {
    test(
      `/Logout asks first and offers the way back, in ${locale}`,
      onScreenOf(locale),
      async ({ page, context }) => {
        await setLocale(context, locale);
        await startAccount(context);
        const t = messages[locale].auth.logoutConfirm;
        await page.goto('/Logout');
        await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
        await expect(page.getByText(t.lead)).toBeVisible();
        await page.getByRole('link', { name: t.cancel }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard');
        expect((await page.request.get('/api/me')).status()).toBe(200);
      },
    );
  }
});

test.describe('the client address', () => {
  const unproxied = process.env.E2E_UNPROXIED_URL!;

  test(
    'without TRUST_PROXY, a new X-Forwarded-For per try is still the same client',
    onScreen('desktop'),
    async ({ playwright }) => {
      const api = await playwright.request.newContext({ baseURL: unproxied });
      const email = newEmail('rotated');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 15; attempt++) {
        const answer = await api.post('/api/auth/login', {
          data: { email, password: `wrong password ${attempt}` },
          headers: { 'x-forwarded-for': `198.51.100.${attempt + 1}` },
        });
        statuses.push(answer.status());
      }
      expect(statuses).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
      await api.dispose();
    },
  );

  test(
    'behind a trusted proxy, each forwarded address is its own client',
    onScreen('desktop'),
    async ({ playwright }) => {
      // The main e2e server trusts its loopback peer as a proxy (playwright.config.ts).
      const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
      const email = newEmail('proxied');
      for (let attempt = 0; attempt < 12; attempt++) {
        const answer = await api.post('/api/auth/login', {
          data: { email, password: `wrong password ${attempt}` },
          headers: { 'x-forwarded-for': `198.51.100.${attempt + 1}` },
        });
        expect(answer.status()).toBe(401);
      }
      await api.dispose();
    },
  );
});

for (const locale of ['en', 'ru'] as const) {
  test(
    `a locked-out login says how long to wait, in ${locale}`,
    onScreenOf(locale),
    async ({ page, context }) => {
      await setLocale(context, locale);
      const email = newEmail('locked');
      for (let attempt = 0; attempt < 10; attempt++) {
        const answer = await page.request.post('/api/auth/login', {
          data: { email, password: `wrong password ${attempt}` },
        });
        expect(answer.status()).toBe(401);
      }
      await page.goto('/Login');
      await waitForHydration(page);
      await fillLogin(page, locale, email, 'yet another wrong one');
      const expected = {
        en: 'Too many attempts. Try again in 15 minutes.',
        ru: 'Слишком много попыток. Попробуйте снова через 15 минут.',
      }[locale];
      await expect(page.getByText(expected)).toBeVisible();
    },
  );

  test(
    `registration shows how strong the password is and refuses an easy or personal one, in ${locale}`,
    onScreenOf(locale),
    async ({ page, context }) => {
      await setLocale(context, locale);
      const t = messages[locale].auth;
      const email = newEmail('strength');
      await page.goto('/Register');
      await waitForHydration(page);
      await page.getByLabel(t.email).fill(email);
      const password = page.getByLabel(t.password, { exact: true });
      const strength = page.getByTestId('password-strength');

      await password.fill('Password1!');
      await expect(strength).toContainText(`${t.strength.label}: ${t.strength['1']}`);
      await expect(strength).toContainText(t.strength.hint);
      await page.getByRole('button', { name: t.submitRegister }).click();
      // The server's answer: the field is marked and says why (the meter steps aside for it).
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(t.errors.passwordCommon)).toBeVisible();
      await expect(strength).toHaveCount(0);

      await password.fill(email);
      await expect(strength).toContainText(t.errors.passwordPersonal);
      await page.getByRole('button', { name: t.submitRegister }).click();
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(t.errors.passwordPersonal)).toBeVisible();

      await password.fill(PASSWORD);
      await expect(strength).toContainText(`${t.strength.label}: ${t.strength['4']}`);
      await page.getByRole('button', { name: t.submitRegister }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
    },
  );
}

// The way to end a lost or shared device's session short of changing the password.
for (const locale of ['en', 'ru'] as const) {
  test(
    `settings log out the other devices and keep this one, in ${locale}`,
    onScreenOf(locale),
    async ({ page, context, browser }) => {
      await setLocale(context, locale);
      const email = newEmail('devices');
      const registered = await context.request.post('/api/auth/register', {
        data: { email, password: PASSWORD },
      });
      expect(registered.status()).toBe(201);
      const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      expect(
        (await other.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status(),
      ).toBe(200);

      // A token, as one made with a stolen session would be: it goes too, unless unticked (decision 0047).
      const made = await context.request.post('/api/tokens', {
        data: { name: 'script', scopes: ['read'], days: null },
      });
      expect(made.status()).toBe(201);
      const bearer = { authorization: `Bearer ${(await made.json()).token}` };

      const t = messages[locale].settings.account;
      await page.goto('/settings');
      await waitForHydration(page);
      await expect(page.getByRole('checkbox', { name: t.revokeTokens }).first()).toBeChecked();
      await page.getByRole('button', { name: t.logoutOthers }).click();
      // The toast, and its copy for screen readers.
      await expect(page.getByText(t.loggedOutOthersAndTokens).first()).toBeVisible();
      expect((await other.request.get('/api/me')).status()).toBe(401);
      expect((await page.request.get('/api/me')).status()).toBe(200);
      expect((await other.request.get('/api/settings', { headers: bearer })).status()).toBe(401);
      await other.close();
    },
  );
}

test(
  'logging in with a hostile ?next= lands on the dashboard',
  onScreen('desktop'),
  async ({ page, context }) => {
    const email = newEmail('next');
    const registered = await context.request.post('/api/auth/register', {
      data: { email, password: PASSWORD },
    });
    expect(registered.status()).toBe(201);
    await context.clearCookies();
    await page.goto(`/Login?next=${encodeURIComponent('/\t/evil.example')}`);
    await waitForHydration(page);
    await fillLogin(page, 'en', email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  },
);

test(
  'a 404 for a path with a file extension carries the pages’ policy',
  onScreen('desktop'),
  async ({ request }) => {
    for (const path of ['/wp-login.php', '/.env', '/backup.tar.gz']) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(404);
      expect(answer.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(answer.headers()['content-security-policy'], path).toMatch(/'nonce-[^']+'/);
    }
  },
);
