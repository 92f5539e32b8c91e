import type { DiaryExport } from '@/lib/schemas/export';

/** The server's body limit is 1 MB; parts stay well under it, leaving room for the envelope. */
export const IMPORT_PART_BYTES = 900_000;

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The library food ids a day's entries point at. */
const foodIdsOf = (day: DiaryExport['days'][number]) =>
  day.entries.flatMap((entry) => (typeof entry.food === 'number' ? [entry.food] : []));

/**
 * Splits an export into whole export documents that each fit one request: every part has the
 * settings and a run of the days. The first part has all foods (so a food no entry uses still
 * comes over, and the first answer counts the foods); later parts carry only the foods their
 * entries point at, which the first part has already added. A single day larger than a part
 * still gets a part of its own, and the server says if it is too large.
 */
export function splitExport(data: DiaryExport, maxBytes = IMPORT_PART_BYTES): DiaryExport[] {
  const foodBytes = new Map(data.foods.map((food) => [food.id, byteLength(food) + 1]));
  const base = byteLength({ ...data, foods: [], days: [] });
  const parts: DiaryExport[] = [];
  let days: DiaryExport['days'] = [];
  let foodIds = new Set<number>();
  let size = base + byteLength(data.foods);

  const newFoodsOf = (day: DiaryExport['days'][number]) =>
    parts.length === 0 ? [] : [...new Set(foodIdsOf(day))].filter((id) => !foodIds.has(id));
  const sizeOf = (day: DiaryExport['days'][number], newFoods: number[]) =>
    byteLength(day) + 1 + newFoods.reduce((sum, id) => sum + (foodBytes.get(id) ?? 0), 0);
  const close = () => {
    const foods = parts.length === 0 ? data.foods : data.foods.filter((food) => foodIds.has(food.id));
    parts.push({ ...data, foods, days });
    days = [];
    foodIds = new Set();
    size = base;
  };

  for (const day of data.days) {
    let newFoods = newFoodsOf(day);
    let daySize = sizeOf(day, newFoods);
    if (days.length > 0 && size + daySize > maxBytes) {
      close();
      newFoods = newFoodsOf(day);
      daySize = sizeOf(day, newFoods);
    }
    days.push(day);
    for (const id of newFoods) foodIds.add(id);
    size += daySize;
  }
  close();
  return parts;
}
