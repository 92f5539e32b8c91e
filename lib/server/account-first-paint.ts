import 'server-only';
import { cookies, headers } from 'next/headers';
import { getFormatter } from 'next-intl/server';
import { dayFigures } from '@/lib/diary/day-figures';
import { summarizeDay, type SummaryFigures } from '@/lib/diary/day-summary';
import { TIME_ZONE_COOKIE } from '@/lib/i18n/config';
import { canonicalTimeZone } from '@/lib/i18n/time-zone';
import { localDateTime } from '@/lib/importers/source-dates';
import {
  energyNumberFormat,
  figureFormat,
  unitsOf,
  type EnergyUnit,
  type NumberFormat,
} from '@/lib/units/units';
import { findSession } from './auth/dal';
import { SESSION_COOKIE } from './auth/session';
import { getDb } from './db/client';
import { getDay } from './db/days';
import { getSettings } from './db/settings';

export type AccountFirstPaint = { figures: SummaryFigures; energyUnit: EnergyUnit };

/**
 * The summary card's figures of the day an account's dashboard opens on, for the server to draw
 * in the page's first paint (a guest's are painted from storage by an inline script): the same
 * rules (dayFigures) and the same formats as the view's, so the view takes over without a
 * change. Null where the server cannot tell what the view will show: no session, no time zone
 * from this browser yet (so no "today"), or calm mode (the view shows the meals instead).
 */
export async function accountFirstPaint(requestedDate: string | null): Promise<AccountFirstPaint | null> {
  const cookieStore = await cookies();
  const zone = canonicalTimeZone(cookieStore.get(TIME_ZONE_COOKIE)?.value);
  const date = requestedDate ?? (zone ? localDateTime(new Date(), zone)?.date : undefined);
  if (!date) return null;
  const session = await findSession(cookieStore.get(SESSION_COOKIE)?.value);
  if (!session) return null;
  const db = await getDb();
  const [settings, day] = await Promise.all([
    getSettings(db, session.userId),
    getDay(db, session.userId, date),
  ]);
  if (settings.calmMode) return null;
  // The view's units follow the browser's first language, which it sends first here.
  const language = (await headers()).get('accept-language')?.split(/[,;]/)[0]?.trim() || null;
  const energyUnit = unitsOf(settings, language).energy;
  const format = await getFormatter();
  const number: NumberFormat = (value, options) => format.number(value, options);
  const figures = summarizeDay(
    dayFigures(day, settings, date),
    figureFormat(number),
    energyNumberFormat(number, energyUnit),
  );
  return { figures, energyUnit };
}
