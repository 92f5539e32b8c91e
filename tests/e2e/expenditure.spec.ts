// The energy expenditure learnt from a diary, as a user meets it on the stats page: what it
// needs before there is enough, then four weeks of eating about 2,000 kcal while the weight
// falls, the estimate with its interval and confidence, and its goal for losing 0.5 kg a week
// made the diary's goal, reaching the diary's day. A guest in English on the desktop, an account in
// Russian on the phone.
import { expect, test } from './fixtures';
import { localDate, messages, onScreenOf, startDiary } from './helpers';
import { numbersIn, quickAddDay, seedDays } from './seed-days';
import { estimateExpenditure, goalForRate, KCAL_PER_KG, NEEDS } from '@/lib/diary/expenditure';
import type { Day } from '@/lib/schemas/day';

/**
 * Four weeks up to today of eating about 2,000 kcal (one quick add a day) at a true expenditure
 * of 2,500: the weight falls about 0.45 kg a week, each morning's weigh-in scattered by up to
 * 0.3 kg. Deterministic, so the test knows the estimate the page must show.
 */
/** The diary's goal, on every day and in the settings. */
const GOAL = 2100;

function fourWeeks(): Day[] {
  const days: Day[] = [];
  let tissue = 82;
  for (let back = 27; back >= 0; back--) {
    const date = localDate(-back);
    const kcal = 2000 + (((back * 37) % 7) - 3) * 60;
    const weight = Math.round((tissue + (((back * 53) % 5) - 2) * 0.15) * 10) / 10;
    tissue += (kcal - 2500) / KCAL_PER_KG;
    days.push(quickAddDay(date, kcal, GOAL, weight));
  }
  return days;
}

/** The digits of a text: "2,510 kcal a day" and "2 510 ккал в день" both give 2510. */
const digits = (text: string) => Number(text.replace(/\D/g, ''));

// The card itself in both languages (what it needs, the estimate, the rate, the goal) is the
// component tier's (tests/components/expenditure-card.test.tsx); here each mode once, a guest in
// English on the desktop and an account in Russian on the phone.
for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: the expenditure waits for enough data, then learns 2,500 kcal from four weeks and sets a goal`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].stats.expenditure;
      await startDiary(context, mode, locale);

      // A new diary: what the estimate still needs.
      await page.goto('/stats');
      const card = page.getByTestId('expenditure');
      await expect(card.getByRole('heading', { name: t.title })).toBeVisible();
      await expect(card.getByTestId('expenditure-needs')).toContainText(t.needs.loggedDays);
      await expect(card.getByTestId('expenditure-needs')).toContainText(
        t.progress.replace('{have}', '0').replace('{need}', String(NEEDS.loggedDays)),
      );

      const days = fourWeeks();
      await seedDays(context, mode, locale, days, GOAL);
      const expected = estimateExpenditure(
        days.map((day) => ({ date: day.date, kcal: day.entries[0]!.kcal, logged: true })),
        days.map((day) => ({ date: day.date, weight: day.weight! })),
        localDate(),
      );
      if (!expected.ok) throw new Error('the simulated diary must be enough');
      expect(Math.abs(expected.kcal - 2500)).toBeLessThanOrEqual(100);

      await page.reload();
      await expect(card.getByTestId('expenditure-kcal')).toBeVisible();
      expect(digits(await card.getByTestId('expenditure-kcal').innerText())).toBe(expected.kcal);
      const interval = await card.getByTestId('expenditure-interval').innerText();
      expect(numbersIn(interval)).toEqual([expected.low, expected.high]);
      await expect(card.getByTestId('expenditure-confidence')).toHaveText(t.confidence[expected.confidence]);
      // The week's chart draws it against what was eaten.
      expect(numbersIn(await page.getByTestId('kcal-chart-legend').innerText())).toEqual([expected.kcal]);

      // Losing 0.5 kg a week is offered first: its goal becomes the diary's.
      const goal = goalForRate(expected.kcal, -0.5, null);
      const rate = card.getByRole('radio', {
        name: new RegExp(locale === 'en' ? 'Lose 0\\.5 kg' : '−0,5 кг'),
      });
      await expect(rate).toHaveAttribute('aria-checked', 'true');
      const goalText = card.getByTestId('expenditure-goal');
      expect(digits((await goalText.innerText()).split('.')[0]!)).toBe(goal);
      await card.getByRole('button', { name: t.useGoal }).click();
      await expect(page.getByText(t.goalSaved.split('{energy}')[0]!.trim()).first()).toBeVisible();
      await expect(card.getByRole('button', { name: t.useGoal })).toBeHidden();

      // The diary's day takes it.
      await page.goto('/dashboard');
      await expect.poll(async () => digits(await page.getByTestId('goal-kcal').innerText())).toBe(goal);
    },
  );
