// The four diary pages holding real data (and the add dialog) pass axe-core with no serious
// or critical violation, in light and dark; and logging works from the keyboard alone.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addGuestSession, isDark, messages, onScreen, setLocale, severeAxeViolations } from './helpers';

test.use({ serviceWorkers: 'block' });

/** A food and a few logged days, written in the seed's storage format. */
async function seedDiary(page: Page) {
  await page.addInitScript(() => {
    if (localStorage.getItem('food-items')) return;
    const stamp = '2026-11-01T08:00:00.000Z';
    localStorage.setItem(
      'food-items',
      JSON.stringify([
        {
          id: 1,
          name: 'Oats',
          brand: 'Mill',
          kcal: 370,
          protein: 13,
          fat: 6.5,
          carbs: 60,
          serving: { label: '1 bowl', grams: 60 },
          favorite: true,
          createdAt: stamp,
          updatedAt: stamp,
        },
      ]),
    );
    const pad = (n: number) => String(n).padStart(2, '0');
    for (let back = 0; back < 6; back++) {
      const d = new Date();
      d.setDate(d.getDate() - back);
      const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      const entries = [0, 1].map((i) => ({
        id: `0b7f3c1e-8d2a-4c5b-9e6f-00000000${pad(back)}${pad(i)}`,
        meal: i === 0 ? 'breakfast' : 'dinner',
        food: 1,
        name: 'Oats',
        amount: 100,
        unit: 'g',
        grams: 100,
        kcal: 370 + back * 150,
        protein: 13,
        fat: 6.5,
        carbs: 60,
        loggedAt: `${date}T08:00:00.000Z`,
        updatedAt: `${date}T08:00:00.000Z`,
      }));
      localStorage.setItem(
        `dashboard-${date}`,
        JSON.stringify({
          date,
          goal: 2000,
          weight: 70 + back / 10,
          entries,
          updatedAt: `${date}T20:00:00.000Z`,
        }),
      );
    }
  });
}

for (const path of ['/dashboard', '/food', '/stats', '/settings']) {
  test(`${path} with data has no serious or critical axe violations in light and dark`, async ({
    page,
    context,
  }) => {
    await addGuestSession(context);
    await setLocale(context, 'en');
    await seedDiary(page);
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      // The theme is stored before the page's own scripts read it: one load a theme, not two.
      await page.addInitScript((value) => localStorage.setItem('nuxt-color-mode', value), mode);
      await page.goto(path);
      await expect(page.locator('main [aria-hidden="true"].animate-pulse')).toHaveCount(0);
      expect(await isDark(page)).toBe(mode === 'dark');
      await page.evaluate(() => document.fonts.ready);
      const severe = await severeAxeViolations(page);
      expect.soft(severe, `${path} (${mode}): ${JSON.stringify(severe, null, 2)}`).toEqual([]);
    }
  });
}

test('the add dialog has no serious or critical axe violations', async ({ page, context }) => {
  await addGuestSession(context);
  await setLocale(context, 'en');
  await seedDiary(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add to Lunch' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await severeAxeViolations(page)).toEqual([]);
});

// A keyboard is a desktop matter.
test(
  'logging a recent food takes the keyboard alone, with a visible focus',
  onScreen('desktop'),
  async ({ page, context }) => {
    const t = messages.en.diary;
    await addGuestSession(context);
    await setLocale(context, 'en');
    await seedDiary(page);
    await page.goto('/dashboard');
    const lunch = page.getByRole('button', { name: 'Add to Lunch' });
    await expect(lunch).toBeVisible();
    await lunch.focus();
    const outline = await lunch.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    // The search field has focus and the first recent food is highlighted: Enter, Enter.
    await expect(page.getByPlaceholder(t.searchPlaceholder)).toBeFocused();
    await expect(page.getByRole('option', { selected: true })).toContainText('Oats');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(t.amount)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('meal-lunch').getByTestId('entry-row')).toHaveCount(1);
  },
);

test('account settings and the guest import offer have no serious or critical axe violations', async ({
  page,
  context,
}) => {
  // Three full axe scans of two pages and a registration: three times the usual budget.
  test.slow();
  await addGuestSession(context);
  await setLocale(context, 'en');
  await seedDiary(page);
  await page.goto('/Register');
  await page
    .getByLabel(messages.en.auth.email)
    .fill(`a11y-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
  await page.getByLabel(messages.en.auth.password, { exact: true }).fill('correct horse battery staple');
  await page.getByRole('button', { name: messages.en.auth.submitRegister }).click();
  await expect(page.getByTestId('guest-import-preview')).toBeVisible();
  const importButton = page.getByRole('button', { name: messages.en.guestImport.import });
  await expect(importButton).toBeEnabled();
  expect(await severeAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: messages.en.guestImport.notNow }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await page.evaluate((value) => localStorage.setItem('nuxt-color-mode', value), mode);
    await page.goto('/settings');
    await expect(page.getByTestId('account-email')).toBeVisible();
    // The guest diary is still here ("Not now"), so settings offers it again.
    await expect(page.getByRole('heading', { name: messages.en.guestImport.title })).toBeVisible();
    await expect(importButton).toBeEnabled();
    const severe = await severeAxeViolations(page);
    expect.soft(severe, `account settings (${mode}): ${JSON.stringify(severe, null, 2)}`).toEqual([]);
  }
});
