import { namedMeals } from '@/lib/diary/meals';
import { parseAnswerSchema } from '@/lib/schemas/phrase';
import { getDb } from '@/lib/server/db/client';
import { listFoods } from '@/lib/server/db/foods';
import { getSettings } from '@/lib/server/db/settings';
import { methodNotAllowed, reply } from '@/lib/server/http';
import { parseAnswerOf, readFoodPhrase } from '@/lib/server/read-phrase';
import { route } from '@/lib/server/route';

/**
 * POST /api/parse {text, locale?} → {items, meal, truncated}: what was eaten, read into foods of
 * the user's and the catalog's with their amounts (issue 49); a meal the user named is read as that
 * meal ("на полдник"). A POST, as a text of 2,000
 * characters does not belong in a URL, that only reads: a token needs the `read` scope.
 */
export const POST = route('parsePhrase', async (request, { userId }, read) => {
  const { text, locale } = await read.body();
  const db = await getDb();
  const [foods, settings] = await Promise.all([listFoods(db, userId), getSettings(db, userId)]);
  const reading = await readFoodPhrase(foods, text, locale ?? settings.language, namedMeals(settings.meals));
  return reply(parseAnswerSchema, parseAnswerOf(reading));
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
