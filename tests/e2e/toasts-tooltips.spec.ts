// The original app's Radix toasts (5000 ms, swipe right past 50 px, F8, bottom-right, its control
// strings) and tooltips (700 ms delay, 300 ms skip delay).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addGuestSession,
  browserLocale,
  fill,
  isDesktop,
  localeOfScreen,
  messages,
  quickAdd,
  setLocale,
  startAccount,
  waitForHydration,
  oneScreen,
} from './helpers';

const en = messages.en;

/**
 * The first install of the service worker says the app now works offline; that toast is the one
 * the shell raises on its own, so these tests use it. Answers the toast and the time it appeared.
 */
async function offlineReadyToast(page: Page, locale: 'en' | 'ru' = 'en') {
  const region = page.getByRole('region', { name: messages[locale].ui.notificationsRegion });
  const toast = region.getByRole('listitem').filter({ hasText: messages[locale].pwa.offlineReadyTitle });
  await expect(toast).toBeVisible({ timeout: 20_000 });
  return { region, toast };
}

type ToastTimes = Record<string, { open?: number; closed?: number }>;

/** Records in the page, to the frame, when each toast opened and closed (keyed by its text). */
async function recordToastTimes(page: Page) {
  await page.addInitScript(() => {
    const times: ToastTimes = {};
    (window as unknown as { __toastTimes: ToastTimes }).__toastTimes = times;
    const scan = () => {
      for (const item of document.querySelectorAll('li[data-state]')) {
        const entry = (times[item.textContent ?? ''] ??= {});
        const state = item.getAttribute('data-state');
        if (state === 'open' && entry.open === undefined) entry.open = performance.now();
        if (state === 'closed' && entry.closed === undefined) entry.closed = performance.now();
      }
    };
    new MutationObserver(scan).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
}

/** How long the toast whose text contains `title` was open, in ms. */
async function openFor(page: Page, title: string): Promise<number> {
  const times = await page.evaluate(() => (window as unknown as { __toastTimes: ToastTimes }).__toastTimes);
  const entry = Object.entries(times).find(([text]) => text.includes(title))?.[1];
  expect(entry?.open, `${title} opened`).toBeDefined();
  expect(entry?.closed, `${title} closed`).toBeDefined();
  return entry!.closed! - entry!.open!;
}

test.describe('toasts', () => {
  test.use({ serviceWorkers: 'allow', locale: browserLocale.en });

  test.beforeEach(async ({ context }) => {
    await addGuestSession(context);
  });

  test('"Ready to work offline" shows bottom-right and closes by itself after 5000 ms', async ({ page }) => {
    await recordToastTimes(page);
    await page.goto('/dashboard');
    const { region, toast } = await offlineReadyToast(page);
    await expect(toast).toContainText(en.pwa.offlineReadyBody);
    await expect(region).toHaveCount(1);

    const viewport = page.viewportSize()!;
    const box = (await toast.boundingBox())!;
    expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(32);
    // At the foot of the screen or, on a phone, right above its bottom navigation, never over it.
    const nav = page.getByTestId('bottom-nav');
    const floor = (await nav.isVisible()) ? (await nav.boundingBox())!.y : viewport.height;
    expect(floor - (box.y + box.height)).toBeLessThanOrEqual(32);
    expect(floor - (box.y + box.height)).toBeGreaterThanOrEqual(0);
    const list = (await region.locator('ol').boundingBox())!;
    if (isDesktop()) {
      // 24rem wide from the sm breakpoint, anchored to the right.
      expect(list.width).toBeLessThanOrEqual(384);
      expect(box.x).toBeGreaterThan(viewport.width / 2);
    } else {
      expect(box.width).toBeGreaterThan(viewport.width * 0.8);
    }

    await expect(toast).toBeHidden({ timeout: 10_000 });
    const shownFor = await openFor(page, en.pwa.offlineReadyTitle);
    expect(shownFor).toBeGreaterThanOrEqual(4900);
    expect(shownFor).toBeLessThan(5600);
  });

  test('a short swipe right keeps the toast; a swipe past 50 px dismisses it', async ({ page }) => {
    await recordToastTimes(page);
    await page.goto('/dashboard');
    const { toast } = await offlineReadyToast(page);
    const swipe = async (distance: number) => {
      const box = (await toast.boundingBox())!;
      const x = box.x + 40;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + distance / 2, y, { steps: 4 });
      await page.mouse.move(x + distance, y, { steps: 4 });
      await page.mouse.up();
    };

    await swipe(30);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-swipe', 'cancel');

    await swipe(140);
    await expect(toast).toBeHidden({ timeout: 1500 });
    // Gone by the swipe, well before its 5000 ms were up.
    expect(await openFor(page, en.pwa.offlineReadyTitle)).toBeLessThan(4500);
  });

  test.describe('in Russian', () => {
    test.use({ locale: browserLocale.ru });

    test('F8 focuses the notifications region, and Close dismisses the toast', async ({ page, context }) => {
      oneScreen('desktop');
      await setLocale(context, 'ru');
      await page.goto('/dashboard');
      const { region, toast } = await offlineReadyToast(page, 'ru');
      await expect(toast).toContainText(messages.ru.pwa.offlineReadyBody);

      await page.keyboard.press('F8');
      await expect
        .poll(() =>
          page.evaluate(
            () => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') ?? null,
          ),
        )
        .toBe(messages.ru.ui.notificationsRegion);

      await region.getByRole('button', { name: messages.ru.ui.close }).click();
      await expect(toast).toBeHidden();
    });
  });

  test("the notifications region carries the seed's English label", async ({ page }) => {
    oneScreen('desktop');
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeAttached();
    await waitForHydration(page);
    await page.keyboard.press('F8');
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') ?? null,
        ),
      )
      .toBe('Notifications (F8)');
  });
});

// An undo is an action with a deadline: 5000 ms (plus the exit) was too short to read the
// toast and reach its button on a phone, and the deadline must wait while the user is on it.
test.describe('an undo toast', () => {
  test.use({ serviceWorkers: 'block' });

  test('stays 10 s, and while it is hovered or focused it stays until left', async ({ page, context }) => {
    // On one screen, where both a pointer and the keyboard can rest on it. The page's clock is
    // Playwright's, run forward past each deadline: 40 s of waiting took 40 s of the suite.
    oneScreen('desktop');
    const locale = localeOfScreen();
    const t = messages[locale].diary;
    await addGuestSession(context);
    await setLocale(context, locale);
    await page.clock.install();
    await recordToastTimes(page);
    await page.goto('/dashboard');
    await waitForHydration(page);
    await quickAdd(page, locale, '120');
    const deleted = (at: number) => page.locator('li[data-variant]').filter({ hasText: t.deleted }).nth(at);

    await page.getByRole('button', { name: fill(t.deleteEntry, { name: t.quickAddName }) }).click();
    await expect(deleted(0)).toBeVisible();
    await page.clock.runFor(9_700);
    await expect(deleted(0)).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(deleted(0)).toBeHidden();
    const shownFor = await openFor(page, t.deleted);
    expect(shownFor).toBeGreaterThanOrEqual(9900);
    expect(shownFor).toBeLessThan(10_800);

    // Another entry deleted: a new undo toast, to stay on.
    await quickAdd(page, locale, '130');
    await page
      .getByRole('button', { name: fill(t.deleteEntry, { name: t.quickAddName }) })
      .first()
      .click();
    const toast = page.locator('li[data-variant][data-state="open"]').filter({ hasText: t.deleted });
    await expect(toast).toBeVisible();
    // Each past its 10 s alone: first the pointer rests on it, then the keyboard (F8, then Tab:
    // how a phone's user without a pointer reaches it) with the pointer gone.
    await toast.hover();
    await page.clock.runFor(11_000);
    await expect(toast).toBeVisible();
    await page.keyboard.press('F8');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="region"]') !== null))
      .toBe(true);
    await page.mouse.move(5, 5);
    await page.clock.runFor(11_000);
    await expect(toast).toBeVisible();
    await expect(toast.getByRole('button', { name: t.undo })).toBeVisible();
    // Left alone again, it goes.
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.clock.runFor(10_500);
    await expect(toast).toBeHidden();
  });
});

test.describe('tooltips', () => {
  test.use({ serviceWorkers: 'block' });

  test.beforeEach(async ({ context }) => {
    test.skip(!isDesktop(), 'hover tooltips of the desktop side menu');
    // An account: a guest's menu offers an account instead of "Log out", the neighbour used here.
    await startAccount(context);
  });

  test('open after 700 ms, and a neighbour opens at once within the 300 ms skip delay', async ({ page }) => {
    await page.goto('/dashboard');
    await waitForHydration(page);
    const tooltip = page.locator('[data-slot="tooltip"]');
    const collapse = page.locator('aside').getByRole('button', { name: en.nav.collapse });
    const logout = page.locator('aside').getByRole('button', { name: en.nav.logout });
    // Radix Tooltip loads once the page is idle; its triggers then carry data-state.
    await expect(collapse).toHaveAttribute('data-state', 'closed');
    await expect(logout).toHaveAttribute('data-state', 'closed');
    const collapseBox = (await collapse.boundingBox())!;
    const logoutBox = (await logout.boundingBox())!;
    const centre = (box: typeof collapseBox) => [box.x + box.width / 2, box.y + box.height / 2] as const;

    // The pointer arrives after `before` and no later than `after`: the tip must wait 700 ms.
    const before = Date.now();
    await page.mouse.move(...centre(collapseBox));
    const after = Date.now();
    await page.waitForTimeout(450);
    await expect(tooltip).toHaveCount(0);
    await expect(tooltip).toBeVisible({ timeout: 3000 });
    expect(Date.now() - before).toBeGreaterThanOrEqual(690);
    expect(Date.now() - after).toBeLessThan(2000);
    await expect(tooltip).toContainText(en.nav.collapse);
    await expect(tooltip).toHaveAttribute('data-state', 'delayed-open');

    // Leaving downwards (away from the tip, so it closes) and straight on to the next control,
    // well within 300 ms: its tip opens at once.
    await page.mouse.move(collapseBox.x + collapseBox.width / 2, collapseBox.y + collapseBox.height + 2);
    await page.mouse.move(collapseBox.x + collapseBox.width / 2, collapseBox.y + collapseBox.height + 6);
    await page.mouse.move(...centre(logoutBox), { steps: 2 });
    // "At once": well inside the 700 ms delay (the tooltip's own open state is an internal).
    const entered = Date.now();
    await expect(tooltip).toContainText(en.nav.logout, { timeout: 600 });
    expect(Date.now() - entered).toBeLessThan(300);

    // After the pointer has been away for longer than 300 ms, the delay applies again.
    await page.mouse.move(640, 400, { steps: 4 });
    await expect(tooltip).toHaveCount(0);
    await page.waitForTimeout(600);
    await page.mouse.move(...centre(collapseBox));
    await expect(tooltip).toContainText(en.nav.collapse, { timeout: 3000 });
    await expect(tooltip).toHaveAttribute('data-state', 'delayed-open');
  });
});
