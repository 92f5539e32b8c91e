// The original app's Radix toasts where they sit and how a swipe dismisses them, and its tooltips
// (700 ms delay, 300 ms skip delay). How long a toast stays, an Undo's 10 s, F8 and Close in
// both languages are the component tier's (tests/components/toaster.test.tsx).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addGuestSession,
  browserLocale,
  isDesktop,
  messages,
  startAccount,
  waitForHydration,
  onScreen,
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

  // How long a toast stays, and F8 and Close in both languages: tests/components/toaster.test.tsx.
  test('"Ready to work offline" shows bottom-right, above a phone\'s navigation', async ({ page }) => {
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
});

// Hover tooltips of the desktop side menu.
test.describe('tooltips', onScreen('desktop'), () => {
  test.use({ serviceWorkers: 'block' });

  test.beforeEach(async ({ context }) => {
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
