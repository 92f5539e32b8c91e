import 'server-only';
import { randomUUID } from 'node:crypto';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import { namedMeals, type Meal } from '@/lib/diary/meals';
import { entryFromFood } from '@/lib/diary/nutrition';
import type { MatchNote, PhraseMatch } from '@/lib/diary/phrase-match';
import type { Locale } from '@/lib/i18n/config';
import { LIMITS } from '@/lib/limits';
import type { Database } from '@/lib/server/db/client';
import { listFoods } from '@/lib/server/db/foods';
import { getSettings } from '@/lib/server/db/settings';
import { readFoodPhrase } from '@/lib/server/read-phrase';
import { ToolRefusal, type ToolAnswer } from './answers';
import { checkedEntry, logEntries, withCatalogNutrients } from './log-entry';
import { entryView } from './sources';
import { userClock } from './user-clock';

/*
 * log_meal (issue 49): a meal described in words, read as POST /api/parse reads it, logged as one
 * entry per food found, all or none. Nothing it read is left out of its answer: an item it could
 * not log is named with the reason, a guess with the words it was made of.
 */

export type LogMealInput = { text: string; date?: string; meal?: Meal; locale?: Locale };

/** A reading's note on a logged item, as a sentence for the assistant to pass on. */
function noteText(note: MatchNote, food: string): string {
  switch (note.kind) {
    case 'no-food':
      return 'no food was found';
    case 'words-missing':
      return `${food} matched only some of the words`;
    case 'measure-missing':
      return `${food} has no "${note.measure}" measure: a typical one's grams were taken`;
    case 'volume-as-water':
      return `${food} has no measure by volume: its volume was weighed as water`;
    case 'unread':
      return `"${note.text}" could not be read`;
    default: {
      const never: never = note;
      return never;
    }
  }
}

/** Why an item of log_meal's text was not logged. */
function notLoggedReason(match: PhraseMatch<unknown>): string {
  const unread = match.item.unread.map((text) => `"${text}"`).join(', ');
  if (match.item.food === '')
    return unread ? `${unread} could not be read as a food` : 'it names no food, only an amount';
  if (match.notes.some((note) => note.kind === 'words-missing'))
    return `no food matched every word of "${match.item.food}"; search_foods may find it by another name`;
  return `no food was found for "${match.item.food}"; search_foods may find it by another name, or quick_add logs its kcal`;
}

/** "1 entry", "3 entries". */
const entriesCount = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;

/**
 * Reads `text` over the user's foods and the catalog and logs each item whose food was found to
 * the day and meal asked (else the text's meal, else the hour's on the user's clock), in one
 * transaction. Refuses, writing nothing, when no food was found or an amount is past the limits.
 */
export async function logMeal(db: Database, userId: string, args: LogMealInput): Promise<ToolAnswer> {
  const [foods, settings] = await Promise.all([listFoods(db, userId), getSettings(db, userId)]);
  const language = args.locale ?? settings.language;
  const reading = await readFoodPhrase(foods, args.text, language, namedMeals(settings.meals));
  const clock =
    args.date === undefined || (args.meal ?? reading.meal) === null ? await userClock(db, userId) : null;
  const day = args.date ?? clock!.date;
  const [meal, mealFrom] = args.meal
    ? [args.meal, 'input' as const]
    : reading.meal
      ? [reading.meal, 'text' as const]
      : [clock!.meal, 'hour' as const];
  // Without a person to check the preview, a food that matched only some of the words is not
  // logged: "zzqxberry pie" is not Cherry pie.
  const found = reading.matches.filter(
    (match) =>
      match.found !== null &&
      match.pick !== null &&
      !match.notes.some((note) => note.kind === 'words-missing'),
  );
  const notLogged = reading.matches
    .filter((match) => !found.includes(match))
    .map((match) => ({ text: match.item.text, reason: notLoggedReason(match) }));
  const unlogged = notLogged.map(({ text, reason }) => `"${text}": ${reason}`).join('; ');
  const cut = reading.truncated ? ` Only the first ${LIMITS.phraseLength.max} characters were read.` : '';
  if (found.length === 0)
    throw new ToolRefusal(
      `Nothing was logged: no food was found in the text.${unlogged ? ` ${unlogged}.` : ''}${cut}`,
    );
  // Sorted random (v4) ids: a day lists entries of one time by id, so they keep the text's order.
  const ids = found.map(() => randomUUID()).sort();
  const now = new Date().toISOString();
  const entries = await Promise.all(
    found.map(async (match, index) => {
      const food = await withCatalogNutrients(match.pick!.food);
      const entry = entryFromFood(food, match.pick!.amount, match.pick!.measure, {
        id: ids[index]!,
        meal,
        now,
      });
      try {
        return checkedEntry(entry);
      } catch (error) {
        if (!(error instanceof InvalidDataError)) throw error;
        throw new ToolRefusal(
          `Nothing was logged: "${match.item.text}" as ${food.name}, ${entry.grams} g, is past the diary's limits (${error.field}: ${error.messageKey}). ` +
            'Correct the amount, or leave that item out.',
        );
      }
    }),
  );
  const { logged, dayTotals } = await logEntries(db, userId, day, entries);
  const items = logged.map((stored, index) => {
    const match = found[index]!;
    return {
      text: match.item.text,
      entry: entryView(stored),
      sure: match.sure,
      notes: match.notes.map((note) => noteText(note, stored.name)),
    };
  });
  // A guess names the words it was read from: "Cherry pie" may not be what "berry pie" meant.
  const listed = items
    .map(({ text, entry, sure, notes }) => {
      const name = sure === 'guess' ? `${entry.name} (a guess for "${text}")` : entry.name;
      const noted = notes.length > 0 ? `: ${notes.join('; ')}` : '';
      return `${name}, ${entry.grams} g (${entry.kcal} kcal${noted})`;
    })
    .join('; ');
  const when =
    clock && args.date === undefined
      ? ` (today in ${clock.timeZone}${mealFrom === 'hour' ? ', the meal by its hour' : ''})`
      : mealFrom === 'hour'
        ? ` (the meal by the hour in ${clock!.timeZone})`
        : '';
  return {
    summary:
      `Logged ${entriesCount(items.length)} to ${meal} on ${day}${when}: ${listed}.` +
      (unlogged ? ` Not logged: ${unlogged}.` : '') +
      cut,
    data: {
      date: day,
      meal,
      mealFrom,
      logged: items,
      notLogged,
      truncated: reading.truncated,
      dayTotals,
    },
  };
}
