import 'server-only';
import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
// lib/schemas/zod.ts has no `describe`; the server's bundle size does not matter (decision 0010).
import { describe } from 'zod/mini';
import { QUICK_ADD_NAME } from '@/lib/diary/entry-name';
import { entryFromFood, quickAddEntry, sumTotals } from '@/lib/diary/nutrition';
import { locales } from '@/lib/i18n/config';
import { LIMITS } from '@/lib/limits';
import { statsQuerySchema } from '@/lib/schemas/api';
import { isoDateSchema, limitedNumber, limitedText, mealSchema } from '@/lib/schemas/common';
import { weightSchema } from '@/lib/schemas/day';
import { foodRefSchema } from '@/lib/schemas/entry';
import { z } from '@/lib/schemas/zod';
import type { TokenOwner } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { deleteEntry, getDay, updateDay } from '@/lib/server/db/days';
import { listFoods } from '@/lib/server/db/foods';
import { getSettings } from '@/lib/server/db/settings';
import { getStats } from '@/lib/server/db/stats';
import { answer, ToolRefusal } from './answers';
import { dayView } from './day-view';
import { searchFoods } from './food-search';
import { loggableOf, logEntry, servingOf } from './log-entry';
import { logMeal } from './log-meal';
import {
  dayOutput,
  deletedOutput,
  loggedOutput,
  mealLoggedOutput,
  searchOutput,
  statsOutput,
  weightOutput,
} from './outputs';
import { entryView, foodView } from './sources';

/*
 * The diary's tools. Inputs are the REST API's own schemas (lib/schemas), so a tool takes what
 * the API takes, within the same limits; the SDK checks them and answers a bad one as a tool
 * error naming the field and the limit's key ("dateRange at date"). Every tool works on the
 * token's user only, and checks the token's scope for what it does (answer()).
 */

const about = <T extends z.ZodType>(schema: T, text: string): T => schema.check(describe(text));

const date = about(
  isoDateSchema,
  `A day of the diary, YYYY-MM-DD: the user's own calendar day (their local date, not UTC), ${LIMITS.date.min} to ${LIMITS.date.max}.`,
);
const MEALS_TEXT =
  "breakfast, lunch, dinner or snacks, or meal5 to meal8: the user's own meals, named in read_day's meals";
const meal = about(mealSchema, `The meal: ${MEALS_TEXT}.`);
const range = (limit: { min: number; max: number }) => `${limit.min} to ${limit.max}`;

/** A quick add's grams of a macro, as the entry schema limits them. */
const macroGrams = (macro: string) =>
  about(z.optional(limitedNumber(LIMITS.entryMacro, 'macroRange')), `Grams of ${macro}; 0 when left out.`);

/** What a tool does to the diary, as the protocol's hints tell a client: only its own data, never the web. */
const READS = { readOnlyHint: true, openWorldHint: false };
const ADDS = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

/** Registers the diary's tools on `server`, each acting for the token's user. */
export function registerDiaryTools(server: McpServer, owner: TokenOwner): void {
  const { userId } = owner;

  server.registerTool(
    'search_foods',
    {
      title: 'Search foods',
      description:
        "Searches the user's own foods and the built-in catalog (USDA SR figures), as the app's add dialog does: best matches first, the user's own foods above catalog foods that match as well. " +
        'Each result has `food` (the reference log_food takes: a number for an own food, "c:<slug>" for a catalog one), `source` ("own" or "catalog"), ' +
        'kcal, protein, fat and carbs per 100 g, and household `servings` with their grams where known. Needs the "read" scope.',
      inputSchema: {
        query: about(
          limitedText(LIMITS.nameLength, 'queryLength'),
          'What to look for: a food\'s name in English or Russian, in everyday words ("banana", "oat porridge", "гречка").',
        ),
        limit: about(
          z.optional(
            z
              .int('limitRange')
              .check(
                z.gte(LIMITS.mcpSearchResults.min, 'limitRange'),
                z.lte(LIMITS.mcpSearchResults.max, 'limitRange'),
              ),
          ),
          `How many results at most, ${range(LIMITS.mcpSearchResults)}; 10 when left out.`,
        ),
      },
      outputSchema: searchOutput,
      annotations: READS,
    },
    ({ query, limit }) =>
      answer(owner, 'read', async () => {
        const db = await getDb();
        const [foods, settings] = await Promise.all([listFoods(db, userId), getSettings(db, userId)]);
        const found = (await searchFoods(foods, settings.language, query, limit ?? 10)).map(foodView);
        return {
          summary: `${found.length} food${found.length === 1 ? '' : 's'} found for "${query}".`,
          data: { results: found },
        };
      }),
  );

  server.registerTool(
    'log_food',
    {
      title: 'Log a food',
      description:
        'Logs an amount of a food found by search_foods to a meal of a day, in grams or in servings (give exactly one). ' +
        "The entry keeps the food's name and its nutrition for that amount as they are now; changing the food later does not change it. " +
        'Answers the entry and the day\'s new totals. Needs the "write" scope.',
      inputSchema: {
        date,
        meal,
        food: about(
          foodRefSchema,
          'The `food` of a search_foods result: a number for the user\'s own food, "c:<slug>" for a catalog food.',
        ),
        grams: about(
          z.optional(limitedNumber(LIMITS.entryGrams, 'gramsRange')),
          `Grams eaten, ${range(LIMITS.entryGrams)}. Give this or servings.`,
        ),
        servings: about(
          z.optional(limitedNumber(LIMITS.entryAmount, 'amountRange')),
          'How many servings were eaten (0.5 for half of one). Give this or grams.',
        ),
        serving: about(
          z.optional(limitedText(LIMITS.servingLabelLength, 'servingLabel')),
          "Which of the food's servings `servings` counts, by its label; the first listed when left out.",
        ),
      },
      outputSchema: loggedOutput,
      annotations: ADDS,
    },
    (args) =>
      answer(owner, 'write', async () => {
        if ((args.grams === undefined) === (args.servings === undefined))
          throw new ToolRefusal(
            'Give the amount either in grams or in servings, not both or neither. Nothing was logged.',
          );
        const db = await getDb();
        const { language } = await getSettings(db, userId);
        const food = await loggableOf(db, userId, args.food, language);
        const [amount, measure] =
          args.servings === undefined ? [args.grams!, null] : [args.servings, servingOf(food, args.serving)];
        const entry = entryFromFood(food, amount, measure, {
          id: randomUUID(),
          meal: args.meal,
          now: new Date().toISOString(),
        });
        const { logged, data } = await logEntry(db, userId, args.date, entry);
        return {
          summary: `Logged ${logged.name}, ${logged.grams} g (${logged.kcal} kcal), to ${args.meal} on ${args.date}.`,
          data,
        };
      }),
  );

  server.registerTool(
    'log_meal',
    {
      title: 'Log a meal described in words',
      description:
        'Logs what the user says they ate, in English or Russian ("2 slices of bread and a cup of coffee", "два яйца и стакан кефира"), ' +
        "as the app's \"Say what you ate\" does: each item is matched to the user's own foods (first) and the catalog, its amount read in the food's own measures or in grams, " +
        'and logged as one entry each, all in one go or none. Items whose food is not found are not logged, and the answer names them (`notLogged`): ' +
        'search_foods and log_food, or quick_add, can log them. Each logged entry says how `sure` the reading was and what was guessed (`notes`); ' +
        'read the guesses back to the user. The meal is `meal`, else the one the text names ("for breakfast"), else that of the hour. ' +
        `Text past ${LIMITS.phraseLength.max} characters is not read (\`truncated\`). Needs the "write" scope.`,
      inputSchema: {
        text: about(
          z.string(),
          'What was eaten, as the user said it: items with counts and measures, separated by commas, "and", new lines.',
        ),
        date: about(
          z.optional(isoDateSchema),
          "The user's local calendar day, YYYY-MM-DD. Give it: left out, today by the time zone of the user's reminders if any, else UTC's.",
        ),
        meal: about(z.optional(mealSchema), `${MEALS_TEXT}; see above when left out.`),
        locale: about(
          z.optional(z.enum(locales)),
          "The language of catalog names and of a cup's size (en: US cup, ru: стакан of 250 ml); the user's language when left out.",
        ),
      },
      outputSchema: mealLoggedOutput,
      annotations: ADDS,
    },
    (args) => answer(owner, 'write', async () => logMeal(await getDb(), userId, args)),
  );

  server.registerTool(
    'quick_add',
    {
      title: 'Quick add',
      description:
        'Logs kcal (and, when known, protein, fat and carbs in grams) to a meal of a day without a food: what a label or a menu says for the whole portion. ' +
        'Answers the entry and the day\'s new totals. Needs the "write" scope.',
      inputSchema: {
        date,
        meal,
        name: about(
          z.optional(limitedText(LIMITS.nameLength, 'nameLength')),
          'What it was ("Cafe latte"); "Quick add" when left out.',
        ),
        kcal: about(
          limitedNumber(LIMITS.entryKcal, 'kcalRange'),
          `kcal of the whole portion, ${range(LIMITS.entryKcal)}.`,
        ),
        protein: macroGrams('protein'),
        fat: macroGrams('fat'),
        carbs: macroGrams('carbs'),
      },
      outputSchema: loggedOutput,
      annotations: ADDS,
    },
    (args) =>
      answer(owner, 'write', async () => {
        const totals = {
          kcal: args.kcal,
          protein: args.protein ?? 0,
          fat: args.fat ?? 0,
          carbs: args.carbs ?? 0,
        };
        const entry = quickAddEntry(args.name ?? QUICK_ADD_NAME, totals, {
          id: randomUUID(),
          meal: args.meal,
          now: new Date().toISOString(),
        });
        const { logged, data } = await logEntry(await getDb(), userId, args.date, entry);
        return {
          summary: `Logged ${logged.name} (${logged.kcal} kcal) to ${args.meal} on ${args.date}.`,
          data,
        };
      }),
  );

  server.registerTool(
    'read_day',
    {
      title: 'Read a day',
      description:
        "Reads a day of the diary: its entries by meal (each with its id, amount, kcal, protein, fat, carbs and `source`: catalog, own, 'quick add / label' or import), " +
        'the totals, the goal, the kcal its activity adds to the budget, the remaining kcal (negative when over), each macro against its target, and its water, weight and activities. ' +
        'Needs the "read" scope.',
      inputSchema: { date },
      outputSchema: dayOutput,
      annotations: READS,
    },
    ({ date: day }) =>
      answer(owner, 'read', async () => {
        const db = await getDb();
        const [stored, settings] = await Promise.all([getDay(db, userId, day), getSettings(db, userId)]);
        const view = dayView(day, stored, settings);
        return {
          summary: `${day}: ${view.totals.kcal} kcal eaten of a ${view.goal} kcal goal, ${view.remainingKcal} kcal remaining.`,
          data: view,
        };
      }),
  );

  server.registerTool(
    'read_stats',
    {
      title: 'Read statistics',
      description:
        'Statistics of the days from `from` to `to` (YYYY-MM-DD, inclusive, at most ' +
        `${LIMITS.rangeDays.max} days), as the app's stats page shows them: kcal, goal, water and activity of each day, ` +
        'the average kcal of the logged days, days on target, the macro split, the weight trend, water, and the logging streaks as of `today` (`to` when left out). ' +
        'Every figure is summed from the diary\'s own entries and days. Needs the "read" scope.',
      inputSchema: statsQuerySchema,
      outputSchema: statsOutput,
      annotations: READS,
    },
    ({ from, to, today }) =>
      answer(owner, 'read', async () => {
        const stats = await getStats(await getDb(), userId, { from, to, today: today ?? to });
        const average =
          stats.averageKcal === null
            ? 'no logged days'
            : `${Math.round(stats.averageKcal)} kcal a logged day`;
        return {
          summary: `${from} to ${to}: ${stats.loggedDays} logged days, ${average}, ${stats.daysOnTarget} on target.`,
          data: stats,
        };
      }),
  );

  server.registerTool(
    'log_weight',
    {
      title: 'Log a weight',
      description:
        'Sets the body weight of a day, in kg, replacing one already set that day. Needs the "write" scope.',
      inputSchema: { date, kg: about(weightSchema, `Body weight in kg, ${range(LIMITS.weightKg)}.`) },
      outputSchema: weightOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ date: day, kg }) =>
      answer(owner, 'write', async () => {
        const stored = await updateDay(await getDb(), userId, day, { weight: kg }, undefined);
        return {
          summary: `Weight ${stored.weight} kg set for ${day}.`,
          data: { date: day, weightKg: stored.weight },
        };
      }),
  );

  server.registerTool(
    'delete_entry',
    {
      title: 'Delete an entry',
      description:
        'Deletes an entry of a day, by the id read_day answers. Destructive: without `confirm: true` it deletes nothing and answers what it would delete, ' +
        'so the user can be asked first. Needs the "delete" scope.',
      inputSchema: {
        date,
        id: about(z.uuid('idInvalid'), "The entry's id, as read_day lists it."),
        confirm: about(
          z.optional(z.boolean()),
          'true to delete; only once the user has agreed to deleting this entry.',
        ),
      },
      outputSchema: deletedOutput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ date: day, id, confirm }) =>
      answer(owner, 'delete', async () => {
        const db = await getDb();
        const entry = (await getDay(db, userId, day))?.entries.find((each) => each.id === id);
        if (!entry)
          throw new ToolRefusal(`${day} has no entry ${id}; read_day lists the day's entries and their ids.`);
        const described = `"${entry.name}" (${entry.kcal} kcal, ${entry.meal}) on ${day}`;
        if (confirm !== true)
          throw new ToolRefusal(
            `Nothing was deleted. This would delete ${described}; call delete_entry again with confirm: true to delete it.`,
          );
        const after = await deleteEntry(db, userId, day, id);
        return {
          summary: `Deleted ${described}.`,
          data: { date: day, deleted: entryView(entry), dayTotals: sumTotals(after.entries) },
        };
      }),
  );
}
