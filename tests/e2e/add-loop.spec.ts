// The add loop, as a user runs it many times a day: open, type, pick from the keyboard or a tap,
// log, and land back on the meal's Add button; search that finds everyday foods in both
// languages; the "Saved" toast clear of the phone's navigation; Undo for a copy.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addGuestSession,
  fill,
  localDate,
  locales,
  messages,
  quickAdd,
  setLocale,
  startAccount,
  onScreenOf,
  onScreen,
} from './helpers';

/** The first result each query must give in the add dialog, per language. */
const FIRST_RESULTS = {
  en: [
    { query: 'milk', first: /^Milk\b/ },
    { query: 'coffee', first: /^Coffee\b/ },
    { query: 'chiken', first: /^Chicken\b/ },
  ],
  ru: [
    { query: 'овсянка', first: /^Овсян/ },
    { query: 'молако', first: /^Молоко/ },
    { query: 'творог', first: /^Творог/ },
  ],
} as const;

async function openAdd(page: Page, locale: 'en' | 'ru', meal: 'breakfast' | 'lunch' = 'breakfast') {
  const t = messages[locale].diary;
  await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals[meal] }) }).click();
  await expect(page.getByPlaceholder(t.searchPlaceholder)).toBeFocused();
}

for (const mode of ['guest', 'account'] as const)
  for (const locale of locales) {
    test(
      `${mode}, ${locale}: search ranks everyday foods first and the keyboard logs them`,
      onScreenOf(locale),
      async ({ page, context }) => {
        test.setTimeout(60_000);
        const t = messages[locale].diary;
        if (mode === 'guest') await addGuestSession(context);
        else await startAccount(context);
        await setLocale(context, locale);
        await page.goto('/dashboard');

        await openAdd(page, locale);
        const search = page.getByPlaceholder(t.searchPlaceholder);
        // The results are named in the page's language, not cmdk's own English "Suggestions".
        await expect(page.getByRole('listbox', { name: t.search, exact: true })).toBeVisible();
        await expect(page.getByRole('listbox', { name: 'Suggestions' })).toHaveCount(0);
        for (const { query, first } of FIRST_RESULTS[locale]) {
          await search.fill(query);
          await expect(page.getByRole('option').first()).toHaveAccessibleName(first);
        }

        // The highlight follows the arrow keys, and Enter picks the highlighted food.
        await search.fill(FIRST_RESULTS[locale][0].query);
        const options = page.getByRole('option');
        await expect(options.first()).toHaveAttribute('aria-selected', 'true');
        await page.keyboard.press('ArrowDown');
        await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
        const second = (await options.nth(1).locator('span.font-medium').textContent()) ?? '';
        await page.keyboard.press('Enter');
        await expect(page.getByLabel(t.amount)).toBeFocused();
        await page.keyboard.press('Enter');

        // Logged into breakfast, and the focus is back on breakfast's Add button for the next one.
        const breakfast = page.getByTestId('meal-breakfast');
        await expect(breakfast.getByTestId('entry-row')).toHaveCount(1);
        await expect(breakfast.getByTestId('entry-row')).toContainText(second);
        await expect(
          breakfast.getByRole('button', { name: fill(t.addTo, { meal: t.meals.breakfast }) }),
        ).toBeFocused();
      },
    );
  }

test(
  'the keys typed while the add dialog opens are all kept',
  onScreen('desktop'),
  async ({ page, context }) => {
    const t = messages.en.diary;
    await addGuestSession(context);
    await setLocale(context, 'en');
    await page.goto('/dashboard');
    const add = page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) });
    await add.focus();
    // Enter opens the dialog; the next keys come at once, before the field can be there.
    await page.keyboard.press('Enter');
    await page.keyboard.type('banana', { delay: 0 });
    await expect(page.getByPlaceholder(t.searchPlaceholder)).toHaveValue('banana');
    await page.keyboard.type('s');
    await expect(page.getByPlaceholder(t.searchPlaceholder)).toHaveValue('bananas');
    // A Space on a button in the open dialog still works: the buffer stopped with the field.
    await page.getByRole('button', { name: t.quickAdd }).focus();
    await page.keyboard.press(' ');
    await expect(page.getByRole('dialog')).toHaveAccessibleName(t.quickAdd);
  },
);

// The bottom navigation is a phone layout.
test('the Saved toast never covers the phone navigation', onScreen('mobile'), async ({ page, context }) => {
  await addGuestSession(context);
  await setLocale(context, 'en');
  await page.goto('/dashboard');
  await quickAdd(page, 'en', '120');
  // The toast itself (components/ui/toaster.tsx), not Radix's off-screen announcement of it.
  const toast = page.locator('li[data-variant]').filter({ hasText: messages.en.diary.saved });
  await expect(toast).toBeVisible();
  const toastBox = await toast.boundingBox();
  const navBox = await page.getByTestId('bottom-nav').boundingBox();
  expect(toastBox && navBox).toBeTruthy();
  expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(navBox!.y);
});

for (const mode of ['guest', 'account'] as const)
  test(
    `${mode}: a copied meal can be taken back with Undo`,
    onScreen(mode === 'guest' ? 'mobile' : 'desktop'),
    async ({ page, context }) => {
      const t = messages.en.diary;
      if (mode === 'guest') await addGuestSession(context);
      else await startAccount(context);
      await setLocale(context, 'en');
      // Yesterday's lunch: two quick adds.
      await page.goto(`/dashboard?date=${localDate(-1)}`);
      await quickAdd(page, 'en', '200');
      await quickAdd(page, 'en', '150', '350');
      await page.goto('/dashboard');
      await page.getByRole('button', { name: fill(t.copyMeal, { meal: t.meals.lunch }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: t.copy, exact: true }).click();
      await expect(page.getByTestId('eaten-kcal')).toContainText('350');
      await page.getByRole('button', { name: t.undo }).click();
      await expect(page.getByTestId('meal-lunch').getByTestId('entry-row')).toHaveCount(0);
      await expect(page.getByTestId('eaten-kcal')).toContainText('0');
      // Yesterday keeps its own entries.
      await page.goto(`/dashboard?date=${localDate(-1)}`);
      await expect(page.getByTestId('eaten-kcal')).toContainText('350');
    },
  );
