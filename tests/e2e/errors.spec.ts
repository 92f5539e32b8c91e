// The 404 page answering HTTP 404, and a plain-text status for crawlers.
import { expect, test } from './fixtures';
import { addGuestSession, browserLocale, messages, onScreen, setLocale, waitForHydration } from './helpers';

test.use({ serviceWorkers: 'block' });

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

test.describe('404 page', () => {
  test.use({ locale: browserLocale.en });

  test(
    'an unknown path shows "Page Not Found" with HTTP 404 and a way back',
    onScreen('desktop'),
    async ({ page }) => {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      await expect(page.locator('main')).toContainText('/no/such/page');
      await expect(page).toHaveTitle(/Page Not Found/);
      await waitForHydration(page);
      await page.getByRole('link', { name: messages.en.errors.goHome }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect(page.getByTestId('continue-as-guest')).toBeVisible();
    },
  );

  test(
    'an unknown path with a session is a 404 too, not a redirect',
    onScreen('mobile'),
    async ({ page, context }) => {
      await addGuestSession(context);
      const response = await page.goto('/food/42/nothing');
      expect(response?.status()).toBe(404);
      expect(new URL(page.url()).pathname).toBe('/food/42/nothing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    },
  );

  test('in Russian the 404 page speaks Russian', onScreen('mobile'), async ({ page, context }) => {
    await setLocale(context, 'ru');
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.ru.errors.notFound);
    await expect(page.getByRole('link', { name: messages.ru.errors.goHome })).toBeVisible();
  });

  test(
    "HTTP: a person's browser gets the HTML error page with status 404",
    onScreen('desktop'),
    async ({ request }) => {
      const answer = await request.get('/missing-page', { headers: { 'accept-language': 'en' } });
      expect(answer.status()).toBe(404);
      expect(answer.headers()['content-type']).toContain('text/html');
      expect(await answer.text()).toContain('Page Not Found');
    },
  );
});

test.describe('crawlers get a plain status answer', onScreen('desktop'), () => {
  // Requests and a plain-text answer: the screen size plays no part.

  for (const [name, userAgent] of [
    ['Googlebot', GOOGLEBOT],
    ['bingbot', BINGBOT],
  ] as const) {
    test(`${name} on an unknown path gets text/plain "404 Page Not Found"`, async ({ request }) => {
      const answer = await request.get('/no-such-page', { headers: { 'user-agent': userAgent } });
      expect(answer.status()).toBe(404);
      expect(answer.headers()['content-type']).toMatch(/^text\/plain/);
      expect((await answer.text()).trim()).toBe('404 Page Not Found');
    });
  }

  test('a crawler still gets a page that renders fine, as HTML', async ({ request }) => {
    const answer = await request.get('/', { headers: { 'user-agent': GOOGLEBOT, 'accept-language': 'en' } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('text/html');
    expect(await answer.text()).toContain(messages.en.landing.title);
  });

  // The middleware used to fetch the page a second time for a crawler, from its own
  // idea of the URL: behind an https proxy that went to https://127.0.0.1 and every crawler
  // request was a 500. Known pages now answer a crawler as they answer anyone.
  test('behind an https proxy a crawler gets the page, and a signed-in page redirects as for anyone', async ({
    request,
  }) => {
    const proxied = { 'user-agent': GOOGLEBOT, 'accept-language': 'en', 'x-forwarded-proto': 'https' };
    const landing = await request.get('/?utm_source=feed', { headers: proxied });
    expect(landing.status()).toBe(200);
    expect(landing.headers()['content-type']).toContain('text/html');
    expect(await landing.text()).toContain(messages.en.landing.title);

    // Without a proxy as well: the redirect of a signed-in page used to throw in the middleware.
    for (const headers of [proxied, { 'user-agent': GOOGLEBOT }]) {
      const guarded = await request.get('/dashboard?date=2026-11-26', { headers, maxRedirects: 0 });
      expect(guarded.status()).toBe(307);
      expect(new URL(guarded.headers().location!, 'http://x').pathname).toBe('/Login');
    }
  });

  test('a crawler with a guest session gets the signed-in pages themselves', async ({ request }) => {
    for (const path of ['/dashboard', '/food', '/settings']) {
      const answer = await request.get(path, {
        headers: { 'user-agent': BINGBOT, 'accept-language': 'en', cookie: 'session-state=guest' },
        maxRedirects: 0,
      });
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()['content-type'], path).toContain('text/html');
      expect(answer.headers()['content-security-policy'], path).toMatch(/'nonce-[^']+'/);
    }
  });

  test('a crawler in a browser sees the plain text, not the error page', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: GOOGLEBOT,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    const response = await page.goto('/definitely-missing');
    expect(response?.status()).toBe(404);
    expect((await page.locator('body').innerText()).trim()).toBe('404 Page Not Found');
    await expect(page.locator('h1')).toHaveCount(0);
    await context.close();
  });
});
