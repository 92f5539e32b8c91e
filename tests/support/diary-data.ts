import { addDays } from '@/lib/diary/dates';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import type { Day } from '@/lib/schemas/day';
import { EXPORT_FORMAT, EXPORT_VERSION, type DiaryExport } from '@/lib/schemas/export';
import type { Food } from '@/lib/schemas/food';
import { entry } from './fixtures';

/** mulberry32: a small deterministic pseudo-random generator, so a failing case can be replayed. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const guestFoods: Food[] = [
  {
    id: 1,
    name: 'Oats',
    brand: null,
    kcal: 370,
    protein: 13,
    fat: 6.5,
    carbs: 60.2,
    serving: null,
    measures: [],
    favorite: true,
    recipe: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
  },
  {
    id: 2,
    name: 'Kefir',
    brand: 'Farm',
    kcal: 50,
    protein: 3,
    fat: 2.5,
    carbs: 4,
    serving: { label: 'glass', grams: 250 },
    measures: [],
    favorite: false,
    recipe: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
  },
];

/**
 * A guest's export: `count` days from `start`, most with a few entries (one-decimal figures, as
 * the client rounds them), some with a weight only, some skipped.
 */
export function guestExport(start: string, count: number, seed = 1, entriesPerDay = 4): DiaryExport {
  const next = random(seed);
  const days: Day[] = [];
  for (let index = 0; index < count; index++) {
    const date = addDays(start, index);
    const roll = next();
    if (roll < 0.1) continue;
    const weight = next() < 0.4 ? Math.round((70 + next() * 10) * 10) / 10 : null;
    const entries =
      roll < 0.2
        ? []
        : Array.from({ length: 1 + Math.floor(next() * entriesPerDay) }, (_, slot) => {
            const food = next() < 0.5 ? 1 : next() < 0.5 ? 2 : null;
            const at = `${date}T${String(6 + slot).padStart(2, '0')}:00:00.000Z`;
            return entry({
              food,
              name: food === 2 ? 'Kefir' : 'Oats',
              kcal: Math.round(next() * 9000) / 10,
              protein: Math.round(next() * 400) / 10,
              fat: Math.round(next() * 300) / 10,
              carbs: Math.round(next() * 900) / 10,
              loggedAt: at,
              updatedAt: at,
            });
          });
    days.push({
      date,
      goal: 1800 + Math.floor(next() * 5) * 100,
      weight,
      water: next() < 0.5 ? 0 : Math.floor(next() * 16) * 250,
      activities: [],
      entries,
      updatedAt: `${date}T22:00:00.000Z`,
    });
  }
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: '2026-12-01T10:00:00.000Z',
    settings: {
      ...defaultSettings('2026-06-01T10:00:00.000Z'),
      name: 'Guest',
      currentGoal: 2100,
      theme: 'dark',
    },
    foods: guestFoods,
    days,
  };
}
