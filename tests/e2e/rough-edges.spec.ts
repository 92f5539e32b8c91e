import { expect, test } from './fixtures';
import {
  addGuestSession,
  fill,
  locales,
  messages,
  numberText,
  openPalette,
  quickAdd,
  setLocale,
  setTheme,
  severeAxeViolations,
  onScreen,
  onScreenOf,
  localDate,
  startAccount,
  type Locale,
  waitForHydration,
} from './helpers';
import type { Page } from '@playwright/test';

// Paths a newcomer met that stopped without a word: each now finishes or says why.

const macroKeys = ['protein', 'fat', 'carbs'] as const;

/** Quick-adds `kcal` with some grams of macros to lunch on the open dashboard. */
async function quickAddWithMacros(
  page: Page,
  locale: Locale,
  kcal: string,
  grams: Partial<Record<(typeof macroKeys)[number], string>>,
) {
  const t = messages[locale].diary;
  await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t.quickAdd }).click();
  await dialog.getByRole('textbox', { name: t.kcalShort, exact: true }).fill(kcal);
  for (const key of macroKeys)
    if (grams[key]) await dialog.getByRole('textbox', { name: t[key], exact: true }).fill(grams[key]);
  await dialog.getByRole('button', { name: t.logIt }).click();
  await expect(dialog).toHaveCount(0);
}

// A quick add's refusals under its fields: tests/components/quick-add-form.test.tsx.
for (const locale of locales) {
  test(
    `${locale}: a date that is no day shows today with a notice, and the address forgets it`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary;
      await addGuestSession(context);
      await setLocale(context, locale);
      const answer = await page.goto('/dashboard?date=2026-13-45');
      expect(answer?.status()).toBe(200);
      const notice = page.getByTestId('unknown-date-notice');
      await expect(notice).toHaveText(fill(t.unknownDate, { value: '2026-13-45' }));
      await expect(page.getByTestId('day-title')).toHaveText(t.today);
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard' && !url.searchParams.has('date'));
      // Today's diary works as ever, and the notice can be put away.
      await quickAdd(page, locale, '120');
      await notice.getByRole('button', { name: t.dismissNotice }).click();
      await expect(notice).toBeHidden();
      await page.reload();
      await expect(page.getByTestId('eaten-kcal')).toContainText('120');
      await expect(page.getByTestId('unknown-date-notice')).toHaveCount(0);
    },
  );
}

test(
  'the palette\u2019s "Add food" opens the add dialog on the diary page itself',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en;
    await addGuestSession(context);
    await setLocale(context, 'en');
    await page.goto('/dashboard');
    await expect(page.getByTestId('eaten-kcal')).toBeVisible();
    for (let round = 0; round < 2; round++) {
      const { dialog } = await openPalette(page);
      await dialog.getByRole('option', { name: t.palette.addFood }).click();
      const add = page.getByRole('dialog').filter({ has: page.getByPlaceholder(t.diary.searchPlaceholder) });
      await expect(add).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(add).toBeHidden();
    }
  },
);

for (const theme of ['light', 'dark'] as const)
  test(
    `${theme}: the "Over" figures of a day past its goal pass the contrast check`,
    onScreen(theme === 'light' ? 'desktop' : 'mobile'),
    async ({ page, context }) => {
      // Colours, not layout: light on the desktop, dark on the phone.
      await addGuestSession(context);
      await setLocale(context, 'en');
      await setTheme(context, theme);
      await page.goto('/dashboard');
      await quickAdd(page, 'en', '3000', '3,000');
      await expect(page.locator('[data-over="true"]').first()).toBeVisible();
      const contrast = (await severeAxeViolations(page)).filter(
        (violation) => violation.rule === 'color-contrast',
      );
      expect(contrast).toEqual([]);
    },
  );

for (const locale of locales)
  test(
    `${locale}: macro bars are labelled meters of grams against the goal's grams`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary;
      await addGuestSession(context);
      await setLocale(context, locale);
      await page.goto('/dashboard');
      // 500 kcal with 25 g of protein: the default goal of 2,500 kcal suggests 20 % protein, 125 g.
      await quickAddWithMacros(page, locale, '500', { protein: '25' });
      await expect(page.getByTestId('eaten-kcal')).toContainText('500');
      const protein = page.getByRole('meter', { name: t.protein });
      await expect(protein).toHaveAttribute('aria-valuenow', '20');
      await expect(page.getByTestId('total-protein')).toHaveText(fill(t.grams, { value: '25' }));
      await expect(page.getByTestId('target-protein')).toHaveText(fill(t.macroTarget, { value: '125' }));
      await expect(page.getByRole('meter', { name: t.fat })).toHaveAttribute(
        'aria-valuetext',
        fill(t.macroMeter, { grams: '0', target: '83' }),
      );

      // Four-figure grams take a second line: a target keeps its unit, and the bars stay level.
      await quickAddWithMacros(page, locale, '5000', { carbs: '1200' });
      await expect(page.getByTestId('total-carbs')).toHaveText(
        fill(t.grams, { value: numberText(locale, 1200) }),
      );
      for (const key of macroKeys)
        expect(await page.getByTestId(`target-${key}`).evaluate((span) => span.getClientRects().length)).toBe(
          1,
        );
      const barTops = await Promise.all(
        macroKeys.map((key) =>
          page
            .getByRole('meter', { name: t[key] })
            .evaluate((bar) => Math.round(bar.getBoundingClientRect().top)),
        ),
      );
      expect(new Set(barTops).size, `bar tops ${barTops.join(', ')}`).toBe(1);
    },
  );

for (const locale of locales)
  test(
    `${locale}: the landing page\u2019s example day adds up, and has no controls that do nothing`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].landing.preview;
      await setLocale(context, locale);
      await page.goto('/');
      const preview = page.getByRole('figure', { name: t.label });
      await expect(preview).toBeVisible();
      const rows = (['breakfast', 'lunch', 'snacks'] as const).map((meal) =>
        preview.getByRole('listitem').filter({ hasText: t[meal] }),
      );
      for (const row of rows) await expect(row).toBeVisible();
      const mealKcal = await Promise.all(
        rows.map(async (row) => Number(/(\d+)$/.exec((await row.innerText()).replace(/[\s,]/g, ''))?.[1])),
      );
      // Eaten is the meals' sum, written the locale's way ("1 340" in Russian).
      const eaten = mealKcal.reduce((sum, kcal) => sum + kcal, 0);
      await expect(preview.getByRole('strong')).toHaveText(numberText(locale, eaten));
      await expect(preview.locator('button, a, [role="button"]')).toHaveCount(0);
    },
  );

for (const locale of locales)
  test(
    `${locale}: stats show macros per logged day, tables in the locale's numbers, calendar days open the diary`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].stats;
      await addGuestSession(context);
      await setLocale(context, locale);
      // Two logged days with 35 g of protein between them: 17.5 g on an average day, not 35.
      await page.goto(`/dashboard?date=${localDate(-1)}`);
      await quickAddWithMacros(page, locale, '300', { protein: '5' });
      await page.goto('/dashboard');
      await quickAddWithMacros(page, locale, '1250', { protein: '30' });
      await page.goto('/stats');
      await expect(page.getByTestId('macro-protein')).toContainText(
        fill(t.macroValue, { grams: numberText(locale, 17.5), share: 100 }),
      );
      const table = page.getByRole('region', { name: t.kcalChart });
      await table.getByText(t.showTable).click();
      await expect(table.getByRole('cell', { name: numberText(locale, 1250), exact: true })).toBeVisible();
      await expect(table.getByRole('cell', { name: '300', exact: true })).toBeVisible();
      const calendar = page.getByRole('region', { name: t.calendar });
      // A day of this month that is not today (today opens the plain /dashboard).
      const pick = new Date().getDate() === 1 ? 2 : 1;
      await calendar
        .getByRole('button')
        .filter({ hasText: new RegExp(`^${pick}$`) })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/dashboard\\?date=\\d{4}-\\d{2}-0${pick}$`));
    },
  );

for (const locale of locales)
  test(
    `${locale}: the copy calendar marks the days that have food`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary;
      await addGuestSession(context);
      await setLocale(context, locale);
      await page.goto('/dashboard');
      await quickAdd(page, locale, '420');
      await page.getByRole('button', { name: t.copyDay }).click();
      const dialog = page.getByRole('dialog');
      // Today, the one day with food, is named as the locale writes a date ("26 ноября 2026 г.").
      const today = await page.evaluate(
        (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date()),
        locale,
      );
      const marked = dialog.getByRole('button', { name: new RegExp(`, ${t.dayHasFood}$`) });
      await expect(marked).toHaveCount(1);
      await expect(marked).toHaveAccessibleName(`${today}, ${t.dayHasFood}`);
    },
  );

test(
  'ru: the palette\u2019s list of suggestions is named in Russian',
  onScreenOf('ru'),
  async ({ page, context }) => {
    await addGuestSession(context);
    await setLocale(context, 'ru');
    await page.goto('/dashboard');
    const { dialog } = await openPalette(page, 'ru');
    await expect(dialog.getByRole('listbox', { name: messages.ru.palette.suggestions })).toBeVisible();
    await expect(dialog.getByRole('listbox', { name: 'Suggestions' })).toHaveCount(0);
  },
);

test(
  'account: foods copied in one go come back in their order after a reload',
  onScreenOf('en'),
  async ({ page, context }) => {
    // Six entries logged one by one through the API before the copy.
    test.slow();
    const t = messages.en.diary;
    await startAccount(context);
    await setLocale(context, 'en');
    await page.goto(`/dashboard?date=${localDate(-1)}`);
    const kcal = ['101', '202', '303', '404', '505', '606'];
    let total = 0;
    for (const value of kcal) {
      total += Number(value);
      await quickAdd(page, 'en', value, total.toLocaleString('en-US'));
    }
    await page.goto('/dashboard');
    await page.getByRole('button', { name: t.copyDay }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t.copy, exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    const rows = page.getByTestId('entry-row');
    await expect(rows).toHaveCount(kcal.length);
    const shown = (await rows.allInnerTexts()).map((text) => /(\d{3})/.exec(text)?.[1]);
    expect(shown).toEqual(kcal);
  },
);

test(
  'desktop: the first meal\u2019s Add is a few Tabs after the skip link',
  onScreenOf('en'),
  async ({ page, context }) => {
    await addGuestSession(context);
    await setLocale(context, 'en');
    await page.goto('/dashboard');
    await expect(page.getByTestId('eaten-kcal')).toBeVisible();
    // A guest's meals are drawn in the browser: before that, the Tabs would count a page without them.
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: messages.en.app.skipToContent })).toBeFocused();
    await page.keyboard.press('Enter');
    const add = page.getByRole('button', {
      name: fill(messages.en.diary.addTo, { meal: messages.en.diary.meals.breakfast }),
    });
    // Tab on until the first meal's Add: nothing of the day's column (its navigator, summary,
    // weight and copy) comes before it, and only the meal's own buttons do.
    const passed: string[] = [];
    while (passed.length < 10 && !(await add.evaluate((button) => button === document.activeElement))) {
      await page.keyboard.press('Tab');
      passed.push(
        await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement | null;
          return `${focused?.closest('[data-testid^="meal-"]') ? 'meal' : 'other'}:${focused?.getAttribute('aria-label') ?? focused?.textContent?.trim() ?? ''}`;
        }),
      );
    }
    expect(passed.at(-1)).toBe(
      `meal:${fill(messages.en.diary.addTo, { meal: messages.en.diary.meals.breakfast })}`,
    );
    expect(passed.filter((stop) => !stop.startsWith('meal:'))).toEqual([]);
  },
);

test(
  'ru: a record that cannot be read is described in Russian, by what it held',
  onScreenOf('ru'),
  async ({ page, context }) => {
    const t = messages.ru.settings;
    await addGuestSession(context);
    await setLocale(context, 'ru');
    await context.addInitScript(() => {
      if (!localStorage.getItem('dashboard-2020-01-01'))
        localStorage.setItem('dashboard-2020-01-01', '{broken');
    });
    await page.goto('/settings');
    const problems = page.locator('#data-problems');
    await expect(problems).toContainText(fill(t.problemDay, { date: '1 января 2020 г.' }));
    await expect(problems).toContainText(t.problemCause.notJson);
    await expect(problems).not.toContainText('not JSON');
  },
);

// A new food of a name and its kcal alone: tests/components/food-form.test.tsx.

test(
  'the phone\u2019s Back closes the copy dialog and stays on the diary',
  onScreenOf('ru'),
  async ({ page, context }) => {
    const t = messages.ru.diary;
    await addGuestSession(context);
    await setLocale(context, 'ru');
    await page.goto('/stats');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: t.copyDay }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  },
);

for (const locale of locales)
  test(
    `${locale}: the palette finds any food, the catalog\u2019s too, and opens it ready to log`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale];
      const typed = locale === 'ru' ? 'гречка' : 'buckwheat';
      await addGuestSession(context);
      await setLocale(context, locale);
      await page.goto('/stats');
      const { dialog, input } = await openPalette(page, locale);
      await input.fill(typed);
      await dialog.getByRole('option', { name: fill(t.palette.logSearch, { query: typed }) }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
      const add = page.getByRole('dialog');
      await expect(add.getByPlaceholder(t.diary.searchPlaceholder)).toHaveValue(typed);
      // A catalog food (the user has none of their own), picked and logged from here.
      const first = add.getByRole('option').first();
      await expect(first).toContainText(locale === 'ru' ? /греч/i : /buckwheat/i);
      await first.click();
      await add.getByRole('button', { name: t.diary.logIt }).click();
      await expect(add).toBeHidden();
      await expect(page.getByTestId('entry-row')).toHaveCount(1);
    },
  );

test(
  'a saved meal reads as its kcal and foods, in the language in use',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en.diary;
    await addGuestSession(context);
    await setLocale(context, 'en');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) }).click();
    await page.getByRole('button', { name: t.pickSeveral }).click();
    const search = page.getByPlaceholder(t.searchPlaceholder);
    for (const food of ['banana', 'tomato']) {
      await search.fill(food);
      await page.getByRole('option').first().click();
    }
    await page.getByRole('button', { name: 'Continue with 2 foods' }).click();
    await page.getByTestId('several-foods').getByRole('button', { name: 'Add 2 foods to the diary' }).click();
    const lunch = page.getByTestId('meal-lunch');
    await expect(lunch.getByTestId('entry-row')).toHaveCount(2);
    const eaten = (await page.getByTestId('eaten-kcal').innerText()).replace(/\D/g, '');
    await lunch.getByRole('button', { name: fill(t.saveMealTitle, { meal: t.meals.lunch }) }).click();
    const save = page.getByTestId('save-meal');
    await save.getByLabel(t.mealName).fill('Desk lunch');
    await save.getByRole('button', { name: t.saveMeal }).click();
    await expect(save).toBeHidden();

    await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.dinner }) }).click();
    await expect(page.getByRole('option', { name: /^Desk lunch/ })).toContainText(
      `${Number(eaten).toLocaleString('en-US')} kcal, 2 foods`,
    );
    // Logged again, the banana eaten as one serving comes back as one serving, not as 118 g.
    await page.getByRole('option', { name: /^Desk lunch/ }).click();
    const several = page.getByTestId('several-foods');
    const banana = several.getByRole('listitem').filter({ hasText: /banana/i });
    await expect(banana.getByRole('textbox')).toHaveValue('1');
    // The measure is a choice now: the one chosen is the banana's, not grams.
    const measure = banana.getByRole('combobox', { name: /banana/i });
    await expect(measure.locator('option:checked')).toContainText('medium banana');
    await expect(measure.locator('option:checked')).not.toHaveText(messages.en.diary.unitGrams);
    // Issue 48: the name had a narrow slot beside the amount and was cut; it has the row now.
    const [nameBox, rowBox] = await Promise.all([
      banana.locator('label').boundingBox(),
      banana.boundingBox(),
    ]);
    expect(nameBox!.width).toBeGreaterThan(rowBox!.width * 0.6);
    // ...and the measure can be changed: the same banana counted in grams, its kcal unchanged.
    const figure = (await banana.locator('label').textContent())!;
    await measure.selectOption({ label: messages.en.diary.unitGrams });
    await expect(banana.getByRole('textbox')).toHaveValue(/^1\d\d(\.\d)?$/);
    await expect(banana.locator('label')).toHaveText(figure);
    await page.keyboard.press('Escape');

    await setLocale(context, 'ru');
    await page.goto('/food');
    const row = page.getByTestId('food-row').filter({ hasText: 'Desk lunch' });
    await expect(row).toContainText(/ккал, 2 продукта/);
    await expect(row).not.toContainText('1 meal');
  },
);
