// Days with one quick add each, put into a diary as a guest's stored records or as an account's
// import, and the numbers a card shows, read back as the locale groups them.
import type { BrowserContext } from '@playwright/test';
import { expect } from './fixtures';
import type { Locale } from './helpers';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { EXPORT_FORMAT, EXPORT_VERSION } from '@/lib/schemas/export';
import type { Day } from '@/lib/schemas/day';

/** A day of one quick add of `kcal` (and `water` ml drunk), written at noon UTC. */
export function quickAddDay(
  date: string,
  kcal: number,
  goal: number,
  weight: number | null = null,
  water = 0,
): Day {
  const at = `${date}T12:00:00.000Z`;
  const id = `0b7f3c1e-8d2a-4c5b-9e6f-${date.replaceAll('-', '').padStart(12, '0')}`;
  const entry = {
    id,
    meal: 'lunch' as const,
    food: null,
    name: 'Lunch',
    amount: kcal,
    unit: 'kcal' as const,
  };
  return {
    date,
    goal,
    weight,
    water,
    activities: [],
    entries: [{ ...entry, grams: null, kcal, protein: 0, fat: 0, carbs: 0, loggedAt: at, updatedAt: at }],
    updatedAt: at,
  };
}

/**
 * Puts `days` into the diary: a guest's records before the first page (once, so a reload keeps
 * what the test changed since), or an account's import with `currentGoal` as its goal.
 */
export async function seedDays(
  context: BrowserContext,
  mode: 'guest' | 'account',
  locale: Locale,
  days: Day[],
  currentGoal: number,
): Promise<void> {
  if (mode === 'guest') {
    await context.addInitScript((records) => {
      if (localStorage.getItem('seeded')) return;
      for (const day of records) localStorage.setItem(`dashboard-${day.date}`, JSON.stringify(day));
      localStorage.setItem('seeded', '1');
    }, days);
    return;
  }
  const settings = { ...defaultSettings(days[0]!.updatedAt), language: locale, currentGoal };
  const exportedAt = days.at(-1)!.updatedAt;
  const file = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt, settings, foods: [], days };
  expect((await context.request.post('/api/import', { data: file })).status()).toBe(200);
}

/** The whole numbers of a text, as the locale groups them: "2,420 to 2,600" and "2 420 — 2 600" give [2420, 2600]. */
export const numbersIn = (text: string) =>
  (text.replace(/(\d)[,\s\u00a0\u202f](?=\d{3})/g, '$1').match(/\d+/g) ?? []).map(Number);
