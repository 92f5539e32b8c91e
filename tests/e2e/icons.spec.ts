// Icons through iconify-icon, drawn inline on the first screen, the rest loaded from
// the app's own /api/icons endpoint, and no request ever leaving the origin.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addGuestSession, appPages, baseURL, openPalette, waitForHydration, onScreen } from './helpers';

type IconSet = {
  prefix: string;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
  not_found?: string[];
};

test.describe('GET /api/icons/{prefix}.json', onScreen('desktop'), () => {
  test('answers the asked icons of each installed set, with unknown names under not_found', async ({
    request,
  }) => {
    const cases = [
      { prefix: 'heroicons', known: ['home', 'sun'] },
      { prefix: 'mdi', known: ['food-apple', 'scale-bathroom'] },
      { prefix: 'lucide', known: ['leaf', 'apple'] },
      { prefix: 'circle-flags', known: ['ru', 'uk'] },
    ];
    for (const { prefix, known } of cases) {
      const answer = await request.get(
        `/api/icons/${prefix}.json?icons=${[...known, 'zz-no-such-icon'].join(',')}`,
      );
      expect(answer.status(), prefix).toBe(200);
      expect(answer.headers()['content-type'], prefix).toContain('application/json');
      const data = (await answer.json()) as IconSet;
      expect(data.prefix).toBe(prefix);
      expect(typeof data.width, prefix).toBe('number');
      expect(typeof data.height, prefix).toBe('number');
      for (const name of known) {
        // An icon may come as an alias of another one in the answer (circle-flags:uk is lang-en).
        const target = data.icons[name] ? name : data.aliases?.[name]?.parent;
        expect(target, `${prefix}:${name}`).toBeTruthy();
        expect(data.icons[target!]?.body, `${prefix}:${name}`).toMatch(/<(path|g|circle|mask|rect)/);
      }
      expect(data.not_found, prefix).toEqual(['zz-no-such-icon']);
    }
  });

  test('404 for an unknown prefix, 400 without icons', async ({ request }) => {
    expect((await request.get('/api/icons/fontawesome.json?icons=home')).status()).toBe(404);
    expect((await request.get('/api/icons/not-a-set.json?icons=a,b')).status()).toBe(404);
    expect((await request.get('/api/icons/mdi.json')).status()).toBe(400);
    expect((await request.get('/api/icons/mdi.json?icons=')).status()).toBe(400);
    expect((await request.get('/api/icons/heroicons.json?icons=,,')).status()).toBe(400);
  });
});

/**
 * Every iconify-icon inside the viewport, with whether it shows an SVG of non-zero size. (The
 * component draws icons further down lazily, as they scroll into view.)
 */
async function iconReport(page: Page) {
  return page.locator('iconify-icon').evaluateAll((elements) =>
    elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return (
          box.width > 0 &&
          box.height > 0 &&
          box.bottom > 0 &&
          box.top < window.innerHeight &&
          style.visibility !== 'hidden'
        );
      })
      .map((element) => {
        const svg = element.shadowRoot?.querySelector('svg') ?? element.querySelector('svg');
        const box = svg?.getBoundingClientRect();
        return {
          icon: element.getAttribute('icon'),
          drawn: !!svg && !!box && box.width > 0 && box.height > 0 && svg.innerHTML.length > 20,
        };
      }),
  );
}

test.describe('icons on the page', () => {
  test.use({ serviceWorkers: 'block' });

  test(
    'server HTML carries every app icon as inline SVG (no pop-in)',
    onScreen('desktop'),
    async ({ request }) => {
      const pages = [
        { path: '/', cookie: '' },
        { path: '/Login', cookie: '' },
        ...appPages.map(({ path }) => ({ path, cookie: 'session-state=guest' })),
      ];
      for (const { path, cookie } of pages) {
        const html = await (await request.get(path, { headers: cookie ? { cookie } : {} })).text();
        const icons = html.match(/<iconify-icon\b[^>]*>/g) ?? [];
        const withSvg = html.match(/<iconify-icon\b[^>]*><svg\b/g) ?? [];
        expect(icons.length, path).toBeGreaterThan(3);
        expect(withSvg.length, `${path}: icons without inline SVG`).toBe(icons.length);
      }
    },
  );

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the first screen shows its icons before any script runs', async ({ page }) => {
      await page.goto('/');
      const report = await iconReport(page);
      expect(report.length).toBeGreaterThan(3);
      expect(report.filter((icon) => !icon.drawn)).toEqual([]);
    });
  });

  test('with JavaScript, every icon on screen is drawn on each page', async ({ page, context }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(async () => (await iconReport(page)).filter((icon) => !icon.drawn)).toEqual([]);
    // Further down the landing page, icons are drawn once they scroll into view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(async () => (await iconReport(page)).filter((icon) => !icon.drawn)).toEqual([]);
    expect((await iconReport(page)).length).toBeGreaterThan(0);
    await addGuestSession(context);
    for (const { path } of appPages) {
      await page.goto(path);
      await waitForHydration(page);
      await expect.poll(async () => (await iconReport(page)).filter((icon) => !icon.drawn)).toEqual([]);
      expect((await iconReport(page)).length, path).toBeGreaterThan(2);
    }
  });

  for (const path of ['/', '/dashboard']) {
    test(`${path}: first-screen icons never blank out while the icon component starts (no pop-in)`, async ({
      page,
      context,
    }) => {
      if (path !== '/') await addGuestSession(context);
      // Looks for on-screen icons that show no SVG: right when iconify-icon is defined (the
      // server's inline SVG must stay drawn while the component takes over), and in every frame
      // from the first paint until 30 frames after that.
      await page.addInitScript(() => {
        type Probe = { frames: number; definedAt: number; done: boolean; blank: string[] };
        const probe: Probe = { frames: 0, definedAt: -1, done: false, blank: [] };
        (window as unknown as { __iconProbe: Probe }).__iconProbe = probe;
        const record = (when: string) => {
          const blank = [...document.querySelectorAll('iconify-icon')]
            .filter((element) => {
              const box = element.getBoundingClientRect();
              return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
            })
            // An icon whose SVG the parser has not reached yet is still arriving, not blanked:
            // twice in CI a bottom-bar icon early in the load had no SVG and no shadow root, the
            // component not yet defined, as the page was still being parsed.
            .filter((element) => document.readyState !== 'loading' || element.firstElementChild !== null)
            .filter((element) => {
              const svg = element.shadowRoot?.querySelector('svg') ?? element.querySelector('svg');
              const box = svg?.getBoundingClientRect();
              return !(svg && box && box.width > 0 && box.height > 0);
            })
            // What the icon held, so that a failure says why it was blank: whether the component
            // was defined yet, what its shadow root held, and the sizes of it and its SVG.
            .map((element) => {
              const box = element.getBoundingClientRect();
              const svg = element.querySelector('svg')?.getBoundingClientRect();
              const root = element.shadowRoot;
              const held = root
                ? [...root.children].map((child) => child.localName).join('+') || 'empty'
                : 'none';
              return `${element.getAttribute('icon')} [${document.readyState}, defined ${Boolean(customElements.get('iconify-icon'))}, shadow ${held}, box ${Math.round(box.width)}x${Math.round(box.height)}, own svg ${svg ? `${Math.round(svg.width)}x${Math.round(svg.height)}` : 'none'}]`;
            });
          if (blank.length > 0)
            probe.blank.push(`${when} (${Math.round(performance.now())} ms): ${blank.join(', ')}`);
        };
        const define = customElements.define.bind(customElements);
        customElements.define = (name, constructor, options) => {
          define(name, constructor, options);
          if (name === 'iconify-icon') record('as iconify-icon is defined');
        };
        const tick = () => {
          probe.frames += 1;
          record(`frame ${probe.frames}`);
          if (probe.definedAt < 0 && customElements.get('iconify-icon')) probe.definedAt = probe.frames;
          if (probe.definedAt >= 0 && probe.frames - probe.definedAt >= 30) probe.done = true;
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await page.goto(path);
      await page.waitForFunction(
        () => (window as unknown as { __iconProbe: { done: boolean } }).__iconProbe.done,
      );
      const blankFrames = await page.evaluate(
        () => (window as unknown as { __iconProbe: { blank: string[] } }).__iconProbe.blank,
      );
      expect(blankFrames, 'moments at which first-screen icons were not drawn').toEqual([]);
    });
  }

  test(
    'an icon outside the bundle is fetched from /api/icons/mdi.json and drawn',
    onScreen('desktop'),
    async ({ page }) => {
      await page.goto('/Login');
      await waitForHydration(page);
      const iconRequest = page.waitForRequest(
        (request) =>
          new URL(request.url()).pathname === '/api/icons/mdi.json' &&
          (new URL(request.url()).searchParams.get('icons') ?? '').split(',').includes('food-apple'),
      );
      await page.evaluate(() => {
        const icon = document.createElement('iconify-icon');
        icon.setAttribute('icon', 'mdi:food-apple');
        icon.id = 'e2e-icon';
        icon.style.fontSize = '48px';
        document.body.prepend(icon);
      });
      const request = await iconRequest;
      expect(new URL(request.url()).origin).toBe(new URL(baseURL()).origin);
      expect((await request.response())?.status()).toBe(200);
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              document.getElementById('e2e-icon')?.shadowRoot?.querySelector('svg')?.innerHTML.length ?? 0,
          ),
        )
        .toBeGreaterThan(20);
    },
  );

  test('a failed icon load logs "Failed to load custom icons"', onScreen('mobile'), async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/api/icons/**', (route) => route.fulfill({ status: 500, body: 'broken' }));
    await page.goto('/Login');
    await waitForHydration(page);
    await page.evaluate(() => {
      const icon = document.createElement('iconify-icon');
      icon.setAttribute('icon', 'mdi:carrot');
      document.body.prepend(icon);
    });
    await expect.poll(() => errors.some((text) => text.includes('Failed to load custom icons'))).toBe(true);
  });
});

test.describe('no third-party requests', () => {
  // The service worker stays on: it must not reach out anywhere either.
  test.use({ serviceWorkers: 'allow' });

  test(
    'a session over every page, the palette and a non-bundled icon stays on this origin',
    onScreen('desktop'),
    async ({ page, context }) => {
      const origin = new URL(baseURL()).origin;
      const foreign: string[] = [];
      const seen: string[] = [];
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol === 'data:' || url.protocol === 'blob:') return;
        seen.push(url.href);
        if (url.origin !== origin) foreign.push(url.href);
      });

      for (const path of ['/', '/Login', '/Register', '/no-such-page']) {
        await page.goto(path);
        await waitForHydration(page);
      }
      await page.goto('/');
      await waitForHydration(page);
      await page.getByTestId('continue-as-guest').click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      for (const { path } of appPages) {
        await page.goto(path);
        await waitForHydration(page);
      }
      await openPalette(page);
      await page.keyboard.press('Escape');
      await page.evaluate(() => {
        for (const name of ['mdi:food-apple', 'lucide:carrot', 'heroicons:cake', 'circle-flags:de']) {
          const icon = document.createElement('iconify-icon');
          icon.setAttribute('icon', name);
          document.body.append(icon);
        }
      });
      await expect
        .poll(() => seen.filter((url) => url.includes('/api/icons/')).length)
        .toBeGreaterThanOrEqual(4);
      // Let the build-id check and any late request happen before judging.
      await page.waitForLoadState('networkidle');
      expect(seen.length).toBeGreaterThan(20);
      expect(foreign).toEqual([]);
    },
  );
});
