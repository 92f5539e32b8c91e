import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { loggableMealOfHour, type Meal } from '@/lib/diary/meals';
import { canonicalTimeZone } from '@/lib/i18n/time-zone';
import { DEFAULT_TIME_ZONE } from '@/lib/i18n/config';
import { localDateTime } from '@/lib/importers/source-dates';
import type { Database } from '@/lib/server/db/client';
import { pushSubscriptions } from '@/lib/server/db/schema';
import { getSettings } from '@/lib/server/db/settings';

/**
 * The user's wall clock now, for a tool given no date or meal: today's date and the meal of the
 * hour among the meals the user logs into, as the app's add button picks it on the device. An assistant's request
 * carries no time zone and the diary keeps none but that of the user's reminders (a device that
 * asked for them said its zone), the latest one's; without reminders the clock is UTC's, and the
 * tool says which it used.
 */
export async function userClock(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<{ date: string; meal: Meal; timeZone: string }> {
  const [latest] = await db
    .select({ timeZone: pushSubscriptions.timeZone })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt))
    .limit(1);
  const timeZone = canonicalTimeZone(latest?.timeZone) ?? DEFAULT_TIME_ZONE;
  const { date, time } = localDateTime(now, timeZone)!;
  const meal = loggableMealOfHour(Number(time.slice(0, 2)), (await getSettings(db, userId)).meals);
  return { date, meal, timeZone };
}
