import { durationMinutes, recipeOfNode, type PageRecipe } from '@/lib/recipes/schema-org';
import { RECIPE_PAGE_READING } from '@/lib/limits';
import type { RecipeApp } from '@/lib/schemas/food';
import type { ImportFile, SourceFileKind } from '../types';

/*
 * A recipe as a recipe app (Mealie, Tandoor, Paprika, Nextcloud Cookbook) exported it, read into
 * the shape a recipe page is read into (lib/recipes/schema-org.ts): the import preview then
 * matches its lines to foods on the device exactly as a page's or a paste's.
 */

export type AppRecipe = PageRecipe & {
  /** The web page the app took it from, where it says. */
  address: string | null;
  /** The file it was read from, as the preview names it. */
  file: string;
};

/** A recipe app's export reader: finds its files by their content and reads their recipes. */
export type RecipeReader = {
  app: RecipeApp;
  kindOf(file: ImportFile): SourceFileKind | null;
  /** Throws ImportFileError for a file it claimed and cannot read. */
  readRecipes(files: ImportFile[]): AppRecipe[];
};

type Fields = {
  name: unknown;
  ingredients: string[];
  steps: unknown;
  servings: unknown;
  image?: unknown;
  minutes: number | null;
  nutrition?: Record<string, unknown> | null;
  address: unknown;
};

/**
 * An app's recipe, its fields named as schema.org names them, read with the page reader's clean-up
 * and limits (markup out, lines cut, at most as many lines as a page may hold).
 */
export function appRecipe(file: string, fields: Fields): AppRecipe | null {
  const recipe = recipeOfNode({
    '@type': 'Recipe',
    name: fields.name,
    recipeIngredient: fields.ingredients.slice(0, RECIPE_PAGE_READING.ingredients),
    recipeInstructions: fields.steps,
    recipeYield: fields.servings,
    image: webAddress(fields.image),
    nutrition: fields.nutrition ?? undefined,
  });
  if (!recipe) return null;
  return { ...recipe, totalMinutes: fields.minutes, address: webAddress(fields.address), file };
}

/** An http(s) address, or null: an app's "source" may be a book's name or a note. */
export function webAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return /^https?:\/\/\S+$/i.test(trimmed) && trimmed.length <= 2000 ? trimmed : null;
}

const HOURS = /(\d+(?:[.,]\d+)?)\s*(?:h|hrs?|hours?|ч|час(?:а|ов)?)\.?(?![a-zа-я])/iu;
const MINUTES = /(\d+(?:[.,]\d+)?)\s*(?:m|mins?|minutes?|мин(?:ута|уты|ут)?)\.?(?![a-zа-я])/iu;

/**
 * A time as apps write it, in whole minutes: ISO ("PT1H30M"), words ("2 Hours 30 Minutes",
 * "1 hr 15 mins", "1 ч 20 мин") or a bare number of minutes. Null when it says no time.
 */
export function minutesOfText(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().slice(0, 100);
  const iso = durationMinutes(text);
  if (iso !== null) return iso > 0 ? iso : null;
  if (/^\d+$/.test(text)) return Number(text) > 0 ? Number(text) : null;
  const number = (written: string | undefined) => (written ? Number(written.replace(',', '.')) : 0);
  const total = number(HOURS.exec(text)?.[1]) * 60 + number(MINUTES.exec(text)?.[1]);
  return total > 0 ? Math.round(total) : null;
}

/** Whole minutes added, null when none of them says a time. */
export function minutesAdded(...times: Array<number | null>): number | null {
  const known = times.filter((time): time is number => time !== null);
  return known.length > 0 ? known.reduce((sum, time) => sum + time, 0) : null;
}

/** "2 cup flour, sifted": an amount, its unit and the food, as an app stores them in parts. */
export function ingredientText(parts: {
  amount: number | null;
  unit: string | null;
  food: string | null;
  note: string | null;
}): string {
  const amount =
    parts.amount !== null && parts.amount > 0 ? String(Math.round(parts.amount * 1000) / 1000) : '';
  const head = [amount, parts.unit ?? '', parts.food ?? ''].filter((part) => part.trim() !== '').join(' ');
  const note = parts.note?.trim() ?? '';
  if (!head) return note;
  return note ? `${head}, ${note}` : head;
}
