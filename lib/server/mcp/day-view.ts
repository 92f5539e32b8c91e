import 'server-only';
import { fastMinutes } from '@/lib/diary/fasting';
import { measuresOf } from '@/lib/diary/body-measures';
import { dayFigures } from '@/lib/diary/day-figures';
import { macroKeys, summarizeDay } from '@/lib/diary/day-summary';
import { baseMeals, mealsOfDay, ownNameOf } from '@/lib/diary/meals';
import { sumTotals } from '@/lib/diary/nutrition';
import type { Day } from '@/lib/schemas/day';
import type { Settings } from '@/lib/schemas/settings';
import { entryView } from './sources';

/**
 * A day as the dashboard shows it (components/diary/dashboard-view.tsx): its entries by meal,
 * the totals, the goal (the day's own, or for a day not written yet the one in force), what its
 * activity adds to the budget, the remaining kcal and each macro against its target, by the
 * same summary the dashboard's card uses; and its water, weight and activities. A meal carries
 * the name the user gave it (null: its own).
 */
export function dayView(date: string, day: Day | null, settings: Settings) {
  const entries = day?.entries ?? [];
  const figures = dayFigures(day, settings, date);
  const { goal, activity } = figures;
  const totals = sumTotals(entries);
  // summarizeDay formats for the screen; String keeps each figure exact, to read back as a number.
  const summary = summarizeDay(figures, String);
  return {
    date,
    goal,
    goalSource: day
      ? 'the goal in force when the day was first written'
      : 'the settings (nothing logged yet)',
    totals,
    activityKcal: activity,
    remainingKcal: (summary.over ? -1 : 1) * Number(summary.remaining),
    macros: Object.fromEntries(
      macroKeys.map((key) => [
        key,
        {
          grams: totals[key],
          targetGrams: Number(summary.macros[key].target),
          percentOfTarget: summary.macros[key].percent,
        },
      ]),
    ),
    // The four always (hidden ones too, as before meals of one's own), then the user's own meals.
    meals: Object.fromEntries(
      [...new Set([...baseMeals, ...mealsOfDay(settings.meals, entries)])].map((meal) => {
        const eaten = entries.filter((entry) => entry.meal === meal);
        return [
          meal,
          { name: ownNameOf(settings.meals, meal), totals: sumTotals(eaten), entries: eaten.map(entryView) },
        ];
      }),
    ),
    waterMl: day?.water ?? 0,
    weightKg: day?.weight ?? null,
    note: day?.details?.note ?? null,
    steps: day?.details?.steps ?? null,
    measures: measuresOf(day?.details),
    fasting: day?.details?.fasting ?? null,
    fasts: (day?.details?.fasts ?? []).map((fast) => ({ ...fast, minutes: fastMinutes(fast) })),
    activities: (day?.activities ?? []).map(({ id, kind, name, minutes, kcal }) => ({
      id,
      kind,
      name,
      minutes,
      kcal,
    })),
  };
}
