// Saying what was eaten (issue 49): a query with an amount reads as the add dialog's first row
// and Enter logs it; Describe a meal reads several foods, typed or dictated, into rows to check
// and change before one "Add N foods"; offline too; the usual foods of a meal and Same as
// yesterday are one tap away.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  fill,
  localDate,
  messages,
  onScreenOf,
  setOnline,
  startDiary,
  waitForHydration,
  type Locale,
} from './helpers';
import type { Day } from '@/lib/schemas/day';

// This spec goes offline or reads the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

async function openAdd(page: Page, locale: Locale, meal: 'breakfast' | 'lunch' = 'lunch') {
  const t = messages[locale].diary;
  await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals[meal] }) }).click();
  await expect(page.getByPlaceholder(t.searchPlaceholder)).toBeFocused();
}

const bread = {
  en: { query: '2 slices of bread', name: 'White bread', detail: '2 × slice · 56 g · 148 kcal' },
  ru: { query: '3 ломтика хлеба', name: 'Хлеб белый', detail: '3 × ломтик · 84 г · 223 ккал' },
} as const;

for (const locale of ['en', 'ru'] as const) {
  for (const mode of ['guest', 'account'] as const) {
    test(
      `a query with an amount logs with Enter (${locale}, ${mode})`,
      onScreenOf(locale),
      async ({ page, context }) => {
        const t = messages[locale].diary;
        await startDiary(context, mode, locale);
        await page.goto('/dashboard');
        await waitForHydration(page);
        await openAdd(page, locale);
        await page.getByPlaceholder(t.searchPlaceholder).fill(bread[locale].query);
        const reading = page.getByRole('group', { name: t.describe.reading }).getByRole('option');
        await expect(reading).toHaveCount(1);
        await expect(reading).toContainText(bread[locale].name);
        await expect(reading).toContainText(bread[locale].detail);
        // The results below are bread's, for picking another kind with the same amount.
        await expect(page.getByRole('group', { name: t.results }).getByRole('option').first()).toBeVisible();
        await page.keyboard.press('Enter');
        const rows = page.getByTestId('meal-lunch').getByTestId('entry-row');
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toContainText(bread[locale].name);
        await expect(rows.first()).toContainText(locale === 'en' ? '148' : '223');
        // Still there after a reload: it was written, not only drawn.
        await page.reload();
        await expect(page.getByTestId('meal-lunch').getByTestId('entry-row')).toHaveCount(1);
      },
    );
  }
}

test(
  'a word the catalog lacks logs nothing in its place (en, guest)',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en;
    await startDiary(context, 'guest', 'en');
    await page.goto('/dashboard');
    await waitForHydration(page);
    await openAdd(page, 'en');
    const search = page.getByPlaceholder(t.diary.searchPlaceholder);
    // Only "phosphate" holds the letters of "pho": creating the food comes first, named without the bowl.
    await search.fill('a bowl of pho');
    const options = page.getByRole('option');
    await expect(options.first()).toHaveText(fill(t.ui.create, { label: 'pho' }));
    // Without an amount, "vanilla latte" lists the latte before vanilla ice cream.
    await search.fill('vanilla latte');
    await expect(
      page.getByRole('group', { name: t.diary.results }).getByRole('option').first(),
    ).toContainText('Caffè latte');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toContainText('Caffè latte');
    await expect(page.getByLabel(t.diary.amount, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // Describe a meal: the latte is read with its mark; the pho is named as found nowhere.
    await openAdd(page, 'en', 'breakfast');
    await page.getByRole('button', { name: t.diary.describe.open }).click();
    await page.getByLabel(t.diary.describe.label).fill('vanilla latte and a bowl of pho');
    const rows = page.getByTestId('several-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Caffè latte');
    await expect(page.getByTestId('describe-unfound')).toContainText('pho');

    // The food library lists breads for a portion of bread.
    await page.keyboard.press('Escape');
    await page.goto('/food');
    await page.getByRole('searchbox', { name: t.food.search }).fill('2 slices of bread');
    await expect(page.getByTestId('catalog-row').first()).toContainText(/bread/i);
  },
);

const meal = {
  en: {
    text: 'two eggs, a slice of toast and 1 cup of coffee\nzzqx',
    rows: 3,
    unfound: 'zzqx',
    change: { row: 0, to: /Egg, whole, raw/ },
  },
  ru: {
    text: 'два яйца, ломтик хлеба и чашка кофе\nzzqx',
    rows: 3,
    unfound: 'zzqx',
    change: { row: 0, to: /Яйцо куриное сырое/ },
  },
} as const;

for (const locale of ['en', 'ru'] as const) {
  test(
    `Describe a meal reads, changes and adds offline (${locale}, account)`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary;
      await startDiary(context, 'account', locale);
      await page.goto('/dashboard');
      await waitForHydration(page);
      // The catalog's files come once online; after that the reading needs no network.
      await openAdd(page, locale);
      await page.getByPlaceholder(t.searchPlaceholder).fill(locale === 'en' ? 'egg' : 'яйцо');
      await expect(page.getByRole('group', { name: t.results }).getByRole('option').first()).toBeVisible();
      await page.keyboard.press('Escape');
      await setOnline(context, false);

      await openAdd(page, locale, 'breakfast');
      await page.getByRole('button', { name: t.describe.open }).click();
      const box = page.getByLabel(t.describe.label);
      await expect(box).toBeFocused();
      await box.fill(meal[locale].text);
      const rows = page.getByTestId('several-row');
      await expect(rows).toHaveCount(meal[locale].rows);
      // What found no food is named, with a way to search for it.
      await expect(page.getByTestId('describe-unfound')).toContainText(
        fill(t.describe.notFound, { text: meal[locale].unfound }),
      );
      // Take another food for the eggs: the count of two is kept.
      const eggs = rows.nth(meal[locale].change.row);
      const foodSelect = eggs.getByRole('combobox').first();
      const option = foodSelect.locator('option', { hasText: meal[locale].change.to });
      await foodSelect.selectOption({ label: (await option.first().textContent())! });
      await expect(eggs).toContainText(meal[locale].change.to);
      await expect(eggs.getByRole('textbox')).toHaveValue('2');
      // Leave the coffee out.
      await rows.nth(2).getByRole('button').click();
      await expect(rows).toHaveCount(2);
      // Typing further keeps the rows already changed.
      await box.press('End');
      await box.pressSequentially(locale === 'en' ? ', banana' : ', банан');
      await expect(rows).toHaveCount(3);
      await expect(rows.first()).toContainText(meal[locale].change.to);
      const add = page.getByTestId('several-foods').locator('button[type=submit]');
      await expect(add).toContainText('3');
      await add.click();
      const logged = page.getByTestId('meal-breakfast').getByTestId('entry-row');
      await expect(logged).toHaveCount(3);
      await expect(logged.first()).toContainText(meal[locale].change.to);
      await setOnline(context, true);
      // Back online, the three reach the server, and a reload shows them from there.
      await expect
        .poll(
          async () =>
            (((await (await context.request.get(`/api/days/${localDate()}`)).json()) as Day).entries ?? [])
              .length,
        )
        .toBe(3);
      await page.reload();
      await expect(page.getByTestId('meal-breakfast').getByTestId('entry-row')).toHaveCount(3);
    },
  );
}

/** A fake speech recognition, as the browser's would answer: one final phrase on start. */
function fakeSpeech(heard: string) {
  return `window.SpeechRecognition = class {
    start() { setTimeout(() => { this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: ${JSON.stringify(heard)} }], { isFinal: true })] }); this.onend?.(); }, 50); }
    stop() { this.onend?.(); }
    abort() {}
  };`;
}

test(
  'Describe a meal takes dictation in the interface language (en, guest)',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en.diary;
    await startDiary(context, 'guest', 'en');
    await context.addInitScript({ content: fakeSpeech('a banana and 200 ml of milk') });
    await page.goto('/dashboard');
    await waitForHydration(page);
    await openAdd(page, 'en');
    await page.getByRole('button', { name: t.describe.open }).click();
    await expect(page.getByText(t.describe.dictationPrivacy)).toBeVisible();
    await page.getByRole('button', { name: t.describe.dictate }).click();
    await expect(page.getByLabel(t.describe.label)).toHaveValue('a banana and 200 ml of milk');
    const rows = page.getByTestId('several-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Banana');
    await expect(rows.nth(1).getByRole('textbox')).toHaveValue(/^20\d(\.\d)?$/);
  },
);

function bananaBreakfast(date: string, hour: number): Day {
  const at = `${date}T0${hour}:00:00.000Z`;
  return {
    date,
    goal: 2000,
    weight: null,
    water: 0,
    activities: [],
    entries: [
      {
        id: `1b7f3c1e-8d2a-4c5b-9e6f-${date.replaceAll('-', '').padStart(12, '0')}`,
        meal: 'breakfast',
        food: 'c:banana',
        name: 'Banana',
        amount: 1,
        unit: 'serving',
        grams: 118,
        kcal: 105,
        protein: 1.3,
        fat: 0.4,
        carbs: 27,
        loggedAt: at,
        updatedAt: at,
      },
    ],
    updatedAt: at,
  };
}

test(
  'the usual foods of a meal and Same as yesterday (ru, guest)',
  onScreenOf('ru'),
  async ({ page, context }) => {
    const t = messages.ru.diary;
    await startDiary(context, 'guest', 'ru');
    const days = [bananaBreakfast(localDate(-2), 7), bananaBreakfast(localDate(-1), 8)];
    await context.addInitScript((records) => {
      if (localStorage.getItem('seeded')) return;
      for (const day of records) localStorage.setItem(`dashboard-${day.date}`, JSON.stringify(day));
      localStorage.setItem('seeded', '1');
    }, days);
    await page.goto('/dashboard');
    await waitForHydration(page);
    await openAdd(page, 'ru', 'breakfast');
    const usual = page.getByRole('group', { name: t.describe.usual });
    await expect(usual.getByRole('option', { name: /Банан/ })).toBeVisible();
    await usual.getByRole('option', { name: new RegExp(t.describe.sameAsYesterday) }).click();
    await expect(page.getByTestId('meal-breakfast').getByTestId('entry-row')).toHaveCount(1);
    // Lunch has no usual foods: nothing is offered there.
    await openAdd(page, 'ru', 'lunch');
    await expect(page.getByRole('group', { name: t.describe.usual })).toHaveCount(0);
  },
);

test(
  'a first visit answers over the whole catalog before the table is in (en, guest)',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en.diary;
    await startDiary(context, 'guest', 'en');
    // The table's files wait (a phone's first visit takes seconds); the server's bridge answers.
    let releaseTable!: () => void;
    const tableHeld = new Promise<void>((resolve) => (releaseTable = resolve));
    await context.route('**/catalog/usda/**', async (route) => {
      await tableHeld;
      await route.continue();
    });
    await page.goto('/dashboard');
    await waitForHydration(page);
    await openAdd(page, 'en');
    // Acerola is a row of the USDA table only.
    await page.getByPlaceholder(t.searchPlaceholder).fill('acerola');
    await expect(page.getByRole('option', { name: /Acerola, \(west indian cherry\), raw/ })).toBeVisible();
    await expect(page.getByTestId('table-bridge-note')).toHaveText(t.tableBridge);
    releaseTable();
    // Once the table is in, nothing more is sent and the note goes.
    await expect(page.getByTestId('table-bridge-note')).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole('option', { name: /Acerola, \(west indian cherry\), raw/ })).toBeVisible();
  },
);
