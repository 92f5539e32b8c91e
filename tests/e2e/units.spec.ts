// Units: an American browser reads and types pounds and ounces from the start; switching units
// in settings (to metric, to kJ, back) changes what is shown and never a stored figure. Guest and
// account; English on the desktop from an en-US browser, Russian on the phone choosing US units.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fill, localDate, locales, messages, onScreenOf, startDiary } from './helpers';

/** What storage holds of today, as text: the guest's record, or the account's day from the API. */
async function storedToday(page: Page, mode: 'guest' | 'account'): Promise<{ text: string; weight: number }> {
  const date = localDate();
  if (mode === 'guest') {
    const text = await page.evaluate((key) => localStorage.getItem(key) ?? '', `dashboard-${date}`);
    return { text, weight: (JSON.parse(text) as { weight: number }).weight };
  }
  const day = (await (await page.request.get(`/api/days/${date}`)).json()) as { weight: number };
  return { text: JSON.stringify(day), weight: day.weight };
}

for (const mode of ['guest', 'account'] as const)
  for (const locale of locales)
    test.describe(() => {
      // The browser's country picks the units until the settings do: an American English one, a Russian one.
      test.use({ locale: locale === 'en' ? 'en-US' : 'ru-RU' });
      test(
        `${mode}, ${locale}: weighing in lb and logging in oz; switching units changes no stored figure`,
        onScreenOf(locale),
        async ({ page, context }) => {
          // Five pages, two dialogs and four reads of storage: past 30 s on a busy 2-core machine.
          test.slow();
          const t = messages[locale].diary;
          const tUnits = messages[locale].units;
          await startDiary(context, mode, locale);

          // An American browser starts in US units; a Russian one in metric, US one choice away.
          await page.goto('/settings');
          const system = page.getByTestId('unit-settings');
          await expect(
            system.getByRole('radio', { name: tUnits.systemsShort[locale === 'en' ? 'us' : 'metric'] }),
          ).toBeChecked();
          if (locale === 'ru') {
            await system.getByRole('radio', { name: tUnits.systemsShort.us }).click();
            await expect(system.getByRole('radio', { name: tUnits.systemsShort.us })).toBeChecked();
          }
          await page.goto('/dashboard');

          // 180.4 lb, typed as such, reads back as 180.4 lb.
          await page.getByRole('button', { name: t.logWeight }).click();
          const dialog = page.getByRole('dialog');
          await dialog
            .getByLabel(fill(t.weightLabel, { unit: tUnits.names.lb }))
            .fill(locale === 'ru' ? '180,4' : '180.4');
          await dialog.getByRole('button', { name: t.save }).click();
          await expect(dialog).toBeHidden();
          const lb = fill(tUnits.lb, { value: locale === 'ru' ? '180,4' : '180.4' });
          await expect(page.getByText(lb)).toBeVisible();

          // 6 oz of roasted chicken breast: 170.1 g, shown as 6 oz.
          await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) }).click();
          await page
            .getByPlaceholder(t.searchPlaceholder)
            .fill(locale === 'ru' ? 'куриная грудка' : 'chicken breast');
          await page.getByRole('option').first().click();
          const unit = page.getByLabel(t.unit, { exact: true });
          await unit.selectOption({ label: tUnits.ouncesOption });
          await page.getByLabel(t.amount, { exact: true }).fill('6');
          await page.getByRole('button', { name: t.logIt }).click();
          const row = page.getByTestId('meal-lunch').getByTestId('entry-row');
          await expect(row).toContainText(fill(tUnits.oz, { value: '6' }));
          const before = await storedToday(page, mode);
          expect(before.weight).toBeCloseTo(180.4 * 0.45359237, 9);
          expect(before.text).toContain('170.1');

          // Metric and kJ: the same figures, read otherwise; nothing stored changes.
          await page.goto('/settings');
          const units = page.getByTestId('unit-settings');
          await units.getByRole('radio', { name: tUnits.systemsShort.metric }).click();
          await units.getByRole('radio', { name: tUnits.energies.kj }).click();
          await expect(units.getByRole('radio', { name: tUnits.energies.kj })).toBeChecked();
          await page.goto('/dashboard');
          await expect(row).toContainText(fill(tUnits.g, { value: locale === 'ru' ? '170,1' : '170.1' }));
          await expect(
            page.getByText(fill(tUnits.kg, { value: locale === 'ru' ? '81,8' : '81.8' })),
          ).toBeVisible();
          await expect(page.getByTestId('eaten-kcal')).toContainText(tUnits.names.kj);
          expect(await storedToday(page, mode)).toEqual(before);

          // Back to US units and kcal: 180.4 lb and 6 oz again, and the weight dialog starts at 180.4.
          await page.goto('/settings');
          await units.getByRole('radio', { name: tUnits.systemsShort.us }).click();
          await units.getByRole('radio', { name: tUnits.energies.kcal }).click();
          await expect(units.getByRole('radio', { name: tUnits.energies.kcal })).toBeChecked();
          await page.goto('/dashboard');
          await expect(row).toContainText(fill(tUnits.oz, { value: '6' }));
          await expect(page.getByText(lb)).toBeVisible();
          await page.getByRole('button', { name: t.logWeight }).click();
          await expect(dialog.getByLabel(fill(t.weightLabel, { unit: tUnits.names.lb }))).toHaveValue(
            locale === 'ru' ? '180,4' : '180.4',
          );
          await page.keyboard.press('Escape');
          expect(await storedToday(page, mode)).toEqual(before);
          // The weight chart's axis says its unit (issue 48: its figures stood alone).
          await page.goto('/stats');
          await expect(page.getByTestId('weight-axis-unit')).toHaveText(tUnits.names.lb);
        },
      );
    });

test(
  'en: a UK reader weighs in stones and pounds, and the settings take a height in feet and inches',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en.diary;
    const tUnits = messages.en.units;
    const tSettings = messages.en.settings;
    await startDiary(context, 'guest', 'en');
    await page.goto('/settings');
    const units = page.getByTestId('unit-settings');
    await units.getByRole('radio', { name: tUnits.systemsShort.uk }).click();
    const form = page.getByTestId('goal-settings');
    await form
      .getByLabel(fill(tSettings.height, { unit: `${tUnits.names.ft} + ${tUnits.names.in}` }))
      .fill('5');
    await form.getByLabel(`${tUnits.heightName}: ${tUnits.names.in}`).fill('10');
    await form
      .getByLabel(fill(tSettings.weight, { unit: `${tUnits.names.st} + ${tUnits.names.lb}` }))
      .fill('12');
    await form.getByLabel(`${tUnits.weightName}: ${tUnits.names.lb}`).fill('6.5');
    await form.getByLabel(fill(tSettings.goalLabel, { unit: tUnits.names.kcal })).click();
    // Stored metric: 5 ft 10 in is 177.8 cm; 12 st 6.5 lb is 174.5 lb, 79.15 kg.
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('user-settings')!));
    await expect.poll(async () => (await stored()).height).toBeCloseTo(177.8, 6);
    await expect.poll(async () => (await stored()).weight).toBeCloseTo(174.5 * 0.45359237, 9);
    expect((await stored()).unitSystem).toBe('uk');

    await page.goto('/dashboard');
    await page.getByRole('button', { name: t.logWeight }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel(fill(t.weightLabel, { unit: `${tUnits.names.st} + ${tUnits.names.lb}` }))
      .fill('12');
    await dialog.getByLabel(`${t.weight}: ${tUnits.names.lb}`).fill('6.5');
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(fill(tUnits.st, { st: '12', lb: '6.5' }))).toBeVisible();
  },
);
