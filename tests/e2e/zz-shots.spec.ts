import { test } from './fixtures';
import { fill, messages, quickAdd, setTheme, startDiary } from './helpers';

for (const locale of ['en', 'ru'] as const)
  for (const theme of ['light', 'dark'] as const)
    test(`shots ${locale} ${theme}`, async ({ page, context }, info) => {
      const t = messages[locale].diary;
      await startDiary(context, 'guest', locale);
      await setTheme(context, theme);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.breakfast }) }).click();
      await page.getByPlaceholder(t.searchPlaceholder).fill(locale === 'ru' ? 'банан' : 'banana');
      await page
        .getByRole('option', { name: locale === 'ru' ? /^Банан/ : /^Banana/ })
        .first()
        .click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots/amount-${info.project.name}-${locale}-${theme}.png` });
      await page.getByRole('button', { name: t.logIt }).click();
      await quickAdd(page, locale, '300', '');
      await page.getByTestId('nutrient-panel').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `/tmp/shots/panel-${info.project.name}-${locale}-${theme}.png`,
        fullPage: true,
      });
      await page
        .getByTestId('nutrient-panel')
        .getByRole('button', { name: messages[locale].nutrients.showAll })
        .click();
      await page
        .getByTestId('nutrient-panel')
        .screenshot({ path: `/tmp/shots/all-${info.project.name}-${locale}-${theme}.png` });
      await page.goto('/food');
      await page.getByRole('button', { name: messages[locale].food.newFood }).first().click();
      await page.getByRole('button', { name: /Fibre, salt|Волокна, соль/ }).click();
      await page.screenshot({
        path: `/tmp/shots/form-${info.project.name}-${locale}-${theme}.png`,
        fullPage: true,
      });
    });
