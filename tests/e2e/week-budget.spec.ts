// This week as a budget on the stats page: its goals added up, what was eaten, what each day
// left may take, and what the heaviest day so far took off them. A guest in English on the
// desktop and an account in Russian on the phone; any weekday the run falls on.
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { localDate, messages, oneScreenFor, startDiary, type Locale } from './helpers';
import { addDays } from '@/lib/diary/dates';
import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import { weekBudget, weekStart } from '@/lib/diary/week-budget';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { EXPORT_FORMAT, EXPORT_VERSION } from '@/lib/schemas/export';
import type { Day } from '@/lib/schemas/day';

/** The week's days up to today, each with one quick add; the day before today 900 kcal over. */
function thisWeek(today: string): Day[] {
  const days: Day[] = [];
  for (let date = weekStart(today); date <= today; date = addDays(date, 1)) {
    const kcal = date === addDays(today, -1) ? 2900 : 1800;
    const at = `${date}T12:00:00.000Z`;
    const id = `0b7f3c1e-8d2a-4c5b-9e6f-${date.replaceAll('-', '').padStart(12, '0')}`;
    days.push({
      date,
      goal: 2000,
      weight: null,
      entries: [
        {
          id,
          meal: 'lunch',
          food: null,
          name: 'Lunch',
          amount: kcal,
          unit: 'kcal',
          grams: null,
          kcal,
          protein: 0,
          fat: 0,
          carbs: 0,
          loggedAt: at,
          updatedAt: at,
        },
      ],
      updatedAt: at,
    });
  }
  return days;
}

async function seed(context: BrowserContext, mode: 'guest' | 'account', locale: Locale, days: Day[]) {
  if (mode === 'guest') {
    await context.addInitScript((records) => {
      for (const day of records) localStorage.setItem(`dashboard-${day.date}`, JSON.stringify(day));
    }, days);
    return;
  }
  const settings = {
    ...defaultSettings(days[0]!.updatedAt),
    language: locale,
    currentGoal: DEFAULT_GOAL_KCAL,
  };
  const file = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: days[0]!.updatedAt,
    settings,
    foods: [],
    days,
  };
  expect((await context.request.post('/api/import', { data: file })).status()).toBe(200);
}

/** The whole numbers of a text, as the locale groups them. */
const numbersIn = (text: string) =>
  (text.replace(/(\d)[,\s\u00a0\u202f](?=\d{3})/g, '$1').match(/\d+/g) ?? []).map(Number);

for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(`${mode}, ${locale}: this week's budget, what each day left may take, and the heavy day's share`, async ({
    page,
    context,
  }) => {
    oneScreenFor(locale);
    const t = messages[locale].stats.week;
    await startDiary(context, mode, locale);
    const today = localDate();
    const days = thisWeek(today);
    await seed(context, mode, locale, days);
    const expected = weekBudget(
      days.map((day) => ({ date: day.date, kcal: day.entries[0]!.kcal, goal: day.goal, logged: true })),
      today,
      DEFAULT_GOAL_KCAL,
    );

    await page.goto('/stats');
    const card = page.getByTestId('week-card');
    await expect(card.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(card.getByTestId('week-budget')).toBeVisible();
    expect(numbersIn(await card.getByTestId('week-budget').innerText())).toEqual([expected.budget]);
    expect(numbersIn(await card.getByTestId('week-eaten').innerText())).toEqual([
      expected.eatenBefore + expected.eatenToday,
    ]);
    expect(numbersIn(await card.getByTestId('week-left').innerText())).toEqual([expected.left]);
    expect(numbersIn(await card.getByTestId('week-per-day').innerText())).toEqual([
      expected.perDayLeft,
      ...(expected.daysLeft > 1 ? [expected.daysLeft] : []),
    ]);
    if (expected.heaviest) {
      // The languages name them in different orders.
      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      expect(sorted(numbersIn(await card.getByTestId('week-heaviest').innerText()))).toEqual(
        sorted([expected.heaviest.over, expected.heaviest.perDayLeft, expected.daysLeft]),
      );
    } else await expect(card.getByTestId('week-heaviest')).toHaveCount(0);
  });
