// An account's other tabs show a change at once, and its other devices within 3 s while in view,
// without a reload (a guest's tabs already do, through the storage event).
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  baseURL,
  localeOfScreen,
  locales,
  onScreenOf,
  quickAdd,
  setLocale,
  waitForHydration,
  onScreen,
} from './helpers';

const PASSWORD = 'correct horse battery staple';

async function register(context: BrowserContext): Promise<string> {
  const email = `live-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const answer = await context.request.post('/api/auth/register', { data: { email, password: PASSWORD } });
  expect(answer.status()).toBe(201);
  return email;
}

test.use({ serviceWorkers: 'block' });

test(
  'another tab of the account shows a change at once, without a reload',
  onScreen('desktop'),
  async ({ page, context }) => {
    const locale = localeOfScreen();
    await setLocale(context, locale);
    await register(context);
    const other = await context.newPage();
    for (const tab of [page, other]) {
      await tab.goto('/dashboard');
      await waitForHydration(tab);
      await expect(tab.getByTestId('eaten-kcal')).toContainText('0');
    }
    await quickAdd(page, locale, '250');
    await expect(other.getByTestId('eaten-kcal')).toContainText('250', { timeout: 5000 });
    await quickAdd(page, locale, '100', '350');
    await expect(other.getByTestId('eaten-kcal')).toContainText('350', { timeout: 5000 });
  },
);

// Another device: the server streams the account's changes to its open pages (GET
// /api/changes, decision 0053), in view; a hidden page is sent nothing and reads again when shown.
for (const locale of locales)
  test(
    `${locale}: another device shows a change within 3 s while in view, and when it comes back into view`,
    onScreenOf(locale),
    async ({ page, context, browser }) => {
      await setLocale(context, locale);
      const email = await register(context);
      const device = await browser.newContext({ baseURL: baseURL(), serviceWorkers: 'block' });
      await setLocale(device, locale);
      expect(
        (await device.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status(),
      ).toBe(200);
      const there = await device.newPage();
      await there.goto('/dashboard');
      await waitForHydration(there);
      await expect(there.getByTestId('eaten-kcal')).toContainText('0');

      await page.goto('/dashboard');
      await waitForHydration(page);
      await quickAdd(page, locale, '420');
      // In view, without a reload and without coming back to it.
      await expect(there.getByTestId('eaten-kcal')).toContainText('420', { timeout: 3000 });

      // Hidden, it is sent nothing; shown again, it reads what changed meanwhile.
      const show = (state: 'hidden' | 'visible') =>
        there.evaluate((visibility) => {
          Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
          document.dispatchEvent(new Event('visibilitychange'));
        }, state);
      await show('hidden');
      await quickAdd(page, locale, '100', '520');
      await page.waitForTimeout(1500);
      await expect(there.getByTestId('eaten-kcal')).toContainText('420');
      await show('visible');
      await expect(there.getByTestId('eaten-kcal')).toContainText('520', { timeout: 3000 });
      await device.close();
    },
  );
