import type { DiaryExport, ImportPlan } from '../../lib/schemas/export';

/**
 * An export as the user sees it: foods without their ids (in name order), entries naming their
 * food. Two exports of one diary on different servers or databases compare equal through it.
 */
export function visible(data: DiaryExport) {
  const names = new Map(data.foods.map((food) => [food.id, food.name]));
  return {
    foods: data.foods.map((food) => ({ ...food, id: 0 })).sort((a, b) => a.name.localeCompare(b.name)),
    days: data.days.map((day) => ({
      ...day,
      entries: day.entries.map((item) => ({
        ...item,
        food: typeof item.food === 'number' ? names.get(item.food) : item.food,
      })),
    })),
  };
}

/** How many foods, days and entries an import plan adds or changes: 0 when it changes nothing. */
export const changesIn = (plan: ImportPlan) =>
  plan.foods.added +
  plan.foods.updated +
  plan.days.added +
  plan.days.updated +
  plan.entries.added +
  plan.entries.updated;
