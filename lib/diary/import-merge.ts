import { withDetails } from './day-rules';
import { sameNutrients } from './nutrients';
import type { Activity } from '@/lib/schemas/activity';
import { dayDetailsSchema, type Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import type { Food, Recipe } from '@/lib/schemas/food';
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
    JSON.stringify(a.measures) === JSON.stringify(b.measures) &&
    sameNutrients(a.nutrients, b.nutrients) &&
    JSON.stringify(a.recipe) === JSON.stringify(b.recipe)
  );
}

export type FoodMerge = { foods: Food[]; idMap: Map<number, number>; counts: Counts };

/**
 * Merges imported foods into the library: a food already there (same name and brand) is
 * updated only when the imported copy is newer; a new one gets the next id (the seed's rule).
 * `idMap` maps imported ids to local ids so imported entries keep pointing at their food, and so
 * do the ingredients of imported recipes: the file's ids are another diary's.
 */
export function mergeFoods(existing: Food[], incoming: Food[]): FoodMerge {
  const foods = existing.map((food) => ({ ...food }));
  const byIdentity = new Map(foods.map((food, index) => [foodIdentity(food), index]));
  const idMap = new Map<number, number>();
  const counts = zero();
  // Every imported food finds or gets its local id first: a recipe may come before the foods it
  // is made of (or be made of itself), and its ingredients are re-pointed through idMap.
  const places = incoming.map((food) => {
    let index = byIdentity.get(foodIdentity(food));
    const isNew = index === undefined;
    if (index === undefined) {
      index = foods.length;
      foods.push({ ...food, id: (foods.at(-1)?.id ?? 0) + 1 });
      byIdentity.set(foodIdentity(food), index);
    }
    idMap.set(food.id, foods[index]!.id);
    return { index, isNew };
  });
  incoming.forEach((imported, position) => {
    const { index, isNew } = places[position]!;
    const local = foods[index]!;
    const food = { ...imported, recipe: remapRecipe(imported.recipe, (id) => idMap.get(id)) };
    if (isNew) {
      foods[index] = { ...food, id: local.id };
      counts.added++;
    } else if (newer(food, local) && !sameFood(food, local)) {
      foods[index] = { ...food, id: local.id, createdAt: local.createdAt };
      counts.updated++;
    } else {
      counts.unchanged++;
    }
  });
  return { foods, idMap, counts };
}

/**
 * A recipe whose ingredients point at the foods `idOf` names for their ids: an ingredient of a
 * food the file does not have points at nothing (like an entry's), the catalog's stay as they are.
 */
export function remapRecipe(recipe: Recipe | null, idOf: (id: number) => number | undefined): Recipe | null {
  if (!recipe) return null;
  return {
    ...recipe,
    ingredients: recipe.ingredients.map((ingredient) =>
      typeof ingredient.food === 'number'
        ? { ...ingredient, food: idOf(ingredient.food) ?? null }
        : ingredient,
    ),
  };
}

function remapEntry(entry: Entry, idMap: Map<number, number>): Entry {
  return typeof entry.food === 'number' ? { ...entry, food: idMap.get(entry.food) ?? null } : entry;
}

export type DayMerge = { changed: Day[]; days: Counts; entries: Counts };

/** A day as the merge changes it: its entries by id, and what it was before (none for a new day). */
type DayDraft = { day: Day; entries: Map<string, Entry>; stored: Day | undefined; changed: boolean };

/**
 * Merges imported days: entries by id (the newer copy wins), weight, water and goal from the newer day.
 * An entry is looked for on every stored day, not only on its date in the file: one moved to
 * another date since the file was made stays there when it is newer, and moves to the file's
 * date (leaving the other day) when the file's copy is. So `existing` must hold the stored days
 * of the imported dates and every stored day that holds one of the imported entries.
 * Answers only the days that change, ready to be written; a stored day that only gave an entry
 * away is one of them, counted as updated.
 */
export function mergeDays(existing: Map<string, Day>, incoming: Day[], idMap: Map<number, number>): DayMerge {
  const stored = new Map<string, { date: string; entry: Entry }>();
  for (const day of existing.values())
    for (const entry of day.entries) stored.set(entry.id, { date: day.date, entry });
  const drafts = new Map<string, DayDraft>();
  const draftOf = (date: string, fresh: Day): DayDraft => {
    let draft = drafts.get(date);
    if (!draft) {
      const local = existing.get(date);
      const day = local ?? fresh;
      draft = {
        day,
        entries: new Map(local?.entries.map((entry) => [entry.id, entry])),
        stored: local,
        changed: false,
      };
      drafts.set(date, draft);
    }
    return draft;
  };
  // The date each entry is on as the merge goes: a draft's entries are the truth for its date.
  const dateOf = new Map([...stored].map(([id, { date }]) => [id, date]));
  const entryAt = (id: string, date: string) => drafts.get(date)?.entries.get(id) ?? stored.get(id)?.entry;

  const entries = zero();
  for (const imported of incoming) {
    const draft = draftOf(imported.date, { ...imported, entries: [] });
    for (const entry of imported.entries.map((item) => remapEntry(item, idMap))) {
      const at = dateOf.get(entry.id);
      const current = at === undefined ? undefined : entryAt(entry.id, at);
      if (at === undefined || current === undefined) {
        entries.added++;
      } else if (!newer(entry, current)) {
        entries.unchanged++;
        continue;
      } else {
        // Off the day it is on now (this one, or the one it was moved to since).
        const holder = draftOf(at, existing.get(at)!);
        holder.entries.delete(entry.id);
        holder.changed = true;
        entries.updated++;
      }
      draft.entries.set(entry.id, entry);
      draft.changed = true;
      dateOf.set(entry.id, imported.date);
    }
    const local = draft.stored;
    if (!local) {
      draft.changed = true;
      continue;
    }
    const importedIsNewer = newer(imported, local);
    // A day with no weight takes the file's even when the file is older: an import fills gaps
    // (another app's weigh-ins) and never clears a weight.
    const weight =
      importedIsNewer && imported.weight !== null ? imported.weight : (local.weight ?? imported.weight);
    // Water likewise: the newer day's, and a day with none takes the file's.
    const water = importedIsNewer && imported.water > 0 ? imported.water : local.water || imported.water;
    // Activities by id, as entries: the file adds what this diary lacks; one both hold stays
    // as the newer day has it.
    const activities = mergeActivities(local.activities, imported.activities, importedIsNewer);
    const sameActivities = JSON.stringify(activities) === JSON.stringify(local.activities);
    // Details (a note...) key by key, likewise: the newer day's, and what a day lacks from the other;
    // the newer day's alone where the two together would pass their limit (keys of later builds).
    const joined = importedIsNewer
      ? { ...local.details, ...imported.details }
      : { ...imported.details, ...local.details };
    const details = dayDetailsSchema.safeParse(joined).success
      ? joined
      : { ...(importedIsNewer ? imported.details : local.details) };
    const sameDetails = JSON.stringify(details) === JSON.stringify(local.details ?? {});
    if (weight !== local.weight || water !== local.water || !sameActivities || !sameDetails)
      draft.changed = true;
    draft.day = withDetails(
      {
        ...draft.day,
        weight,
        water,
        activities,
        updatedAt: importedIsNewer ? imported.updatedAt : local.updatedAt,
      },
      details,
    );
  }

  const changed: Day[] = [];
  const days = zero();
  for (const draft of drafts.values()) {
    if (!draft.changed) {
      days.unchanged++;
      continue;
    }
    // A new day keeps the file's order of entries; a stored one that changed is put in the
    // order they were eaten, as the diary shows them.
    const merged = [...draft.entries.values()];
    if (draft.stored) merged.sort((a, b) => a.loggedAt.localeCompare(b.loggedAt));
    changed.push({ ...draft.day, entries: merged });
    if (draft.stored) days.updated++;
    else days.added++;
  }
  return { changed, days, entries };
}

/** `local` and `imported` by id, the newer day's copy of one both hold, in the order logged. */
function mergeActivities(local: Activity[], imported: Activity[], importedIsNewer: boolean): Activity[] {
  const byId = new Map(local.map((activity) => [activity.id, activity]));
  for (const activity of imported)
    if (!byId.has(activity.id) || importedIsNewer) byId.set(activity.id, activity);
  return [...byId.values()].sort((a, b) => a.loggedAt.localeCompare(b.loggedAt) || a.id.localeCompare(b.id));
}

export function importPlan(foods: FoodMerge, days: DayMerge, settings: SettingsPlan): ImportPlan {
  return { foods: foods.counts, days: days.days, entries: days.entries, settings };
}
