import type { Totals } from './nutrition';

/** A day's totals with the goal they are measured against. */
export type DayFigures = Totals & { goal: number };

export const macroKeys = ['protein', 'fat', 'carbs'] as const;
export type MacroKey = (typeof macroKeys)[number];

/** What the day's summary card shows, formatted for the locale. */
export type SummaryFigures = {
  over: boolean;
  /** How much of the ring is drawn, 0-1. */
  progress: number;
  remaining: string;
  goal: string;
  eaten: string;
  /** Each macro's grams, and its share of the macros' kcal in whole percent. */
  macros: Record<MacroKey, { grams: string; share: number }>;
};

/**
 * The summary card's figures of a day: remaining (or over), the ring's progress and the macros'
 * shares. Shared by the view and the dashboard's first-paint script, which runs this function's
 * source inline (lib/diary/first-paint.ts): it must use nothing from outside its own body.
 */
export function summarizeDay(day: DayFigures, format: (value: number) => string): SummaryFigures {
  const remaining = day.goal - day.kcal;
  const macroKcal = { protein: 4 * day.protein, fat: 9 * day.fat, carbs: 4 * day.carbs };
  const macroTotal = macroKcal.protein + macroKcal.fat + macroKcal.carbs;
  const macro = (key: 'protein' | 'fat' | 'carbs') => ({
    grams: format(day[key]),
    share: macroTotal > 0 ? Math.round((macroKcal[key] / macroTotal) * 100) : 0,
  });
  return {
    over: remaining < 0,
    progress: Math.min(1, day.goal > 0 ? day.kcal / day.goal : 0),
    remaining: format(Math.abs(remaining)),
    goal: format(day.goal),
    eaten: format(day.kcal),
    macros: { protein: macro('protein'), fat: macro('fat'), carbs: macro('carbs') },
  };
}
