// Activity on the diary: a kind of the MET table and its minutes, its kcal worked out from the
// day's weight and added to the day's budget; a tracker's active kcal; the day's list with a
// delete that can be undone; the share of activity in the budget from settings. A guest in
// English on the desktop; an account in Russian on the phone, offline too.
import { expect, test } from './fixtures';
import { fill, localDate, messages, onScreenOf, setOnline, startDiary, waitForController } from './helpers';
import { numbersIn, quickAddDay, seedDays } from './seed-days';
import { activityKcal } from '@/lib/diary/activity-kinds';
import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import type { Day } from '@/lib/schemas/day';

// This spec goes offline or reads the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

const GOAL = DEFAULT_GOAL_KCAL;
const EATEN = 1000;
const WEIGHT = 70;
// 30 minutes of running at 9.7 km/h for 70 kg, beyond resting.
const RUN = activityKcal('runningModerate', 30, WEIGHT);

for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: an activity adds to the day's budget, kept, deleted and brought back`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary.activities;
      await startDiary(context, mode, locale);
      const today = localDate();
      await seedDays(context, mode, locale, [quickAddDay(today, EATEN, GOAL, WEIGHT)], GOAL);
      await page.goto('/dashboard');
      const card = page.getByTestId('activity-card');
      const remaining = page.getByTestId('remaining-kcal');
      await expect(card.getByText(t.none)).toBeVisible();
      await expect.poll(async () => numbersIn(await remaining.innerText())).toEqual([GOAL - EATEN]);

      // A kind and its minutes: the kcal are worked out from today's weight before saving.
      await card.getByRole('button', { name: t.add }).click();
      const dialog = page.getByRole('dialog', { name: t.dialogTitle });
      await dialog.getByLabel(t.kind).selectOption('runningModerate');
      // Without minutes there is nothing to work out: the form says what it needs.
      await dialog.getByRole('button', { name: t.save }).click();
      await expect(dialog.getByLabel(t.minutes)).toHaveAttribute('aria-invalid', 'true');
      // A fraction of a minute is said to be one, not a range it is within; and a mended value
      // loses its red error at once, before the next Save.
      await dialog.getByLabel(t.minutes).fill('30.5');
      await dialog.getByRole('button', { name: t.save }).click();
      await expect(dialog.getByText(t.wholeMinutes)).toBeVisible();
      await dialog.getByLabel(t.minutes).fill('30');
      await expect(dialog.getByText(t.wholeMinutes)).toHaveCount(0);
      await expect(dialog.getByLabel(t.minutes)).not.toHaveAttribute('aria-invalid', 'true');
      await expect
        .poll(async () => numbersIn(await dialog.getByTestId('activity-hint').innerText()))
        .toContain(RUN);
      await dialog.getByRole('button', { name: t.save }).click();
      await expect(dialog).toBeHidden();
      await expect
        .poll(async () => numbersIn(await card.getByTestId('day-activity').innerText()))
        .toEqual([RUN]);
      await expect.poll(async () => numbersIn(await remaining.innerText())).toEqual([GOAL - EATEN + RUN]);
      expect(numbersIn(await page.getByTestId('activity-kcal').innerText())).toEqual([RUN]);

      // Kept: after a reload, and (an account) on the server.
      await page.reload();
      await expect.poll(async () => numbersIn(await remaining.innerText())).toEqual([GOAL - EATEN + RUN]);
      if (mode === 'account') {
        const day = (await (await context.request.get(`/api/days/${today}`)).json()) as Day;
        expect(day.activities).toEqual([
          expect.objectContaining({ kind: 'runningModerate', minutes: 30, kcal: RUN }),
        ]);

        // Offline: a tracker's active kcal show at once and reach the server once back online.
        await waitForController(page);
        await setOnline(context, false);
        await card.getByRole('button', { name: t.add }).click();
        await dialog.getByLabel(t.kind).selectOption('tracker');
        await dialog
          .getByLabel(fill(t.activeEnergy, { unit: messages[locale].units.names.kcal }))
          .fill('200');
        await dialog.getByRole('button', { name: t.save }).click();
        await expect
          .poll(async () => numbersIn(await card.getByTestId('day-activity').innerText()))
          .toEqual([RUN + 200]);
        await setOnline(context, true);
        await expect
          .poll(
            async () =>
              ((await (await context.request.get(`/api/days/${today}`)).json()) as Day).activities.length,
            {
              timeout: 15_000,
            },
          )
          .toBe(2);
      }

      // The day's list: delete the run, then take the delete back.
      const burned = mode === 'account' ? RUN + 200 : RUN;
      await card.getByTestId('activity-summary').click();
      const runName = t.kinds.runningModerate;
      await dialog.getByRole('button', { name: fill(t.delete, { name: runName }) }).click();
      await expect
        .poll(async () => numbersIn(await card.getByTestId('day-activity').innerText()))
        .toEqual([burned - RUN]);
      await page.getByRole('button', { name: t.undo }).click();
      await expect
        .poll(async () => numbersIn(await card.getByTestId('day-activity').innerText()))
        .toEqual([burned]);
      await expect.poll(async () => numbersIn(await remaining.innerText())).toEqual([GOAL - EATEN + burned]);

      // The week's budget on the stats page takes it too, and says how much.
      await page.goto('/stats');
      await expect
        .poll(async () => numbersIn(await page.getByTestId('week-activity').innerText()))
        .toEqual([burned]);
    },
  );

test(
  'guest, en: the share of activity in the budget, and an activity of its own name',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en.diary.activities;
    const tSettings = messages.en.settings.activityBudget;
    await startDiary(context, 'guest', 'en');
    await page.goto('/dashboard');
    const card = page.getByTestId('activity-card');
    await card.getByRole('button', { name: t.add }).click();
    const dialog = page.getByRole('dialog', { name: t.dialogTitle });
    await dialog.getByLabel(t.kind).selectOption('other');
    // No weight logged: something else needs its own name and figure.
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog.getByText(fill(t.nameNeeded, { max: '120' }))).toBeVisible();
    await dialog.getByLabel(t.name).fill('Lasertag');
    await dialog.getByLabel(t.minutes).fill('45');
    const kcalField = dialog.getByLabel(fill(t.energy, { unit: 'kcal' }));
    // Past the limit of one activity: refused, with the limit named.
    await kcalField.fill('20000');
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(
      dialog.getByText(fill(messages.en.diary.limits.activityKcal, { min: '1 kcal', max: '10,000 kcal' })),
    ).toBeVisible();
    await kcalField.fill('400');
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog).toBeHidden();
    const remaining = page.getByTestId('remaining-kcal');
    await expect.poll(async () => numbersIn(await remaining.innerText())).toEqual([GOAL + 400]);

    // Half of it in the budget, then none.
    await page.goto('/settings');
    const settings = page.getByTestId('activity-settings');
    await settings.getByRole('radio', { name: tSettings.share }).click();
    await expect(settings.getByLabel(tSettings.percent)).toHaveValue('50');
    await page.goto('/dashboard');
    await expect.poll(async () => numbersIn(await remaining.innerText())).toEqual([GOAL + 200]);
    await expect(card.getByTestId('day-activity')).toHaveText('400 kcal');
    await page.goto('/settings');
    await settings.getByRole('radio', { name: tSettings.none }).click();
    await expect(settings.getByTestId('activity-settings-hint')).toHaveText(tSettings.noneHint);
    await page.goto('/dashboard');
    await expect.poll(async () => numbersIn(await remaining.innerText())).toEqual([GOAL]);
    // The list names it as the user did.
    await card.getByTestId('activity-summary').click();
    await expect(dialog.getByTestId('activity-list').getByText('Lasertag')).toBeVisible();
  },
);
