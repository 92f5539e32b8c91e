import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import type { Food } from '@/lib/schemas/food';
import type { ImportPlan } from '@/lib/schemas/export';
import type { SettingsPlan } from './settings-merge';

type Counts = { added: number; updated: number; unchanged: number };
const zero = (): Counts => ({ added: 0, updated: 0, unchanged: 0 });

/** Foods are the same food when name and brand match, ignoring case, spacing and ё/е. */
export function foodIdentity(food: Pick<Food, 'name' | 'brand'>): string {
  const normalise = (text: string | null) =>
    (text ?? '').toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
  return `${normalise(food.name)}\u0000${normalise(food.brand)}`;
}

const newer = (a: { updatedAt: string }, b: { updatedAt: string }) =>
  Date.parse(a.updatedAt) > Date.parse(b.updatedAt);

function sameFood(a: Food, b: Food): boolean {
  return (
    a.kcal === b.kcal &&
    a.protein === b.protein &&
    a.fat === b.fat &&
    a.carbs === b.carbs &&
    a.favorite === b.favorite &&
    JSON.stringify(a.serving) === JSON.stringify(b.serving) &&
    JSON.stringify(a.recipe) === JSON.stringify(b.recipe)
  );
}

export type FoodMerge = { foods: Food[]; idMap: Map<number, number>; counts: Counts };

/**
 * Merges imported foods into the library: a food already there (same name and brand) is
 * updated only when the imported copy is newer; a new one gets the next id (the seed's rule).
 * `idMap` maps imported ids to local ids so imported entries keep pointing at their food.
 */
export function mergeFoods(existing: Food[], incoming: Food[]): FoodMerge {
  const foods = existing.map((food) => ({ ...food }));
  const byIdentity = new Map(foods.map((food, index) => [foodIdentity(food), index]));
  const idMap = new Map<number, number>();
  const counts = zero();
  for (const food of incoming) {
    const index = byIdentity.get(foodIdentity(food));
    if (index === undefined) {
      const id = (foods.at(-1)?.id ?? 0) + 1;
      foods.push({ ...food, id });
      byIdentity.set(foodIdentity(food), foods.length - 1);
      idMap.set(food.id, id);
      counts.added++;
      continue;
    }
    const local = foods[index]!;
    idMap.set(food.id, local.id);
    if (newer(food, local) && !sameFood(food, local)) {
      foods[index] = { ...food, id: local.id, createdAt: local.createdAt };
      counts.updated++;
    } else {
      counts.unchanged++;
    }
  }
  return { foods, idMap, counts };
}

function remapEntry(entry: Entry, idMap: Map<number, number>): Entry {
  return typeof entry.food === 'number' ? { ...entry, food: idMap.get(entry.food) ?? null } : entry;
}

export type DayMerge = { changed: Day[]; days: Counts; entries: Counts };

/**
 * Merges imported days: entries by id (the newer copy wins), weight and goal from the newer day.
 * Answers only the days that change, ready to be written.
 */
export function mergeDays(existing: Map<string, Day>, incoming: Day[], idMap: Map<number, number>): DayMerge {
  const changed: Day[] = [];
  const days = zero();
  const entries = zero();
  for (const imported of incoming) {
    const importedEntries = imported.entries.map((entry) => remapEntry(entry, idMap));
    const local = existing.get(imported.date);
    if (!local) {
      changed.push({ ...imported, entries: importedEntries });
      days.added++;
      entries.added += importedEntries.length;
      continue;
    }
    let dayChanged = false;
    const merged = new Map(local.entries.map((entry) => [entry.id, entry]));
    for (const entry of importedEntries) {
      const current = merged.get(entry.id);
      if (!current) {
        merged.set(entry.id, entry);
        entries.added++;
        dayChanged = true;
      } else if (newer(entry, current)) {
        merged.set(entry.id, entry);
        entries.updated++;
        dayChanged = true;
      } else {
        entries.unchanged++;
      }
    }
    const importedIsNewer = newer(imported, local);
    // A day with no weight takes the file's even when the file is older: an import fills gaps
    // (another app's weigh-ins) and never clears a weight.
    const weight =
      importedIsNewer && imported.weight !== null ? imported.weight : (local.weight ?? imported.weight);
    if (weight !== local.weight) dayChanged = true;
    if (dayChanged) {
      changed.push({
        ...local,
        weight,
        entries: [...merged.values()].sort((a, b) => a.loggedAt.localeCompare(b.loggedAt)),
        updatedAt: importedIsNewer ? imported.updatedAt : local.updatedAt,
      });
      days.updated++;
    } else {
      days.unchanged++;
    }
  }
  return { changed, days, entries };
}

export function importPlan(foods: FoodMerge, days: DayMerge, settings: SettingsPlan): ImportPlan {
  return { foods: foods.counts, days: days.days, entries: days.entries, settings };
}
