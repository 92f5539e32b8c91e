// Macro targets in settings, in percent of the goal or in grams, measured against on the diary.
// A guest in English on the desktop; an account in Russian on the phone.
import { expect, test } from './fixtures';
import { fill, messages, onScreenOf, startDiary } from './helpers';
import { numbersIn } from './seed-days';

for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: macro targets in percent, then in grams, then back to the default`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].settings.macroTargets;
      const tStats = messages[locale].stats;
      await startDiary(context, mode, locale);
      await page.goto('/settings');
      const card = page.getByTestId('macro-target-settings');
      const field = (key: 'protein' | 'fat' | 'carbs', unit: string) =>
        card.getByLabel(`${tStats[key]}, ${unit}`);
      // The default split, as percents.
      await expect(field('protein', '%')).toHaveValue('20');

      // 30 / 30 / 30 does not add up: said, and nothing saved.
      await field('protein', '%').fill('30');
      await field('carbs', '%').fill('30');
      await field('carbs', '%').blur();
      await expect(card.getByTestId('macro-target-status')).toHaveText(fill(t.sumWrong, { sum: '90' }));
      await field('carbs', '%').fill('40');
      await field('carbs', '%').blur();
      await expect(card.getByTestId('macro-target-status')).toHaveText(t.percentHint);
      await expect(card.getByRole('button', { name: t.reset })).toBeVisible();

      await page.goto('/dashboard');
      // 30 % of 2,500 kcal at 4 kcal a gram, 30 % at 9, 40 % at 4.
      const target = (key: string) => page.getByTestId(`target-${key}`);
      await expect.poll(async () => numbersIn(await target('protein').innerText())).toEqual([188]);
      expect(numbersIn(await target('fat').innerText())).toEqual([83]);
      expect(numbersIn(await target('carbs').innerText())).toEqual([250]);

      await page.goto('/settings');
      await card.getByRole('radio', { name: t.gramsOption }).click();
      // The split in grams at the goal, to start from.
      await expect(field('protein', t.grams)).toHaveValue('188');
      await field('protein', t.grams).fill('140');
      await field('protein', t.grams).blur();
      await expect(card.getByTestId('macro-target-status')).toHaveText(t.gramsHint);
      await page.goto('/dashboard');
      await expect.poll(async () => numbersIn(await target('protein').innerText())).toEqual([140]);
      await page.reload();
      await expect.poll(async () => numbersIn(await target('protein').innerText())).toEqual([140]);

      await page.goto('/settings');
      await card.getByRole('button', { name: t.reset }).click();
      await expect(field('protein', '%')).toHaveValue('20');
      await page.goto('/dashboard');
      await expect.poll(async () => numbersIn(await target('protein').innerText())).toEqual([125]);

      // Nutrient targets (issue 48): a bad "at least" marks that field alone, not the empty "at
      // most" beside it; and two nutrients typed one right after the other both stay saved.
      const tT = messages[locale].settings.nutrientTargets;
      const tN = messages[locale].nutrients.names;
      await page.goto('/settings');
      const targets = page.getByTestId('nutrient-target-settings');
      await targets.getByRole('button', { name: tT.edit }).click();
      const side = (key: 'iron' | 'zinc', which: 'min' | 'max') =>
        targets.getByLabel(fill(tT[which], { name: tN[key] }), { exact: true });
      await side('iron', 'min').fill('-3');
      await side('iron', 'min').blur();
      await expect(side('iron', 'min')).toHaveAttribute('aria-invalid', 'true');
      await expect(side('iron', 'max')).not.toHaveAttribute('aria-invalid');
      await side('iron', 'min').fill('20');
      await side('zinc', 'min').fill('12');
      await page.keyboard.press('Tab');
      await expect(side('iron', 'min')).not.toHaveAttribute('aria-invalid');
      await expect
        .poll(async () =>
          mode === 'guest'
            ? page.evaluate(() => JSON.parse(localStorage.getItem('user-settings')!).nutrientTargets)
            : (await (await context.request.get('/api/settings')).json()).nutrientTargets,
        )
        .toEqual({ iron: { min: 20 }, zinc: { min: 12 } });
      await page.reload();
      await targets.getByRole('button', { name: tT.edit }).click();
      await expect(side('iron', 'min')).toHaveValue('20');
      await expect(side('zinc', 'min')).toHaveValue('12');
    },
  );
