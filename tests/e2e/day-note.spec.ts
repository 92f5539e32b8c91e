// A day's note (issue 52): written on the diary, kept after a reload and (an account) on the
// server, printed in the report, found from the stats page; one past the limit stays whole in the
// box and is not saved. A
// guest in English on the desktop; an account in Russian on the phone.
import { expect, test } from './fixtures';
import { LIMITS } from '@/lib/limits';
import { fill, localDate, messages, numberText, onScreenOf, startDiary } from './helpers';

for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: a day's note is written, kept, printed, and one too long is not cut`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary.note;
      await startDiary(context, mode, locale);
      await page.goto('/dashboard');
      const card = page.getByTestId('note-card');
      await expect(card.getByTestId('day-note')).toHaveText(t.none);

      const note =
        locale === 'ru'
          ? 'Ужин в гостях: оливье на глаз.\nСпал 6 часов.'
          : 'Dinner out: guessed the pasta.\nSlept 6 h.';
      await card.getByRole('button', { name: t.add }).click();
      const box = card.getByRole('textbox', { name: t.label });
      await box.fill(`  ${note}  `);
      await box.press('Control+Enter');
      await expect(box).toBeHidden();
      await expect(card.getByTestId('day-note')).toHaveText(note);

      await page.reload();
      await expect(card.getByTestId('day-note')).toHaveText(note);
      if (mode === 'account') {
        const day = await context.request.get(`/api/days/${localDate()}`);
        expect(await day.json()).toMatchObject({ details: { note } });
      }

      // Pasted past the limit: all of it stays in the box, the message says by how much, nothing is saved.
      await card.getByRole('button', { name: t.edit }).click();
      const pasted = 'x'.repeat(LIMITS.dayNoteLength.max + 120);
      await box.fill(pasted);
      await expect(card.getByRole('alert')).toHaveText(
        fill(t.tooLong, { max: numberText(locale, LIMITS.dayNoteLength.max), over: numberText(locale, 120) }),
      );
      await expect(card.getByRole('button', { name: t.save })).toBeDisabled();
      await box.press('Control+Enter');
      await expect(box).toHaveValue(pasted);
      await box.press('Escape');
      await expect(card.getByTestId('day-note')).toHaveText(note);

      // The report of the week prints it under its day.
      await page.goto('/report');
      await expect(page.getByTestId('report-day').last().getByTestId('report-note')).toContainText(
        note.split('\n')[0]!,
      );

      // Found again from the stats page by a word of it, and opened on its day.
      await page.goto('/stats');
      const tStats = messages[locale].stats.notes;
      const search = page.getByRole('searchbox', { name: tStats.search });
      await search.fill(locale === 'ru' ? 'ОЛИВЬЕ' : 'PASTA');
      const results = page.getByTestId('note-results');
      await expect(results.getByRole('listitem')).toHaveCount(1);
      await results.getByRole('link').click();
      await expect(page).toHaveURL(/\/dashboard/);
      await expect(page.getByTestId('note-card').getByTestId('day-note')).toHaveText(note);
    },
  );
