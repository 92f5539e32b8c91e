'use client';

import dynamic from 'next/dynamic';
import { useFormatter, useNow, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDataMode } from '@/lib/data';
import { toIsoDate } from '@/lib/diary/dates';
import {
  endFastChanges,
  endFastProblem,
  fastMinutes,
  fastProgress,
  type RunningFast,
} from '@/lib/diary/fasting';
import { useLeaveLinkOnClose } from '@/lib/hooks/use-leave-link-on-close';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { useOnDemand } from '@/lib/hooks/use-on-demand';
import { reportGuestFast } from '@/lib/pwa/reminders-client';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import { toast } from '@/lib/ui/toast-store';
import { DayFigureCard, GoalBar } from './day-figure-card';
import { useFastChanges } from './use-fast-changes';
import { useFastDuration } from './use-fast-duration';
import { useRunningFast } from './use-running-fast';

// Loaded on the first tap, as the other cards' dialogs are.
const loadFastingDialog = () => import('./fasting-dialog');
const FastingDialog = dynamic(() => loadFastingDialog().then((module) => module.FastingDialog), {
  ssr: false,
});

/** A time of day as the user's locale writes it: 20:00, 8:00 PM. */
export const clockTime = { hour: 'numeric', minute: '2-digit' } as const;

/** How often the running fast's figures move: they are whole minutes. */
const TICK_MS = 30_000;

/** How recent an entry must be to be a meal just logged, not one read as the day loaded. */
const JUST_LOGGED_MS = 2 * 60_000;
const NO_ENTRIES: readonly Entry[] = [];

/**
 * Fasting on the day: today, the fast under way (how long so far, against its planned length, and
 * when that is reached, in the user's clock) or a button to start one; any day, the fasts that
 * ended on it. The fast under way is looked for in the days it may have begun on, so a fast begun
 * last night, on another device or offline, shows here. `openOnLoad` (?fast=1, the reminder that
 * the fast reached its plan) opens the dialog at once; `onLeaveLink` takes ?fast=1 off the URL
 * once it closes.
 */
export function FastingCard({
  date,
  today,
  day,
  openOnLoad = false,
  onLeaveLink,
}: {
  date: string;
  today: string;
  /** The day shown; null: nothing written on it yet; undefined: not read yet. */
  day: Day | null | undefined;
  openOnLoad?: boolean;
  onLeaveLink: () => void;
}) {
  const t = useTranslations('diary.fasting');
  const format = useFormatter();
  const duration = useFastDuration();
  const now = useNow({ updateInterval: TICK_MS });
  const isToday = date === today;
  const fast = useRunningFast(today, isToday);
  const running = fast.running ?? null;
  const ended = day?.details?.fasts ?? [];
  const [open, setOpen] = useState(openOnLoad);
  const dialogLoaded = useOnDemand(open, loadFastingDialog, () => setOpen(false));
  useLeaveLinkOnClose(open, openOnLoad, onLeaveLink);
  const mode = useDataMode();

  // A guest's fast under way, told to the server for the reminder at its plan's end (when that
  // reminder is on); an account's the server reads from the diary.
  const known = fast.running !== undefined;
  const { start, goalMinutes } = running ?? {};
  useEffect(() => {
    if (mode !== 'guest' || !known) return;
    void reportGuestFast(start && goalMinutes ? { start, goalMinutes } : null);
  }, [mode, known, start, goalMinutes]);
  const progress = running ? fastProgress(running, now) : null;
  const lastEnded = ended.at(-1);
  const makeChanges = useFastChanges();
  const refusalMessage = useRefusalMessage();

  // A meal logged today while a fast is under way: asked, once a fast, whether the fast ended then.
  const seenEntries = useRef<ReadonlySet<string> | null>(null);
  const askedFor = useRef<string | null>(null);
  // A day not written yet holds no entries: after a fast begun last night, today's first meal is
  // the one that asks (its day did not exist before it, and was taken for "not read yet").
  const entries = isToday && day !== undefined ? (day?.entries ?? NO_ENTRIES) : undefined;
  useEffect(() => {
    if (!entries) return;
    const before = seenEntries.current;
    seenEntries.current = new Set(entries.map((entry) => entry.id));
    if (!before || !running || askedFor.current === running.start) return;
    const endDayOf = (at: Date) => (fast.recent ?? []).find((each) => each.date === toIsoDate(at)) ?? null;
    const meal = entries.find((entry) => {
      const at = new Date(entry.loggedAt);
      return (
        !before.has(entry.id) &&
        Date.now() - at.getTime() < JUST_LOGGED_MS &&
        endFastProblem(running, at, endDayOf(at)) === null
      );
    });
    if (!meal) return;
    askedFor.current = running.start;
    const at = new Date(meal.loggedAt);
    const endThen = (fast: RunningFast) =>
      makeChanges(endFastChanges(fast, at, endDayOf(at))).catch((error: unknown) =>
        toast({ title: refusalMessage(error), variant: 'error' }),
      );
    toast({
      title: t('loggedDuringFast', { time: format.dateTime(at, clockTime) }),
      action: { label: t('endThen'), onClick: () => void endThen(running) },
    });
  }, [entries, running, fast.recent, makeChanges, refusalMessage, t, format]);

  return (
    <DayFigureCard
      name="fasting"
      icon="fasting"
      iconClassName="bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300"
      label={running ? t('titleRunning', { goal: duration(running.goalMinutes) }) : t('title')}
      figure={
        running && progress
          ? duration(progress.elapsedMinutes)
          : lastEnded
            ? t('fasted', { duration: duration(fastMinutes(lastEnded)), count: ended.length })
            : t('none')
      }
      actions={
        isToday || ended.length > 0 ? (
          <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(true)}>
            {running ? t('end') : isToday ? t('start') : t('edit')}
          </Button>
        ) : null
      }
      footer={
        running && progress ? (
          <GoalBar
            name="fasting"
            label={t('title')}
            value={progress.elapsedMinutes}
            goal={running.goalMinutes}
            valueText={t('running', {
              elapsed: duration(progress.elapsedMinutes),
              goal: duration(running.goalMinutes),
            })}
            goalText={
              progress.reached
                ? t('reached')
                : t('endsAt', {
                    time: format.dateTime(progress.goalEnd, clockTime),
                    left: duration(progress.leftMinutes),
                  })
            }
            fillClassName={progress.reached ? 'bg-emerald-500' : 'bg-amber-500'}
          />
        ) : lastEnded ? (
          <span className="text-fg-muted truncate text-xs tabular-nums" data-testid="fasting-ended">
            {t('endedAt', {
              start: format.dateTime(new Date(lastEnded.start), clockTime),
              end: format.dateTime(new Date(lastEnded.end), clockTime),
              goal: duration(lastEnded.goalMinutes),
            })}
          </span>
        ) : null
      }
    >
      {open && dialogLoaded ? (
        <FastingDialog
          day={day ?? null}
          running={running}
          recentDays={fast.recent ?? []}
          canStart={isToday}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </DayFigureCard>
  );
}
