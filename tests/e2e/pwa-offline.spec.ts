// The web app manifest, the service worker at /sw.js with root scope, the app
// working offline after a first visit, and the build-id check with its chunk-error reload.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addGuestSession,
  appPages,
  baseURL,
  isDesktop,
  messages,
  pageHeading,
  pageTitle,
  startGuest,
  waitForController,
  waitForHydration,
  onScreen,
} from './helpers';

// This spec goes offline or reads the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope?: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type?: string; purpose?: string }>;
};

test.describe('installable', onScreen('desktop'), () => {
  test('/manifest.webmanifest describes a standalone app starting on the diary, with its icons', async ({
    request,
  }) => {
    const answer = await request.get('/manifest.webmanifest', { headers: { 'accept-language': 'en' } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/application\/manifest\+json|application\/json/);
    const manifest = (await answer.json()) as Manifest;
    expect(manifest.name).toBe(messages.en.app.name);
    expect(manifest.short_name).toBe(messages.en.app.shortName);
    expect(manifest.start_url).toBe('/dashboard');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{3,8}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{3,8}$/i);

    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toMatch(/^image\//);
      const body = await image.body();
      if (icon.type === 'image/png') {
        // A real PNG of the declared size (width and height sit in the IHDR chunk).
        expect(body.subarray(1, 4).toString('latin1'), icon.src).toBe('PNG');
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(body.readUInt32BE(16), icon.src).toBe(width);
        expect(body.readUInt32BE(20), icon.src).toBe(height);
      }
    }
  });

  test("its shortcuts and share target open the diary's dialogs, named in the visitor's language", async ({
    request,
    page,
    context,
  }) => {
    const answer = await request.get('/manifest.webmanifest', { headers: { 'accept-language': 'ru' } });
    const manifest = (await answer.json()) as Manifest & {
      shortcuts: Array<{ name: string; url: string }>;
      share_target: { action: string; method: string; params: Record<string, string> };
    };
    const named = messages.ru.app.shortcuts;
    expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
      [named.breakfast, '/dashboard?add=breakfast'],
      [named.lunch, '/dashboard?add=lunch'],
      [named.dinner, '/dashboard?add=dinner'],
      [named.weight, '/dashboard?weight=1'],
    ]);
    expect(manifest.share_target).toEqual({
      action: '/dashboard',
      method: 'GET',
      params: { title: 'title', text: 'q' },
    });

    // What they open, for a guest: the add dialog on dinner, the weight, a search for shared text.
    const t = messages.en.diary;
    await addGuestSession(context);
    await page.goto('/dashboard?add=dinner');
    await expect(page.getByRole('dialog', { name: t.addTo.replace('{meal}', t.meals.dinner) })).toBeVisible();
    await page.goto('/dashboard?weight=1');
    const weighIn = page.getByRole('dialog', { name: t.logWeight });
    await expect(weighIn).toBeVisible();
    // Closed, the link is spent: a reload does not open the weigh-in again.
    await page.keyboard.press('Escape');
    await expect(weighIn).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page.getByRole('button', { name: t.logWeight })).toBeVisible();
    await expect(weighIn).toBeHidden();
    await page.goto('/dashboard?q=banana');
    await expect(page.getByRole('dialog').getByRole('combobox', { name: t.search })).toHaveValue('banana');
  });

  test('every page links the manifest', async ({ request }) => {
    const pages = [
      { path: '/', cookie: '' },
      { path: '/Login', cookie: '' },
      { path: '/Register', cookie: '' },
      { path: '/no-such-page', cookie: '' },
      ...appPages.map(({ path }) => ({ path, cookie: 'session-state=guest' })),
    ];
    for (const { path, cookie } of pages) {
      const answer = await request.get(path, { headers: cookie ? { cookie } : {}, maxRedirects: 0 });
      expect(answer.status(), path).toBeLessThan(500);
      expect(await answer.text(), path).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
    }
  });

  test('/favicon.ico, which browsers and tools ask for whatever a page links, is our icon', async ({
    request,
  }) => {
    const answer = await request.get('/favicon.ico');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
    const body = await answer.body();
    // An icon directory (reserved 0, type 1) holding the 16, 32 and 48 px images.
    expect([body.readUInt16LE(0), body.readUInt16LE(2), body.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect([0, 1, 2].map((index) => body.readUInt8(6 + 16 * index))).toEqual([16, 32, 48]);
  });

  test('/sw.js is served as JavaScript', async ({ request }) => {
    const answer = await request.get('/sw.js');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/javascript/);
  });
});

async function isCached(page: Page, path: string) {
  return page.evaluate(async (url) => !!(await caches.match(url)), path);
}

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test(
    'after a first visit the worker controls the page (scope /), and visited pages open offline',
    onScreen('mobile'),
    async ({ page, context }) => {
      // Installing the worker and precaching the build takes a while on a busy machine.
      test.slow();
      await startGuest(page);
      const { scope, script } = await waitForController(page);
      expect(scope).toBe(new URL('/', baseURL()).href);
      expect(new URL(script).pathname).toBe('/sw.js');
      for (const { path } of appPages) {
        await page.goto(path);
        await waitForHydration(page);
      }
      // Settings shows the state the registrar reported.
      await expect(page.getByTestId('offline-status')).toHaveAttribute('data-status', 'ready');
      await expect(page.getByTestId('offline-status')).toHaveText(messages.en.pages.settings.offlineReady);
      await page.goto('/dashboard');
      await waitForHydration(page);

      await context.setOffline(true);
      // Really offline, for the service worker as well: its network-only build check must fail.
      const reachable = await page.evaluate(() =>
        fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' }).then(
          () => true,
          () => false,
        ),
      );
      expect(reachable, 'the network must be unreachable while offline').toBe(false);

      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await expect(pageHeading(page)).toHaveText(pageTitle('en', 'dashboard'));

      for (const { path, key } of appPages) {
        const response = await page.goto(path);
        expect(response?.fromServiceWorker(), path).toBe(true);
        await expect(pageHeading(page), path).toHaveText(pageTitle('en', key));
      }

      // A client-side navigation works too.
      await waitForHydration(page);
      const settings = messages.en.nav.settings;
      await page.goto('/food');
      await waitForHydration(page);
      if (isDesktop()) await page.locator('aside').getByRole('link', { name: settings }).click();
      else await page.getByTestId('bottom-nav').getByRole('link', { name: settings }).click();
      await page.waitForURL((url) => url.pathname === '/settings');
      await expect(pageHeading(page)).toHaveText(pageTitle('en', 'settings'));
      await context.setOffline(false);
    },
  );

  test(
    'the other sections are kept for offline use after visiting the diary only',
    onScreen('desktop'),
    async ({ page, context }) => {
      // Installing the worker and precaching the build takes a while on a busy machine.
      test.slow();
      await startGuest(page);
      await waitForController(page);
      // The shell asks the worker to keep every section once it is in control.
      for (const { path } of appPages) {
        await expect.poll(() => isCached(page, path), { timeout: 15_000, message: path }).toBe(true);
      }
      await context.setOffline(true);
      for (const { path, key } of appPages.filter((item) => item.path !== '/dashboard')) {
        const response = await page.goto(path);
        expect(response?.fromServiceWorker(), path).toBe(true);
        await expect(pageHeading(page), path).toHaveText(pageTitle('en', key));
      }
      await context.setOffline(false);
    },
  );
});

type AppRegistration = Window & { __appRegistration?: Promise<ServiceWorkerRegistration> };

/** Keeps the promise of the page's first navigator.serviceWorker.register() call (the app's own). */
async function recordAppRegistration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<ServiceWorkerContainer['register']>) => {
      const registration = register(...args);
      (window as AppRegistration).__appRegistration ??= registration;
      return registration;
    };
  });
}

test.describe('updates', () => {
  test.use({ serviceWorkers: 'allow' });

  test(
    'a waiting new worker shows "A new version is available" with Refresh, which activates it and reloads',
    onScreen('mobile'),
    async ({ page }) => {
      // Installing the worker and precaching the build takes a while on a busy machine.
      test.slow();
      await recordAppRegistration(page);
      await startGuest(page);
      await waitForController(page);
      // A later visit: the page starts under the installed worker.
      await page.reload();
      await waitForHydration(page);
      await page.evaluate(() => navigator.serviceWorker.ready);
      // The app registers /sw.js again on every visit, a moment after load. Had it done so after
      // the new version below, the browser would have installed /sw.js over it, and Refresh would
      // have activated that one instead.
      await page.waitForFunction(() => (window as AppRegistration).__appRegistration !== undefined);
      await page.evaluate(() => (window as AppRegistration).__appRegistration);
      const toasts = page
        .getByRole('region', { name: messages.en.ui.notificationsRegion })
        .getByRole('listitem');
      await expect(toasts).toHaveCount(0);

      // A new version of the worker is installed next to the running one (a new deploy found by
      // the browser's update check; here under a new script URL, which the server answers with the
      // same worker) and waits, as the shell's worker does not skip waiting by itself.
      await page.evaluate(() => navigator.serviceWorker.register('/sw.js?e2e-update=1', { scope: '/' }));
      const update = toasts.filter({ hasText: messages.en.pwa.updateTitle });
      await expect(update).toBeVisible({ timeout: 20_000 });
      await expect(update).toContainText(messages.en.pwa.updateBody);
      // Only the update is announced: the app did not just become ready for offline use.
      await expect.soft(toasts.filter({ hasText: messages.en.pwa.offlineReadyTitle })).toHaveCount(0);

      const reloaded = page.waitForEvent('load', { timeout: 20_000 });
      await update.getByRole('button', { name: messages.en.pwa.refresh }).click();
      await reloaded;
      await expect(pageHeading(page)).toHaveText(pageTitle('en', 'dashboard'));
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toContain(
        'e2e-update=1',
      );
    },
  );
});

test.describe('new builds', onScreen('desktop'), () => {
  test.use({ serviceWorkers: 'block' });

  test('/builds/latest.json answers {id, builtAt}', async ({ request }) => {
    const answer = await request.get(`/builds/latest.json?t=${Date.now()}`);
    expect(answer.status()).toBe(200);
    const info = (await answer.json()) as { id: unknown; builtAt: unknown };
    expect(typeof info.id).toBe('string');
    expect((info.id as string).length).toBeGreaterThan(0);
    expect(typeof info.builtAt).toBe('string');
    expect(Number.isNaN(Date.parse(info.builtAt as string))).toBe(false);
  });

  test('the build id is checked about 1 s after load with a ?t= query, then hourly', async ({
    page,
    context,
  }) => {
    await addGuestSession(context);
    await page.clock.install();
    const checks: Array<{ at: number; t: string | null }> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/builds/latest.json')
        checks.push({ at: Date.now(), t: url.searchParams.get('t') });
    });
    await page.goto('/dashboard');
    const loadedAt = Date.now();
    await expect.poll(() => checks.length, { timeout: 5000 }).toBe(1);
    const delay = checks[0]!.at - loadedAt;
    expect(delay).toBeGreaterThanOrEqual(300);
    expect(delay).toBeLessThan(3000);
    expect(checks[0]!.t).toMatch(/^\d{12,}$/);

    // Nothing more until an hour has passed, then one more check with a fresh ?t=.
    await page.clock.runFor('59:00');
    expect(checks.length).toBe(1);
    await page.clock.runFor('01:30');
    await expect.poll(() => checks.length).toBe(2);
    expect(Number(checks[1]!.t)).toBeGreaterThan(Number(checks[0]!.t));
  });

  test('a chunk-load error after a new build reloads the page, at most once per 10 s', async ({
    page,
    context,
  }) => {
    await addGuestSession(context);
    // A newer build is out.
    await page.route('**/builds/latest.json*', (route) =>
      route.fulfill({ json: { id: 'a-newer-build', builtAt: new Date().toISOString() } }),
    );
    let loads = 0;
    let checks = 0;
    page.on('load', () => {
      loads += 1;
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/builds/latest.json') checks += 1;
    });
    await page.goto('/dashboard');
    await waitForHydration(page);
    // The watcher is in place once it has made its first check.
    await expect.poll(() => checks, { timeout: 10_000 }).toBe(1);
    expect(loads).toBe(1);

    await dispatchChunkError(page);
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
    await waitForHydration(page);
    await expect(pageHeading(page)).toHaveText(pageTitle('en', 'dashboard'));
    await expect.poll(() => checks, { timeout: 10_000 }).toBe(2);

    // A second failure on the same path within 10 s must not reload again (no reload loop).
    await dispatchChunkError(page);
    await page.waitForTimeout(1500);
    expect(loads).toBe(2);
  });

  test('a chunk-load error with no new build does not reload', async ({ page, context }) => {
    await addGuestSession(context);
    let loads = 0;
    let checks = 0;
    page.on('load', () => {
      loads += 1;
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/builds/latest.json') checks += 1;
    });
    await page.goto('/dashboard');
    await waitForHydration(page);
    await expect.poll(() => checks, { timeout: 10_000 }).toBe(1);
    await dispatchChunkError(page);
    // The error made the watcher check the build again; it is the running one, so no reload.
    await expect.poll(() => checks, { timeout: 10_000 }).toBe(2);
    await page.waitForTimeout(1000);
    expect(loads).toBe(1);
  });
});

/** What the browser reports when a script chunk of an older build is gone. */
async function dispatchChunkError(page: Page) {
  await page.evaluate(() => {
    const error = new Error('Loading chunk 4242 failed.');
    error.name = 'ChunkLoadError';
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
  });
}
