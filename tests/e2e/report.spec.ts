// The printable report of a period: reached from the stats page, the days with what was eaten
// meal by meal against each day's goal, the weight, water and activity, and the period's
// averages, in the user's language; the page's controls and the app's bars stay out of the
// print. A guest in English on the desktop; an account in Russian on the phone.
import { expect, test } from './fixtures';
import { backgroundLuminance, fill, localDate, messages, onScreenOf, setTheme, startDiary } from './helpers';
import { numbersIn, quickAddDay, seedDays } from './seed-days';
import { addDays } from '@/lib/diary/dates';
import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';

for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: a week's report to print, from the stats page`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].report;
      await startDiary(context, mode, locale);
      // The account reads it in the dark theme: paper is white all the same.
      if (mode === 'account') await setTheme(context, 'dark');
      const today = localDate();
      const run = {
        id: crypto.randomUUID(),
        kind: 'runningSlow',
        minutes: 40,
        kcal: 410,
        loggedAt: `${today}T07:00:00.000Z`,
      };
      await seedDays(
        context,
        mode,
        locale,
        [
          quickAddDay(addDays(today, -2), 1800, 2000, 72.4, 1500),
          { ...quickAddDay(today, 2200, 2000, 72.0), activities: [run] },
        ],
        DEFAULT_GOAL_KCAL,
      );
      await page.goto('/stats');
      await page.getByTestId('report-link').click();
      await expect(page).toHaveURL(/\/report$/);
      const report = page.getByTestId('report');
      // The last 7 days: two of them logged, 2,000 kcal on average against a 2,000 goal.
      const summary = report.getByTestId('report-summary');
      await expect(summary).toBeVisible();
      expect(numbersIn(await summary.innerText())).toEqual(expect.arrayContaining([2, 7, 2000]));
      await expect(report.getByTestId('report-day')).toHaveCount(7);
      const last = report.getByTestId('report-day').last();
      expect(numbersIn(await last.innerText())).toEqual(expect.arrayContaining([2200, 2000, 410]));
      await expect(report.getByTestId('report-day').nth(5)).toContainText(t.nothingLogged);

      // A period past the limit is refused with a message, and nothing to print.
      await page.getByLabel(t.from, { exact: true }).fill(addDays(today, -100));
      await expect(page.getByText(fill(t.periodInvalid, { max: '92' }))).toBeVisible();
      await expect(page.getByRole('button', { name: t.print })).toBeDisabled();
      await page.getByRole('button', { name: /14/ }).click();
      await expect(report.getByTestId('report-day')).toHaveCount(14);

      // In print, the report alone: no bars, no controls.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('bottom-nav')).toBeHidden();
      await expect(page.getByRole('button', { name: t.print })).toBeHidden();
      await expect(report).toBeVisible();
      expect(await backgroundLuminance(page)).toBeGreaterThan(0.9);
    },
  );
