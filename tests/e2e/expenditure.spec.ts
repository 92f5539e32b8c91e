// The energy expenditure learnt from a diary, as a user meets it on the stats page: what it
// needs before there is enough, then four weeks of eating about 2,000 kcal while the weight
// falls, the estimate with its interval and confidence, and its goal for losing 0.5 kg a week
// made the diary's goal. Guest and account, English on the desktop and Russian on the phone.
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { localDate, locales, messages, oneScreenFor, startDiary, type Locale } from './helpers';
import { estimateExpenditure, goalForRate, KCAL_PER_KG, NEEDS } from '@/lib/diary/expenditure';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { EXPORT_FORMAT, EXPORT_VERSION } from '@/lib/schemas/export';
import type { Day } from '@/lib/schemas/day';

/**
 * Four weeks up to today of eating about 2,000 kcal (one quick add a day) at a true expenditure
 * of 2,500: the weight falls about 0.45 kg a week, each morning's weigh-in scattered by up to
 * 0.3 kg. Deterministic, so the test knows the estimate the page must show.
 */
function fourWeeks(): Day[] {
  const days: Day[] = [];
  let tissue = 82;
  for (let back = 27; back >= 0; back--) {
    const date = localDate(-back);
    const kcal = 2000 + (((back * 37) % 7) - 3) * 60;
    const weight = Math.round((tissue + (((back * 53) % 5) - 2) * 0.15) * 10) / 10;
    tissue += (kcal - 2500) / KCAL_PER_KG;
    const at = `${date}T12:00:00.000Z`;
    const id = `0b7f3c1e-8d2a-4c5b-9e6f-${String(back).padStart(12, '0')}`;
    const entry = {
      id,
      meal: 'lunch' as const,
      food: null,
      name: 'Lunch',
      amount: kcal,
      unit: 'kcal' as const,
    };
    days.push({
      date,
      goal: 2100,
      weight,
      entries: [
        { ...entry, grams: null, kcal, protein: 90, fat: 70, carbs: 250, loggedAt: at, updatedAt: at },
      ],
      updatedAt: at,
    });
  }
  return days;
}

async function seed(context: BrowserContext, mode: 'guest' | 'account', locale: Locale, days: Day[]) {
  if (mode === 'guest') {
    await context.addInitScript((records) => {
      if (localStorage.getItem('seeded')) return;
      for (const day of records) localStorage.setItem(`dashboard-${day.date}`, JSON.stringify(day));
      localStorage.setItem('seeded', '1');
    }, days);
    return;
  }
  const settings = { ...defaultSettings(days[0]!.updatedAt), language: locale, currentGoal: 2100 };
  const file = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: days.at(-1)!.updatedAt,
    settings,
    foods: [],
    days,
  };
  expect((await context.request.post('/api/import', { data: file })).status()).toBe(200);
}

/** The whole numbers of a text, as the locale groups them: "2,420 to 2,600" and "2 420 — 2 600" give [2420, 2600]. */
const numbersIn = (text: string) =>
  (text.replace(/(\d)[,\s\u00a0\u202f](?=\d{3})/g, '$1').match(/\d+/g) ?? []).map(Number);

/** The digits of a text: "2,510 kcal a day" and "2 510 ккал в день" both give 2510. */
const digits = (text: string) => Number(text.replace(/\D/g, ''));

for (const mode of ['guest', 'account'] as const)
  for (const locale of locales)
    test(`${mode}, ${locale}: the expenditure waits for enough data, then learns 2,500 kcal from four weeks and sets a goal`, async ({
      page,
      context,
    }) => {
      oneScreenFor(locale);
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
      await seed(context, mode, locale, days);
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
    });
