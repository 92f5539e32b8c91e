'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Input } from '@/components/ui/field';
import { useDataMode, useDay } from '@/lib/data';
import { ApiError } from '@/lib/http/api-client';
import { todayIso, weekdays, type Weekday } from '@/lib/diary/dates';
import type { Locale } from '@/lib/i18n/config';
import {
  loggedOf,
  parseStored,
  PushSubscribeError,
  reminderSupport,
  saveReminders,
  sendTestReminder,
  stopReminders,
  storedRemindersText,
  watchStoredReminders,
} from '@/lib/pwa/reminders-client';
import { isMeal, mealPlan, meals, type Meal, type MealPlan } from '@/lib/diary/meals';
import { useMeals } from '@/lib/hooks/use-meals';
import { type Reminder, type Reminders, type TimedReminderKind } from '@/lib/schemas/push';
import { useRunningFast } from '@/components/diary/use-running-fast';
import { toast } from '@/lib/ui/toast-store';
import { cn } from '@/lib/ui/cn';

/** What a device asks for when reminders are first turned on: lunch and dinner, every day. */
const FIRST_REMINDERS: Reminders = {
  breakfast: null,
  lunch: { time: '13:00', days: [...weekdays] },
  dinner: { time: '19:00', days: [...weekdays] },
  snacks: null,
  weighIn: null,
  nothingLogged: null,
  fastEnd: false,
};
const DEFAULT_TIMES: Partial<Record<TimedReminderKind, string>> = {
  breakfast: '08:30',
  lunch: '13:00',
  dinner: '19:00',
  snacks: '16:00',
  weighIn: '07:30',
  nothingLogged: '20:30',
};
/** A meal of one's own's first time: the afternoon, where a полдник or a second snack falls. */
const OWN_MEAL_TIME = '16:00';

/** The names the user gave meals, as a reminder's title needs them (lib/server/push/notification.ts). */
const mealNamesOf = (plan: MealPlan | null): Reminders['mealNames'] =>
  Object.fromEntries(mealPlan(plan).flatMap((slot) => (slot.name === null ? [] : [[slot.id, slot.name]])));

/**
 * The reminders listed, in the order of the day: the meals one logs into (the user's order), any
 * other meal that has a reminder (so it can be turned off), then the weigh-in and the evening's.
 */
function listedKinds(loggable: readonly Meal[], reminders: Reminders): TimedReminderKind[] {
  const remindedMeals = meals.filter((meal) => reminders[meal] && !loggable.includes(meal));
  return [...loggable, ...remindedMeals, 'weighIn', 'nothingLogged'];
}

/** Monday 5 January 2026, the start of a week, for the weekdays' names in the locale. */
const A_MONDAY = Date.UTC(2026, 0, 5, 12);

const noSubscription = () => () => {};

/**
 * Reminders on this device, by Web Push: a meal's at its time on chosen weekdays, a weigh-in's,
 * "nothing logged today", and a fast's when it reaches its plan. The server sends them and skips
 * what is already logged: it reads an account's diary; a guest's device tells it only which meals
 * it logged today (and its fast under way, for the fast's reminder). Saved as they are changed;
 * turning them off ends the subscription.
 */
export function ReminderSettings() {
  const t = useTranslations('settings.reminders');
  const locale = useLocale() as Locale;
  const mode = useDataMode();
  const today = useDay(todayIso());
  const fast = useRunningFast(todayIso(), mode === 'guest');
  const support = useSyncExternalStore(noSubscription, reminderSupport, () => 'unsupported' as const);
  // The device's own state is only known in the browser, after hydration.
  const storedText = useSyncExternalStore(watchStoredReminders, storedRemindersText, () => null);
  const stored = useMemo(() => parseStored(storedText), [storedText]);
  const [busy, setBusy] = useState(false);
  // Why this browser could not subscribe: said beside the button until a try succeeds, since
  // what to do about it takes longer to read than a toast stays.
  const [cannotSubscribe, setCannotSubscribe] = useState<PushSubscribeError['reason'] | null>(null);
  const saving = useRef(0);
  const ownMeals = useMeals();
  // A meal renamed since the reminders were saved: the server is told the name its reminder shows.
  const namesNow = JSON.stringify(mealNamesOf(ownMeals.plan));
  const namesToldText = stored ? JSON.stringify(stored.reminders.mealNames ?? {}) : namesNow;
  const tellNames = useEffectEvent(() => {
    if (stored) void save(stored.reminders);
  });
  // Only a change of the names or of those told asks again: a failed save waits for the next.
  useEffect(() => {
    if (namesToldText !== namesNow) tellNames();
  }, [namesNow, namesToldText]);

  async function save(chosen: Reminders) {
    const reminders = { ...chosen, mealNames: mealNamesOf(ownMeals.plan) };
    const attempt = ++saving.current;
    setBusy(true);
    try {
      const guest =
        mode === 'guest' && today.data
          ? { guestLogged: loggedOf(today.data), guestFast: fast.running ?? null }
          : null;
      await saveReminders(reminders, locale, guest);
      setCannotSubscribe(null);
    } catch (error) {
      if (error instanceof PushSubscribeError) setCannotSubscribe(error.reason);
      else toast({ title: saveFailure(error), variant: 'error' });
    } finally {
      if (attempt === saving.current) setBusy(false);
    }
  }

  function saveFailure(error: unknown): string {
    if (error instanceof Error && error.message === 'denied') return t('denied');
    if (error instanceof ApiError && error.status === 429)
      return t('tooMany', { minutes: error.retryAfterMinutes ?? 1 });
    return t(navigator.onLine ? 'saveFailed' : 'offline');
  }

  async function test() {
    setBusy(true);
    try {
      await sendTestReminder();
      toast({ title: t('testSent') });
    } catch (error) {
      toast({ title: testFailure(error), variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  function testFailure(error: unknown): string {
    if (!(error instanceof ApiError)) return t(navigator.onLine ? 'testFailed' : 'offline');
    if (error.status === 429) return t('testTooMany', { minutes: error.retryAfterMinutes ?? 1 });
    return t(error.status === 410 || error.status === 404 ? 'testGone' : 'testFailed');
  }

  async function stop() {
    setBusy(true);
    await stopReminders().catch(() => undefined);
    setBusy(false);
    toast({ title: t('stopped') });
  }

  if (support === 'unsupported') return <p className="text-fg-muted text-sm">{t('unsupported')}</p>;

  return (
    <div className="grid gap-4" data-testid="reminder-settings">
      <p className="text-fg-muted text-sm">{t(mode === 'guest' ? 'guestNote' : 'accountNote')}</p>
      {support === 'denied' ? (
        <p className="text-error-strong text-sm" role="alert">
          {t('denied')}
        </p>
      ) : stored ? (
        <>
          <ul className="divide-border grid divide-y" aria-label={t('listLabel')}>
            {listedKinds(ownMeals.loggable, stored.reminders).map((kind) => (
              <ReminderRow
                key={kind}
                kind={kind}
                name={isMeal(kind) ? ownMeals.nameOf(kind) : t(`kinds.${kind as 'weighIn'}`)}
                reminder={stored.reminders[kind] ?? null}
                onChange={(reminder) => void save({ ...stored.reminders, [kind]: reminder })}
              />
            ))}
            <li className="py-3" data-testid="reminder-fastEnd">
              <label className="flex min-h-11 items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={stored.reminders.fastEnd}
                  onChange={(event) => void save({ ...stored.reminders, fastEnd: event.target.checked })}
                  className="accent-primary mt-1 size-4 shrink-0"
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{t('kinds.fastEnd')}</span>
                  <span className="text-fg-muted text-xs">{t('fastEndHint')}</span>
                </span>
              </label>
            </li>
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              className="h-auto min-h-10 w-fit max-w-full py-2 whitespace-normal"
              disabled={busy}
              onClick={() => void test()}
            >
              <Icon name="bell" className="text-lg" />
              {t('test')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              className="h-auto min-h-10 w-fit max-w-full py-2 whitespace-normal"
              disabled={busy}
              onClick={() => void stop()}
            >
              {t('turnOff')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {cannotSubscribe ? (
            <p className="text-error-strong text-sm" role="alert" data-testid="reminders-cannot-subscribe">
              {t(cannotSubscribe)}
            </p>
          ) : null}
          <Button type="button" className="w-fit" disabled={busy} onClick={() => void save(FIRST_REMINDERS)}>
            {t('turnOn')}
          </Button>
        </>
      )}
    </div>
  );
}

function ReminderRow({
  kind,
  name,
  reminder,
  onChange,
}: {
  kind: TimedReminderKind;
  /** What the reminder is of, as the settings name it (a meal by the user's name for it). */
  name: string;
  reminder: Reminder | null;
  onChange: (reminder: Reminder | null) => void;
}) {
  const t = useTranslations('settings.reminders');
  const format = useFormatter();
  const on = reminder !== null;
  const timeId = useId();
  const dayName = (day: Weekday) =>
    format.dateTime(new Date(A_MONDAY + weekdays.indexOf(day) * 86_400_000), {
      weekday: 'short',
      timeZone: 'UTC',
    });
  const timeLabel = t('timeOf', { reminder: name });

  return (
    <li className="grid gap-2 py-3" data-testid={`reminder-${kind}`}>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex min-h-11 flex-1 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={on}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? { time: DEFAULT_TIMES[kind] ?? OWN_MEAL_TIME, days: [...weekdays] }
                  : null,
              )
            }
            className="accent-primary size-4"
          />
          {name}
        </label>
        {reminder ? (
          // A time is five characters: the field is sized for it, beside its reminder's name.
          <div className="w-36">
            <Input
              id={timeId}
              type="time"
              aria-label={timeLabel}
              // Saved when left, not on every digit of a time being typed.
              defaultValue={reminder.time}
              key={reminder.time}
              onBlur={(event) => {
                const time = event.target.value;
                if (/^\d{2}:\d{2}$/.test(time) && time !== reminder.time) onChange({ ...reminder, time });
              }}
            />
          </div>
        ) : null}
      </div>
      {reminder ? (
        <div className="flex flex-wrap gap-1" role="group" aria-label={t('daysOf', { reminder: name })}>
          {weekdays.map((day) => {
            const chosen = reminder.days.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={chosen}
                // The last day cannot be taken away: a reminder of no day is turned off instead.
                disabled={chosen && reminder.days.length === 1}
                onClick={() =>
                  onChange({
                    ...reminder,
                    days: chosen
                      ? reminder.days.filter((each) => each !== day)
                      : weekdays.filter((each) => each === day || reminder.days.includes(each)),
                  })
                }
                className={cn(
                  'min-h-9 min-w-11 rounded-full border px-2 text-xs font-medium',
                  chosen
                    ? 'border-primary bg-primary-soft text-primary-strong'
                    : 'border-border text-fg-muted',
                )}
              >
                {dayName(day)}
              </button>
            );
          })}
        </div>
      ) : null}
    </li>
  );
}
