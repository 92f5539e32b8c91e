// Body measurements (issue 52): logged on the diary in the user's units, kept after a reload and
// (an account) on the server in cm, charted on the stats page. An account on a US profile (inches)
// on the desktop; a guest in Russian (cm) on the phone.
import { expect, test } from './fixtures';
import { fill, localDate, messages, onScreenOf, startDiary } from './helpers';
import type { Day } from '@/lib/schemas/day';

for (const [mode, locale, browserLocale] of [
  ['account', 'en', 'en-US'],
  ['guest', 'ru', 'ru-RU'],
] as const)
  test.describe(() => {
    test.use({ locale: browserLocale });

    test(
      `${mode}, ${browserLocale}: a waist and body fat are logged, kept, and charted`,
      onScreenOf(locale),
      async ({ page, context }) => {
        const t = messages[locale];
        const tm = t.diary.measures;
        const inches = locale === 'en';
        const unit = inches ? t.units.names.in : t.units.names.cm;
        await startDiary(context, mode, locale);

        await page.goto('/dashboard');
        const card = page.getByTestId('measures-card');
        await expect(card.getByTestId('day-measures')).toHaveText('—');
        await card.getByRole('button', { name: tm.log }).click();
        const dialog = page.getByRole('dialog', { name: tm.dialogTitle });
        const waist = dialog.getByLabel(fill(tm.fieldLabel, { name: tm.names.waist, unit }));
        // A typo is refused under its field, in the units typed; nothing is written.
        await waist.fill(inches ? '325' : '8250');
        await dialog.getByRole('button', { name: tm.save }).click();
        await expect(dialog.getByText(inches ? /3\.9 in.*118\.1 in/ : /10 см.*300 см/)).toBeVisible();
        await waist.fill(inches ? '32.5' : '82,5');
        await dialog.getByLabel(fill(tm.fieldLabel, { name: tm.names.bodyFat, unit: '%' })).fill('21');
        await dialog.getByRole('button', { name: tm.save }).click();
        await expect(dialog).toBeHidden();
        const shown = inches ? 'Waist 32.5 in · Body fat 21%' : /Талия 82,5 см · Жир 21\s?%/;
        await expect(card.getByTestId('day-measures')).toHaveText(shown);

        // Stored in cm whatever the units: 32.5 in is 82.55 cm.
        const stored = { waist: inches ? 82.55 : 82.5, bodyFat: 21 };
        if (mode === 'account')
          await expect
            .poll(
              async () =>
                ((await (await context.request.get(`/api/days/${localDate()}`)).json()) as Day).details,
            )
            .toEqual(stored);
        else
          await expect
            .poll(() =>
              page.evaluate(
                (date) => JSON.parse(localStorage.getItem(`dashboard-${date}`) ?? '{}').details,
                localDate(),
              ),
            )
            .toEqual(stored);
        await page.reload();
        await expect(page.getByTestId('measures-card').getByTestId('day-measures')).toHaveText(shown);

        // The stats: a chart for each measure taken, with its latest value.
        await page.goto('/stats');
        const stats = page.getByTestId('measures-stats');
        await expect(stats.getByRole('heading', { name: t.stats.measures.title })).toBeVisible();
        await expect(stats.getByTestId('measure-waist-latest')).toHaveText(inches ? '32.5 in' : '82,5 см');
        await expect(stats.getByTestId('measure-bodyFat-latest')).toHaveText(/21\s?%/);
        await expect(stats.getByTestId('measure-hips')).toHaveCount(0);
      },
    );
  });
