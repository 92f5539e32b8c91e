import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { dayFigures } from '@/lib/diary/day-figures';
import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import type { Activity } from '@/lib/schemas/activity';
import type { Entry } from '@/lib/schemas/entry';

const NOW = '2026-12-06T09:00:00.000Z';
// 2026-12-07 is a Monday.
const MONDAY = '2026-12-07';
const settings = {
  ...defaultSettings(NOW),
  currentGoal: 2000,
  weekdayGoals: { mon: 1500 },
  activityShare: 50,
};
const eaten = (kcal: number) => ({ kcal, protein: 10, fat: 5, carbs: 20 }) as Entry;
const walk = (kcal: number) => ({ kcal }) as Activity;

describe('dayFigures: what a day shows', () => {
  it('a day not written yet takes the goal in force on its date (its weekday goal)', () => {
    expect(dayFigures(null, settings, MONDAY).goal).toBe(1500);
    expect(dayFigures(null, settings, '2026-12-08').goal).toBe(2000);
  });

  it('a written day keeps its own goal whatever the settings say now', () => {
    const day = { entries: [eaten(300), eaten(200)], goal: 1800, activities: [walk(400)] };
    expect(dayFigures(day, settings, MONDAY)).toEqual({
      kcal: 500,
      protein: 20,
      fat: 10,
      carbs: 40,
      goal: 1800,
      // The settings' share of the kcal burned: half of 400.
      activity: 200,
      macroTargets: null,
    });
  });

  it('before the settings are read, the defaults stand: their goal, all of the activity', () => {
    expect(dayFigures(null, null, MONDAY)).toMatchObject({
      goal: DEFAULT_GOAL_KCAL,
      activity: 0,
      macroTargets: null,
    });
    const day = { entries: [], goal: 1800, activities: [walk(300)] };
    expect(dayFigures(day, null, MONDAY)).toMatchObject({ goal: 1800, activity: 300 });
  });
});
