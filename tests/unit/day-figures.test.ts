import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { dayFigures } from '@/lib/diary/day-figures';
import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import { walkingKcal } from '@/lib/diary/walking';
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
    const day = { entries: [eaten(300), eaten(200)], goal: 1800, activities: [walk(400)], weight: null };
    expect(dayFigures(day, settings, MONDAY)).toEqual({
      kcal: 500,
      protein: 20,
      fat: 10,
      carbs: 40,
      goal: 1800,
      // The settings' share of the kcal burned: half of 400.
      activity: 200,
      walked: 0,
      macroTargets: null,
    });
  });

  it('before the settings are read, the defaults stand: their goal, all of the activity', () => {
    expect(dayFigures(null, null, MONDAY)).toMatchObject({
      goal: DEFAULT_GOAL_KCAL,
      activity: 0,
      macroTargets: null,
    });
    const day = { entries: [], goal: 1800, activities: [walk(300)], weight: null };
    expect(dayFigures(day, null, MONDAY)).toMatchObject({ goal: 1800, activity: 300 });
  });

  describe('steps in the budget (a setting, off by default)', () => {
    const walking = { ...settings, activityShare: 100, weight: 80, height: 180, stepsInBudget: true };
    const walkedDay = (steps: number, activities: Activity[] = [], weight: number | null = null) => ({
      entries: [],
      goal: 2000,
      activities,
      weight,
      details: { steps },
    });

    it('adds the walking of the steps: steps × 0.414 × height × weight × 0.5 kcal/(kg·km)', () => {
      // 10,000 steps of 0.7452 m are 7.452 km; at 80 kg, 298 kcal above resting.
      expect(walkingKcal(10_000, 80, 180)).toBe(298);
      // No height: an ordinary 0.7 m step, 280 kcal.
      expect(walkingKcal(10_000, 80, null)).toBe(280);
      expect(dayFigures(walkedDay(10_000), walking, MONDAY)).toMatchObject({ walked: 298, activity: 298 });
      // The day's own weight before the profile's; the settings' share applies to it as to any activity.
      expect(dayFigures(walkedDay(10_000, [], 60), walking, MONDAY).walked).toBe(224);
      expect(
        dayFigures(walkedDay(10_000, [walk(100)]), { ...walking, activityShare: 50 }, MONDAY),
      ).toMatchObject({ walked: 298, activity: 199 });
    });

    it('adds nothing when off, without steps or a weight, or beside a tracker that counted them', () => {
      expect(dayFigures(walkedDay(10_000), { ...walking, stepsInBudget: false }, MONDAY).walked).toBe(0);
      expect(dayFigures(walkedDay(0), walking, MONDAY).walked).toBe(0);
      expect(dayFigures(walkedDay(10_000), { ...walking, weight: null }, MONDAY).walked).toBe(0);
      const tracked = [{ ...walk(450), kind: 'tracker' }];
      expect(dayFigures(walkedDay(10_000, tracked), walking, MONDAY)).toMatchObject({
        walked: 0,
        activity: 450,
      });
    });
  });
});
