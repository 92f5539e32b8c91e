// The landing page, the guest session, the route table and its guards.
import { expect, test } from './fixtures';
import {
  fill,
  addGuestSession,
  appPages,
  baseURL,
  browserLocale,
  cookie,
  CYRILLIC,
  isDesktop,
  locales,
  messages,
  pageHeading,
  pageTitle,
  startGuest,
  waitForHydration,
  logOutThroughPage,
  onScreen,
  onScreenOf,
} from './helpers';

test.use({ serviceWorkers: 'block' });

for (const locale of locales) {
  test.describe(`landing page in ${locale}`, () => {
    test.use({ locale: browserLocale[locale] });

    test(
      `explains the app in the browser's language (${locale}) with the three ways in`,
      onScreenOf(locale),
      async ({ page }) => {
        const t = messages[locale].landing;
        const response = await page.goto('/');
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
        await expect(page.getByText(t.lead)).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: t.featuresTitle })).toBeVisible();

        await expect(page.getByTestId('continue-as-guest')).toBeVisible();
        await expect(page.getByTestId('continue-as-guest')).toHaveText(t.continueAsGuest);
        const main = page.locator('main');
        await expect(main.getByRole('link', { name: t.login, exact: true })).toHaveAttribute(
          'href',
          '/Login',
        );
        await expect(main.getByRole('link', { name: t.register, exact: true })).toHaveAttribute(
          'href',
          '/Register',
        );

        const text = await page.locator('body').innerText();
        expect(text).not.toMatch(/lorem|ipsum/i);
        if (locale === 'ru') expect(text).toMatch(CYRILLIC);
        else expect(text).not.toContain(messages.ru.landing.title);
      },
    );
  });
}

test.describe('guest session', () => {
  test(
    '"Continue as guest" stores the seed\'s token, sets the session cookie and opens the diary',
    onScreen('desktop'),
    async ({ page, context }) => {
      await startGuest(page);
      await expect(pageHeading(page)).toHaveText(pageTitle('en', 'dashboard'));
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('guest');
      const session = await cookie(context, 'session-state');
      expect(session?.value).toBe('guest');
      expect(session?.path).toBe('/');
    },
  );

  test(
    '/Logout asks, then ends the session in the browser and on the server and returns to /',
    onScreen('desktop'),
    async ({ page, context }) => {
      await startGuest(page);
      await logOutThroughPage(page);
      await expect(page.getByTestId('continue-as-guest')).toBeVisible();
      expect(await cookie(context, 'session-state')).toBeUndefined();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // The session is really gone: the diary is guarded again.
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/Login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard');
    },
  );

  test(
    'a guest\'s menu offers an account instead of "Log out"; /Logout still ends the guest session',
    onScreen('mobile'),
    async ({ page, context }) => {
      await startGuest(page);
      await waitForHydration(page);
      const t = messages.en.nav;
      let menu;
      if (isDesktop()) {
        menu = page.locator('aside');
      } else {
        await page.getByRole('button', { name: t.menu }).click();
        menu = page.getByRole('dialog');
      }
      // A guest has no account to leave: the menu leads to one instead.
      await expect(menu.getByRole('button', { name: t.logout })).toHaveCount(0);
      await expect(menu.getByRole('link', { name: t.createAccount })).toBeVisible();
      await logOutThroughPage(page);
      await expect(page.getByTestId('continue-as-guest')).toBeVisible();
      expect(await cookie(context, 'session-state')).toBeUndefined();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    },
  );

  test(
    'a guest whose cookie is gone but whose token remains is let back in',
    onScreen('mobile'),
    async ({ page, context }) => {
      await context.addInitScript(() => localStorage.setItem('token', 'guest'));
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect((await cookie(context, 'session-state'))?.value).toBe('guest');
    },
  );
});

test.describe('route guards', onScreen('desktop'), () => {
  // Redirects answered by the server: the screen size plays no part.

  test('each app page without a session redirects to /Login?next=<path>', async ({ page, request }) => {
    for (const { path } of appPages) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect([302, 303, 307], path).toContain(answer.status());
      const location = new URL(answer.headers()['location']!, 'http://x');
      expect(location.pathname, path).toBe('/Login');
      expect(location.searchParams.get('next'), path).toBe(path);

      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe('/Login');
      expect(new URL(page.url()).searchParams.get('next'), path).toBe(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(messages.en.auth.loginTitle);
    }
  });

  test('after the redirect, "Continue as guest" comes back to the page asked for', async ({ page }) => {
    await page.goto('/stats');
    await page.waitForURL((url) => url.pathname === '/Login');
    await waitForHydration(page);
    await page.getByTestId('continue-as-guest').click();
    await page.waitForURL((url) => url.pathname === '/stats');
    await expect(pageHeading(page)).toHaveText(pageTitle('en', 'stats'));
  });

  test('with an account, /, /Login and /Register go on to /dashboard', async ({ page, context }) => {
    const email = `guard-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const registered = await context.request.post('/api/auth/register', {
      data: { email, password: 'correct horse battery staple' },
    });
    expect(registered.status()).toBe(201);
    for (const path of ['/', '/Login', '/Register']) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, `from ${path}`).toBe('/dashboard');
      await expect(pageHeading(page)).toHaveText(pageTitle('en', 'dashboard'));
    }
    // The seed's login guard honours a safe ?next=, and never another origin.
    await page.goto('/Login?next=/food');
    expect(new URL(page.url()).pathname).toBe('/food');
    await page.goto('/Login?next=//evil.example/x');
    expect(page.url()).toBe(new URL('/dashboard', page.url()).href);
  });

  test('a guest goes on from / to the diary, and may open /Login and /Register to create an account', async ({
    page,
    context,
  }) => {
    await addGuestSession(context);
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    for (const [path, title] of [
      ['/Login', messages.en.auth.loginTitle],
      ['/Register', messages.en.auth.registerTitle],
    ] as const) {
      await page.goto(path);
      expect(new URL(page.url()).pathname, path).toBe(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
    }
  });

  test('with a session, the guards answer with redirects on the server', async ({ request }) => {
    for (const [path, session] of [
      ['/', 'guest'],
      ['/', 'account'],
      ['/Login', 'account'],
      ['/Register', 'account'],
    ] as const) {
      const answer = await request.get(path, {
        maxRedirects: 0,
        headers: { cookie: `session-state=${session}` },
      });
      expect([302, 303, 307], path).toContain(answer.status());
      expect(new URL(answer.headers()['location']!, 'http://x').pathname, path).toBe('/dashboard');
    }
  });

  test('lower-case /login, /register and /logout redirect permanently (308) to the seed paths', async ({
    request,
  }) => {
    for (const [from, to] of [
      ['/login', '/Login'],
      ['/register', '/Register'],
      ['/logout', '/Logout'],
      ['/login?next=%2Ffood', '/Login?next=%2Ffood'],
    ] as const) {
      const answer = await request.get(from, { maxRedirects: 0 });
      expect(answer.status(), from).toBe(308);
      const location = new URL(answer.headers()['location']!, 'http://x');
      expect(location.pathname + location.search, from).toBe(to);
    }
  });

  test('paths are case-sensitive: /Dashboard and /LOGIN are not pages', async ({ request }) => {
    for (const path of ['/Dashboard', '/LOGIN']) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(404);
    }
  });
});

test.describe('pages render on the server', () => {
  test.use({ javaScriptEnabled: false });

  test(
    'each app page opened cold without JavaScript is that page, rendered on the server',
    onScreen('desktop'),
    async ({ page, context }) => {
      await context.addCookies([{ name: 'session-state', value: 'guest', url: baseURL() }]);
      for (const { path, key } of appPages) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        expect(new URL(page.url()).pathname, path).toBe(path);
        await expect(pageHeading(page), path).toHaveText(pageTitle('en', key));
        await expect(page.locator('main'), path).toBeVisible();
        expect(await page.locator('body').innerText(), path).not.toMatch(/lorem|ipsum/i);
      }
    },
  );

  test(
    '/Login and /Register show their forms and the guest way in without JavaScript',
    onScreen('mobile'),
    async ({ page }) => {
      for (const [path, title, submit] of [
        ['/Login', messages.en.auth.loginTitle, messages.en.auth.submitLogin],
        ['/Register', messages.en.auth.registerTitle, messages.en.auth.submitRegister],
      ] as const) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.getByLabel(messages.en.auth.email)).toBeVisible();
        await expect(page.getByLabel(messages.en.auth.password, { exact: true })).toBeVisible();
        await expect(page.getByRole('button', { name: submit, exact: true })).toBeVisible();
        await expect(page.getByTestId('continue-as-guest')).toBeVisible();
        await expect(page.getByLabel(messages.en.auth.nameOptional)).toHaveCount(
          path === '/Register' ? 1 : 0,
        );
      }
    },
  );
});

test.describe('auth forms', () => {
  test("/Login shows field errors in the user's language", onScreen('mobile'), async ({ page }) => {
    await page.goto('/Login');
    await waitForHydration(page);
    await page.getByLabel(messages.en.auth.email).fill('not-an-email');
    await page.getByLabel(messages.en.auth.password, { exact: true }).fill('short');
    await page.getByRole('button', { name: messages.en.auth.submitLogin, exact: true }).click();
    await expect(page.getByText(messages.en.auth.errors.emailInvalid)).toBeVisible();
    await expect(
      page.getByText(fill(messages.en.auth.errors.passwordLength, { min: 8, max: 256 })),
    ).toBeVisible();
    await expect(page.getByLabel(messages.en.auth.email)).toHaveAttribute('aria-invalid', 'true');
  });
});

test(
  "the landing page's and the log-in page's actions are in the server's first HTML, not streamed in after it",
  onScreen('desktop'),
  async ({ browser }) => {
    // Without JavaScript nothing streamed later gets swapped in: what shows is the first HTML. A
    // button that arrived later pushed the landing page down by 60 px while it loaded.
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL() });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByTestId('continue-as-guest')).toBeVisible();
    await page.goto('/Login');
    await expect(page.getByRole('button', { name: messages.en.auth.submitLogin })).toBeVisible();
    await expect(page.getByTestId('continue-as-guest')).toBeVisible();
    await context.close();
  },
);
