// The layouts: app-main on desktop, app-returnable on phones, the bottom navigation bar,
// all decided by CSS at 756 px so the server HTML fits any viewport and resizing needs no reload.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addGuestSession,
  appPages,
  baseURL,
  cookie,
  fill,
  isDesktop,
  isSameDocument,
  markDocument,
  messages,
  pageHeading,
  pageTitle,
  sidewaysScroll,
  waitForHydration,
  onScreen,
} from './helpers';

const nav = messages.en.nav;
const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ context }) => {
  await addGuestSession(context);
});

async function mainPaddingBottom(page: Page): Promise<number> {
  return page.locator('main').evaluate((element) => parseFloat(getComputedStyle(element).paddingBottom));
}

/** What the shell looks like right now: which of its parts are on screen. */
async function expectDesktopShell(page: Page, returnable: boolean) {
  await expect(page.locator('aside')).toBeVisible();
  await expect(page.locator('aside').getByRole('navigation', { name: nav.label })).toBeVisible();
  await expect(page.getByTestId('back-link')).toHaveCount(returnable ? 1 : 0);
  await expect(page.getByTestId('back-link')).toBeHidden();
  await expect(page.getByRole('button', { name: nav.menu })).toBeHidden();
  await expect(page.getByTestId('bottom-nav')).toBeHidden();
}

async function expectMobileShell(page: Page, returnable: boolean) {
  await expect(page.locator('aside')).toBeHidden();
  if (returnable) {
    await expect(page.getByTestId('back-link')).toBeVisible();
    await expect(page.getByRole('link', { name: nav.back, exact: true })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(page.getByRole('button', { name: nav.menu })).toHaveCount(0);
  } else {
    await expect(page.getByTestId('back-link')).toHaveCount(0);
    await expect(page.getByRole('button', { name: nav.menu })).toBeVisible();
  }
  await expect(page.getByTestId('bottom-nav')).toBeVisible();
}

test.describe('shell per viewport', () => {
  test('each app page: header layout, title and navigation fit the viewport', async ({ page }) => {
    for (const { path, key, returnable } of appPages) {
      await page.goto(path);
      await expect(pageHeading(page), path).toHaveText(pageTitle('en', key));
      await expect(page.locator('header[data-layout]'), path).toHaveAttribute(
        'data-layout',
        returnable ? 'app-returnable' : 'app-main',
      );
      if (isDesktop()) {
        await expectDesktopShell(page, returnable);
        // The side menu lists every section and marks the current one.
        const menu = page.locator('aside').getByRole('navigation', { name: nav.label });
        for (const section of appPages) {
          await expect(menu.getByRole('link', { name: nav[section.key] })).toHaveAttribute(
            'href',
            section.path,
          );
        }
        await expect(menu.locator('[aria-current="page"]'), path).toHaveAttribute('href', path);
        expect(await mainPaddingBottom(page), path).toBeLessThan(48);
      } else {
        await expectMobileShell(page, returnable);
        const bar = page.getByTestId('bottom-nav');
        await expect(bar.getByRole('link'), path).toHaveCount(4);
        await expect(bar.locator('[aria-current="page"]'), path).toHaveAttribute('href', path);
        // The main area leaves room for the fixed bar, so its last line is never covered.
        const barHeight = (await bar.boundingBox())!.height;
        expect(await mainPaddingBottom(page), path).toBeGreaterThanOrEqual(barHeight);
      }
    }
  });
});

// The back arrow and the drawer exist below 756 px only.
test.describe('phone: app-returnable and app-main', onScreen('mobile'), () => {
  test('the back arrow of /food, /stats and /settings leads to the diary', async ({ page }) => {
    for (const { path, key } of appPages.filter((item) => item.returnable)) {
      await page.goto(path);
      await expect(pageHeading(page)).toHaveText(pageTitle('en', key));
      await waitForHydration(page);
      await page.getByRole('link', { name: nav.back, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await expect(pageHeading(page)).toHaveText(pageTitle('en', 'dashboard'));
    }
  });

  test('/dashboard opens its menu as a drawer that navigates and closes', async ({ page }) => {
    await page.goto('/dashboard');
    await waitForHydration(page);
    await page.getByRole('button', { name: nav.menu }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: nav.label }).getByRole('link')).toHaveCount(4);
    await drawer.getByRole('link', { name: nav.stats }).click();
    await page.waitForURL((url) => url.pathname === '/stats');
    await expect(drawer).toBeHidden();
    await expect(pageHeading(page)).toHaveText(pageTitle('en', 'stats'));
  });

  test('the bottom bar navigates between sections', async ({ page }) => {
    await page.goto('/dashboard');
    await waitForHydration(page);
    await page.getByTestId('bottom-nav').getByRole('link', { name: nav.food }).click();
    await page.waitForURL((url) => url.pathname === '/food');
    await expect(pageHeading(page)).toHaveText(pageTitle('en', 'food'));
  });

  test('the settings switch turns the bottom bar off and on, and the choice is remembered', async ({
    page,
    context,
  }) => {
    await page.goto('/settings');
    await waitForHydration(page);
    const toggle = page.getByRole('switch', { name: messages.en.pages.settings.bottomNav });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    const paddingOn = await mainPaddingBottom(page);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    expect((await cookie(context, 'bottom-nav'))?.value).toBe('off');
    await expect.poll(() => mainPaddingBottom(page)).toBeLessThan(paddingOn);

    await page.reload();
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    await expect(page.getByRole('switch', { name: messages.en.pages.settings.bottomNav })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await page.goto('/dashboard');
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    expect(await mainPaddingBottom(page)).toBeLessThan(paddingOn);

    await page.goto('/settings');
    await waitForHydration(page);
    await page.getByRole('switch', { name: messages.en.pages.settings.bottomNav }).click();
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    expect((await cookie(context, 'bottom-nav'))?.value).toBe('on');
  });
});

// The side menu shows from 756 px up.
test.describe('desktop side menu', onScreen('desktop'), () => {
  test('is open by default, collapses and expands, and the choice survives a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/dashboard');
    await waitForHydration(page);
    const aside = page.locator('aside');
    await expect(aside).toHaveAttribute('data-state', 'open');
    const openWidth = (await aside.boundingBox())!.width;
    await expect(aside.getByRole('link', { name: nav.food })).toContainText(nav.food);

    await aside.getByRole('button', { name: nav.collapse }).click();
    await expect(aside).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(async () => (await aside.boundingBox())!.width).toBeLessThan(openWidth / 2);
    expect((await cookie(context, 'sidebar-state'))?.value).toBe('collapsed');
    // Collapsed to an icon rail, the links keep their names for screen readers.
    await expect(aside.getByRole('link', { name: nav.food })).toBeVisible();

    // The server renders the remembered state, so there is no flash of an open menu.
    const html = await (await page.request.get('/food')).text();
    expect(html).toMatch(/<aside[^>]*data-state="collapsed"/);
    await page.reload();
    await expect(aside).toHaveAttribute('data-state', 'collapsed');

    await waitForHydration(page);
    await aside.getByRole('button', { name: nav.expand }).click();
    await expect(aside).toHaveAttribute('data-state', 'open');
    expect((await cookie(context, 'sidebar-state'))?.value).toBe('open');
  });

  test('prefetches a section when the pointer is over its link, not while the page loads', async ({
    page,
  }) => {
    const prefetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has('_rsc')) prefetched.push(url.pathname);
    });
    await page.goto('/dashboard');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(prefetched).toEqual([]);

    await page.locator('aside').getByRole('link', { name: nav.stats }).hover();
    await expect.poll(() => prefetched).toContain('/stats');
    expect(prefetched.filter((path) => path !== '/stats')).toEqual([]);
  });
});

test.describe('the layout is CSS: right without JavaScript, switched by resizing', () => {
  test('server HTML without JavaScript already has the layout of this viewport', async ({ browser }) => {
    const context = await browser.newContext({
      ...(isDesktop() ? { viewport: DESKTOP } : { viewport: MOBILE, isMobile: true, hasTouch: true }),
      javaScriptEnabled: false,
      baseURL: baseURL(),
    });
    await context.addCookies([{ name: 'session-state', value: 'guest', url: baseURL() }]);
    const page = await context.newPage();
    await page.goto('/food');
    if (isDesktop()) await expectDesktopShell(page, true);
    else await expectMobileShell(page, true);
    await page.goto('/dashboard');
    if (isDesktop()) await expectDesktopShell(page, false);
    else await expectMobileShell(page, false);
    await context.close();
  });

  test('resizing across 756 px switches layouts without a reload', async ({ page }) => {
    await page.goto('/settings');
    await waitForHydration(page);
    await markDocument(page);
    const [first, second] = isDesktop() ? [DESKTOP, MOBILE] : [MOBILE, DESKTOP];
    const check = (size: typeof MOBILE) =>
      size === DESKTOP ? expectDesktopShell(page, true) : expectMobileShell(page, true);

    await check(first);
    await page.setViewportSize(second);
    await check(second);
    await page.setViewportSize({ width: 757, height: 800 });
    await expectDesktopShell(page, true);
    await page.setViewportSize({ width: 755, height: 800 });
    await expectMobileShell(page, true);
    await page.setViewportSize(first);
    await check(first);
    expect(await isSameDocument(page)).toBe(true);
  });
});

test.describe('content columns follow the room the page has', () => {
  type Box = { x: number; y: number; width: number; height: number };
  const overlaps = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const inside = (inner: Box, outer: Box) =>
    inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5;

  for (const width of [800, 1024, 1280]) {
    test(
      `at ${width} px with the side menu open, the meals and the day's summary never overlap`,
      onScreen('desktop'),
      async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/dashboard');
        const breakfast = page.getByTestId('meal-breakfast');
        const summary = page.getByRole('region', { name: messages.en.diary.summary });
        await expect(breakfast).toBeVisible();
        const mealBox = (await breakfast.boundingBox())!;
        const summaryBox = (await summary.boundingBox())!;
        expect(overlaps(mealBox, summaryBox)).toBe(false);
        // The meal's buttons stay inside its card.
        const add = breakfast.getByRole('button', {
          name: fill(messages.en.diary.addTo, { meal: messages.en.diary.meals.breakfast }),
        });
        expect(inside((await add.boundingBox())!, mealBox)).toBe(true);
        // Side by side once the main area is wide enough, one above the other before that.
        expect(summaryBox.x > mealBox.x).toBe(width >= 1024);
      },
    );
  }
});

test('a long food name is cut or wrapped, never widening the page or a dialog', async ({ page, context }) => {
  // 120 characters without a space: the longest name a food or an entry can have.
  const name = 'Суперпродукт'.repeat(10);
  await context.addInitScript((longName) => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    const at = now.toISOString();
    const food = { id: 1, name: longName, brand: null, kcal: 250, protein: 8, fat: 3, carbs: 48 };
    localStorage.setItem(
      'food-items',
      JSON.stringify([{ ...food, serving: null, favorite: true, createdAt: at, updatedAt: at }]),
    );
    const entry = { id: crypto.randomUUID(), meal: 'breakfast', food: 1, name: longName, amount: 100 };
    const logged = { ...entry, unit: 'g', grams: 100, kcal: 250, protein: 8, fat: 3, carbs: 48 };
    localStorage.setItem(
      `dashboard-${date}`,
      JSON.stringify({
        date,
        goal: 2200,
        weight: null,
        updatedAt: at,
        entries: [{ ...logged, loggedAt: at, updatedAt: at }],
      }),
    );
  }, name);
  const diary = messages.en.diary;

  await page.goto('/dashboard');
  await expect(page.getByTestId('entry-row')).toContainText(name);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: fill(diary.addTo, { meal: diary.meals.lunch }) }).click();
  await expect(page.getByRole('dialog').getByText(name).first()).toBeVisible();
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `${diary.editEntry}: ${name}` }).click();
  await expect(page.getByRole('dialog')).toContainText(name);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
});

test.describe('nothing jumps while a diary page fills in', () => {
  /** The layout shifts the page had, summed as CLS counts them (none from the user's own input). */
  async function watchLayoutShifts(page: Page) {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    return async () =>
      page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0));
  }

  test('/stats: the figures arrive without pushing the calendar down', async ({ page }) => {
    const layoutShift = await watchLayoutShifts(page);
    await page.goto('/stats');
    await expect(page.getByTestId('stat-average')).toBeVisible();
    await expect(page.getByTestId('stats-empty')).toBeVisible();
    await page.waitForLoadState('load');
    // 0.1 is where Core Web Vitals stop calling a page's layout stable.
    expect(await layoutShift()).toBeLessThan(0.1);
  });

  test('/dashboard: the view takes the skeleton’s place without moving anything', async ({ page }) => {
    const layoutShift = await watchLayoutShifts(page);
    await page.goto('/dashboard');
    await expect(page.getByTestId('remaining-kcal')).toBeVisible();
    await page.waitForLoadState('load');
    expect(await layoutShift()).toBeLessThan(0.1);
  });
});

test('on a 390 px phone the date fields share their row, half each, and stay on the screen', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  const stats = messages.en.stats;
  const report = messages.en.report;
  /** The two fields' boxes: on one row, each about half of it, inside the screen (issue 48). */
  async function expectHalves(from: ReturnType<Page['getByLabel']>, to: ReturnType<Page['getByLabel']>) {
    const [a, b] = [(await from.boundingBox())!, (await to.boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(Math.abs(a.width - b.width)).toBeLessThan(2);
    expect(b.x + b.width).toBeLessThanOrEqual(MOBILE.width - 8);
    // Together they fill the row they are in (a gap between them at most): at their own width
    // the stats' two left a third of it empty.
    const row = await from.evaluate(
      (first, second) => {
        let box = first.parentElement!;
        while (!box.contains(second)) box = box.parentElement!;
        const style = getComputedStyle(box);
        return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      },
      await to.elementHandle(),
    );
    expect(a.width + b.width).toBeGreaterThan(row - 16);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  }
  await page.goto('/stats');
  await waitForHydration(page);
  await page.getByRole('radio', { name: stats.custom }).click();
  await expectHalves(
    page.getByLabel(stats.from, { exact: true }),
    page.getByLabel(stats.to, { exact: true }),
  );
  await page.goto('/report');
  await expectHalves(
    page.getByLabel(report.from, { exact: true }),
    page.getByLabel(report.to, { exact: true }),
  );
});
