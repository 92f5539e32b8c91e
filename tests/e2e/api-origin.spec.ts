import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { findTestChromium, QUIET_CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import { clientAddressOf, expect, test } from './fixtures';
import {
  localDate,
  localeOfScreen,
  logOutThroughPage,
  messages,
  quickAdd,
  waitForHydration,
  onScreen,
} from './helpers';

// The app on one origin, its API on another (NUXT_PUBLIC_API_URL), as a team hosting
// it may run them: app.test serves the pages, api.app.test the API, which lists app.test in
// CORS_ORIGINS (playwright.config.ts starts both). Chromium resolves these names to this
// machine and treats them as secure, as HTTPS would make them; each is its own host, so the
// session cookie stays on the API's host as it would in production.

const APP = process.env.E2E_SPLIT_APP_URL!;
const API = process.env.E2E_SPLIT_API_URL!;
// Each test is its own client to the API, as in the rest of the suite: requests leave the
// browser with the test's address added after its CORS checks, as a proxy would add it.
test.beforeEach(async ({ context }, testInfo) => {
  const address = clientAddressOf(testInfo);
  await context.route(`${API}/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
});

/** The same pages served on a site CORS_ORIGINS does not list. */
const FOREIGN = `http://evil.test:${new URL(APP).port}`;
const PASSWORD = 'correct horse battery staple';

test.use({
  baseURL: APP,
  // Not the per-test X-Forwarded-For of ./fixtures as a header of every request: Chromium counts
  // it as the page's own, so every cross-origin call would ask to send it and be refused at the
  // preflight. It is added on the way out instead (the beforeEach below).
  extraHTTPHeaders: {},
  launchOptions: {
    executablePath: findTestChromium() ?? undefined,
    args: [
      ...QUIET_CHROMIUM_ARGS,
      '--host-resolver-rules=MAP app.test 127.0.0.1, MAP api.app.test 127.0.0.1, MAP evil.test 127.0.0.1',
      `--unsafely-treat-insecure-origin-as-secure=${APP},${API},${FOREIGN}`,
    ],
  },
});

test(
  'register, log an entry and export, with the API on its own origin',
  onScreen('desktop'),
  async ({ page, context }, testInfo) => {
    const locale = localeOfScreen(testInfo);
    const t = messages[locale];
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: APP }]);
    const email = `split-${randomUUID().slice(0, 8)}@example.com`;

    const pageAnswer = await page.goto('/Register');
    // The page may connect to the API's origin, and to no other.
    expect(pageAnswer?.headers()['content-security-policy']).toContain(`connect-src 'self' ${API}`);
    await waitForHydration(page);
    await page.getByLabel(t.auth.email).fill(email);
    await page.getByLabel(t.auth.password, { exact: true }).fill(PASSWORD);
    const registered = page.waitForResponse((answer) => answer.url() === `${API}/api/auth/register`);
    await page.getByRole('button', { name: t.auth.submitRegister }).click();
    expect((await registered).status()).toBe(201);
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The credential is the API host's HttpOnly cookie; the app's host holds only its state.
    const apiCookies = await context.cookies(API);
    expect(apiCookies.find((cookie) => cookie.name === 'session')).toMatchObject({ httpOnly: true });
    const appCookies = await context.cookies(APP);
    expect(appCookies.find((cookie) => cookie.name === 'session')).toBeUndefined();
    expect(appCookies.find((cookie) => cookie.name === 'session-state')?.value).toBe('account');

    // The entry is stored by the API: its change goes as a batch (of one), across origins.
    const stored = page.waitForResponse(
      (answer) => answer.url() === `${API}/api/batch` && answer.request().method() === 'POST' && answer.ok(),
    );
    await quickAdd(page, locale, '420');
    await stored;
    await page.reload();
    await expect(page.getByTestId('eaten-kcal')).toContainText('420');

    await page.goto('/settings');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t.settings.exportJson }).click();
    const file = JSON.parse(await readFile((await (await download).path())!, 'utf8'));
    const today = file.days.find((day: { date: string }) => day.date === localDate());
    expect(today.entries.map((entry: { kcal: number }) => entry.kcal)).toEqual([420]);

    await logOutThroughPage(page, locale);
    const me = await page.evaluate(
      (api) => fetch(`${api}/api/me`, { credentials: 'include' }).then((r) => r.status),
      API,
    );
    expect(me).toBe(401);
  },
);

test(
  'a site CORS_ORIGINS does not list gets nothing from the API',
  onScreen('desktop'),
  async ({ page, context, request }, testInfo) => {
    const locale = localeOfScreen(testInfo);
    const t = messages[locale];
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: FOREIGN }]);
    const email = `foreign-${randomUUID().slice(0, 8)}@example.com`;

    // The app's own pages, on a foreign site: the browser asks the API first, and is refused.
    await page.goto(`${FOREIGN}/Register`);
    await waitForHydration(page);
    await page.getByLabel(t.auth.email).fill(email);
    await page.getByLabel(t.auth.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t.auth.submitRegister }).click();
    await expect(page.getByText(t.auth.errors.network)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/Register');

    // Neither a read nor a write from that page gets an answer it may see.
    const tries = await page.evaluate(async (api) => {
      const attempt = (init: RequestInit) =>
        fetch(`${api}/api/me`, { credentials: 'include', ...init }).then(
          () => 'answered',
          () => 'refused',
        );
      return [await attempt({}), await attempt({ method: 'DELETE', body: '{}' })];
    }, API);
    expect(tries).toEqual(['refused', 'refused']);

    // A form-like write that needs no preflight reaches the server, which refuses it. (This one
    // is sent from the test runner, which knows no api.app.test: the same server on localhost.)
    const apiServer = process.env.E2E_INSTANCE_URLS!.split(',')[1]!;
    const simple = await request.post(`${apiServer}/api/auth/register`, {
      headers: {
        origin: FOREIGN,
        'content-type': 'text/plain',
        'x-forwarded-for': clientAddressOf(testInfo),
      },
      data: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(simple.status()).toBe(403);
    // No account was made on the way.
    const login = await request.post(`${apiServer}/api/auth/login`, {
      data: { email, password: PASSWORD },
      headers: { 'x-forwarded-for': clientAddressOf(testInfo) },
    });
    expect(login.status()).toBe(401);
  },
);
