import type { Totals } from './nutrition';

/**
 * The user's macro targets: each macro's share of the day's goal in percent (adding up to 100),
 * or grams a day whatever the goal.
 */
export type MacroTargets = { unit: 'percent' | 'grams'; protein: number; fat: number; carbs: number };

/**
 * A day's totals with the goal they are measured against, the kcal of its activities that the
 * budget takes (activityCredit, 0 if none), and the user's macro targets if any.
 */
export type DayFigures = Totals & { goal: number; activity?: number; macroTargets?: MacroTargets | null };

export const macroKeys = ['protein', 'fat', 'carbs'] as const;
export type MacroKey = (typeof macroKeys)[number];

/** The energy of a gram of each macro (the Atwater factors). */
export const KCAL_PER_GRAM: Record<MacroKey, number> = { protein: 4, fat: 9, carbs: 4 };
/**
 * The split of the goal's kcal until the user sets one: 20 % protein, 30 % fat, 50 % carbs (the
 * split MyFitnessPal starts from, inside the US Dietary Reference Intakes' ranges). summarizeDay
 * writes both out again, as it must use nothing outside its body; a unit test holds them equal.
 */
export const DEFAULT_MACRO_SPLIT: MacroTargets = { unit: 'percent', protein: 20, fat: 30, carbs: 50 };

/** What the day's summary card shows, formatted for the locale. */
export type SummaryFigures = {
  over: boolean;
  /** How much of the ring is drawn, 0-1. */
  progress: number;
  remaining: string;
  goal: string;
  eaten: string;
  /** The kcal activity added to the day's budget. */
  activity: string;
  /** Each macro's grams, the grams the day's goal suggests, and how much of those is eaten, 0-100. */
  macros: Record<MacroKey, { grams: string; target: string; percent: number }>;
};

/**
 * The summary card's figures of a day: remaining (or over) of the goal plus what activity added,
 * the ring's progress against that budget, and each macro against the grams the goal suggests. Shared by the view and the dashboard's first-paint script,
 * which runs this function's source inline (lib/diary/first-paint.ts): it must use nothing from
 * outside its own body.
 */
export function summarizeDay(
  day: DayFigures,
  format: (value: number) => string,
  /** Energy as shown (kJ in Australia, say); kcal as `format` writes them unless given. */
  formatEnergy: (kcal: number) => string = format,
): SummaryFigures {
  const activity = day.activity ?? 0;
  const budget = day.goal + activity;
  const remaining = budget - day.kcal;
  // The user's grams as they are; a split in percent of the goal's kcal at 4, 9 and 4 kcal a
  // gram: the user's, else 20 % protein, 30 % fat, 50 % carbs (the split MyFitnessPal starts
  // from, inside the US Dietary Reference Intakes' ranges).
  const own = day.macroTargets;
  const split = own && own.unit === 'percent' ? own : { protein: 20, fat: 30, carbs: 50 };
  const target =
    own && own.unit === 'grams'
      ? { protein: own.protein, fat: own.fat, carbs: own.carbs }
      : {
          protein: Math.round((day.goal * split.protein) / 100 / 4),
          fat: Math.round((day.goal * split.fat) / 100 / 9),
          carbs: Math.round((day.goal * split.carbs) / 100 / 4),
        };
  const macro = (key: 'protein' | 'fat' | 'carbs') => ({
    grams: format(day[key]),
    target: format(target[key]),
    percent: target[key] > 0 ? Math.min(100, Math.round((day[key] / target[key]) * 100)) : 0,
  });
  return {
    over: remaining < 0,
    progress: Math.min(1, budget > 0 ? day.kcal / budget : 0),
    remaining: formatEnergy(Math.abs(remaining)),
    goal: formatEnergy(day.goal),
    eaten: formatEnergy(day.kcal),
    activity: formatEnergy(activity),
    macros: { protein: macro('protein'), fat: macro('fat'), carbs: macro('carbs') },
  };
}
