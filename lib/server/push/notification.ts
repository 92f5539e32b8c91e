import 'server-only';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import type { Locale } from '@/lib/i18n/config';
import { isMeal, isOwnMeal, type OwnMeal } from '@/lib/diary/meals';
import type { ReminderKind } from '@/lib/schemas/push';

/** What a push carries: the service worker shows it as it is (app/sw.ts). */
export type ReminderNotification = { title: string; body: string; url: string; tag: string };

const MESSAGES = { en, ru } as const;

const translator = <Namespace extends 'reminders.push' | 'diary.meals' = 'reminders.push'>(
  language: Locale,
  namespace: Namespace = 'reminders.push' as Namespace,
) => createTranslator({ locale: language, messages: MESSAGES[language], namespace });

/**
 * A reminder as the device shows it, in its language: a meal's opens that day with the add
 * dialog on the meal; a weigh-in's, the weight; "nothing logged", the add dialog; a fast's,
 * today's fasting dialog (the fast under way is today's, whichever day it began). A meal the user
 * named (`mealName`), and any meal of one's own, is called by that name. One tag a reminder and
 * day, so a second copy replaces the first rather than stacking.
 */
export function reminderNotification(
  kind: ReminderKind,
  date: string,
  language: Locale,
  mealName: string | null = null,
): ReminderNotification {
  const t = translator(language);
  const url = isMeal(kind)
    ? `/dashboard?date=${date}&add=${kind}`
    : kind === 'weighIn'
      ? `/dashboard?date=${date}&weight=1`
      : kind === 'fastEnd'
        ? '/dashboard?fast=1'
        : `/dashboard?date=${date}&add=1`;
  const tag = `reminder-${kind}-${date}`;
  if (isMeal(kind) && (mealName !== null || isOwnMeal(kind))) {
    const meal = mealName ?? translator(language, 'diary.meals')(kind);
    return { title: meal, body: t('ownMeal.body', { meal }), url, tag };
  }
  const named = kind as Exclude<ReminderKind, OwnMeal>;
  return { title: t(`${named}.title`), body: t(`${named}.body`), url, tag };
}

/** The test a user sends from the settings (POST /api/push/test): a click opens the settings again. */
export function testNotification(language: Locale): ReminderNotification {
  const t = translator(language);
  return { title: t('test.title'), body: t('test.body'), url: '/settings', tag: 'reminder-test' };
}
