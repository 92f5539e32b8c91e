'use client';

import dynamic from 'next/dynamic';
import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { LoadError } from '@/components/ui/load-error';
import { isIsoDate, todayIso } from '@/lib/diary/dates';
import { afterLoadWhenIdle } from '@/lib/browser/idle';
import { startTypingBuffer, stopTypingBuffer } from '@/lib/ui/typing-buffer';
import { onAddFoodRequest } from '@/lib/ui/add-food-request';
import { useLeaveLinkOnClose } from '@/lib/hooks/use-leave-link-on-close';
import { useOnDemand } from '@/lib/hooks/use-on-demand';
import { DiaryData } from '@/components/layout/diary-data';
import {
  dayQuery,
  getQueryClient,
  loadRepository,
  settingsQuery,
  useDay,
  useDataMode,
  useSettings,
} from '@/lib/data';
import { mealOfTheHour, type Meal } from '@/lib/diary/meals';
import { useMeals } from '@/lib/hooks/use-meals';
import { NutrientPanel } from './nutrient-panel';
import { DashboardColumns } from './dashboard-columns';
import { DayNavigator } from './day-navigator';
import { DaySummary } from './day-summary';
import { MealSection } from './meal-section';
import { DashboardSkeleton } from './skeletons';
import { SetAsideNotice } from './set-aside-notice';
import { UnknownDateNotice } from './unknown-date-notice';
import { dayFigures } from '@/lib/diary/day-figures';
import { measuresOf } from '@/lib/diary/body-measures';
import { WaterCard } from './water-card';
import { ActivityCard } from './activity-card';
import { WeightCard } from './weight-card';
import { NoteCard } from './note-card';
import { StepsCard } from './steps-card';
import { MeasuresCard } from './measures-card';
import { FastingCard } from './fasting-card';
import { reportGuestLogged, showMealsLeftOnBadge } from '@/lib/pwa/reminders-client';

// The dialogs (search, catalog, forms, zod) load after the page, not with it: the add dialog
// once the page is idle, so it opens at once, and the keys typed meanwhile are kept.
const loadAddEntryDialog = () => import('./add-entry-dialog');
const AddEntryDialog = dynamic(() => loadAddEntryDialog().then((module) => module.AddEntryDialog), {
  ssr: false,
});
const CopyDialog = dynamic(() => import('./copy-dialog').then((module) => module.CopyDialog), { ssr: false });

/**
 * One day of the diary. The day is the user's local calendar day, so "today" is decided in the
 * browser; `?date=YYYY-MM-DD` deep-links any other day.
 */
type DashboardViewProps = {
  requestedDate: string | null;
  openAdd?: boolean;
  /** What the add dialog opened by ?add=1 searches for (?q=). */
  addQuery?: string;
  /** The meal ?add=<meal> opens the dialog on (a reminder, a shortcut); else the meal of the hour. */
  addMeal?: Meal | null;
  /** ?weight=1 (a weigh-in reminder, a shortcut): the weight dialog opens. */
  openWeight?: boolean;
  /** ?fast=1 (the reminder that a fast reached its plan): the fasting dialog opens. */
  openFast?: boolean;
  unknownDate?: string | null;
};

/**
 * Reads the day and the settings while the view's code loads, so the view mounts once, with its
 * data, instead of painting empty and rendering again as each read finishes.
 */
export async function preloadDashboard(): Promise<void> {
  const repository = await loadRepository();
  const requested = new URLSearchParams(window.location.search).get('date');
  const queryClient = getQueryClient();
  await Promise.all([
    // The page shows today for a date that is no day (UnknownDateNotice): so does the preload.
    queryClient.prefetchQuery(
      dayQuery(repository, requested && isIsoDate(requested) ? requested : todayIso()),
    ),
    queryClient.prefetchQuery(settingsQuery(repository)),
  ]);
}

export default function DashboardView({
  requestedDate,
  openAdd = false,
  addQuery = '',
  addMeal = null,
  openWeight = false,
  openFast = false,
  unknownDate = null,
}: DashboardViewProps) {
  return (
    <DiaryData>
      <Dashboard
        requestedDate={requestedDate}
        openAdd={openAdd}
        addQuery={addQuery}
        addMeal={addMeal}
        openWeight={openWeight}
        openFast={openFast}
        unknownDate={unknownDate}
      />
    </DiaryData>
  );
}

function Dashboard({
  requestedDate,
  openAdd,
  addQuery = '',
  addMeal = null,
  openWeight = false,
  openFast = false,
  unknownDate,
}: DashboardViewProps) {
  const t = useTranslations('diary');
  const router = useRouter();
  const pathname = usePathname();
  const today = todayIso();
  const date = requestedDate ?? today;
  const day = useDay(date);
  const mode = useDataMode();
  const settings = useSettings();
  // "Add food" from the command palette arrives as ?add=1: open the dialog on the meal of the hour,
  // on a fresh visit and when the palette is used on this very page (the view stays mounted).
  const ownMeals = useMeals();
  const firstMeal = () => addMeal ?? mealOfTheHour(new Date(), settings.data?.meals);
  const [adding, setAdding] = useState<Meal | null>(() => (openAdd ? firstMeal() : null));
  const [seenOpenAdd, setSeenOpenAdd] = useState(openAdd);
  if (openAdd !== seenOpenAdd) {
    setSeenOpenAdd(openAdd);
    if (openAdd && adding === null) setAdding(firstMeal());
  }
  // The palette's "Add food" while today is showing (lib/ui/add-food-request.ts): what it searches for.
  const [paletteQuery, setPaletteQuery] = useState<string | null>(null);
  const showsToday = date === today;
  useEffect(() => {
    if (!showsToday) return;
    return onAddFoodRequest((query) => {
      setPaletteQuery(query);
      setAdding((current) => current ?? mealOfTheHour(new Date(), ownMeals.plan));
    });
  }, [showsToday, ownMeals.plan]);
  const [copying, setCopying] = useState<{ meal: Meal | null } | null>(null);
  // Offline before the service worker has it, the dialog's code may not load: the tap is
  // answered with a toast, and the keys kept for its field are let go.
  const addLoaded = useOnDemand(adding !== null, loadAddEntryDialog, () => {
    stopTypingBuffer();
    setAdding(null);
  });

  const entries = useMemo(() => day.data?.entries ?? [], [day.data]);
  const figures = useMemo(
    () => dayFigures(day.data ?? null, settings.data, date),
    [day.data, settings.data, date],
  );

  useEffect(() => afterLoadWhenIdle(() => void loadAddEntryDialog()), []);

  // Today's logging matters outside the page too: the installed app's badge, a guest's reminders.
  useEffect(() => {
    if (date !== today || day.data === undefined) return;
    const logged = day.data ?? { date, entries: [], weight: null };
    showMealsLeftOnBadge(logged);
    if (mode === 'guest') void reportGuestLogged(logged);
  }, [date, today, day.data, mode]);

  // Closing the dialog ?add= opened takes ?add= off the URL, so a reload does not open it again.
  useLeaveLinkOnClose(adding !== null, openAdd === true, () => goTo(date));

  function startAdding(meal: Meal) {
    startTypingBuffer();
    setAdding(meal);
  }

  function closeAdd() {
    const meal = adding;
    setAdding(null);
    setPaletteQuery(null);
    // Back to the meal's Add button, ready for the next food, once the dialog has let go.
    window.setTimeout(() => document.querySelector<HTMLElement>(`[data-add-meal="${meal}"]`)?.focus(), 0);
  }

  function goTo(next: string) {
    router.replace(next === today ? pathname : `${pathname}?date=${next}`, { scroll: false });
  }

  if (day.isError && !day.data) {
    // The day navigator stays: another day may be in the cache, and today is one tap away.
    return (
      <div className="grid max-w-xl gap-4">
        <DayNavigator date={date} today={today} onChange={goTo} />
        <LoadError onRetry={() => void Promise.all([day.refetch(), settings.refetch()])} />
      </div>
    );
  }
  // An account's day comes over the network: its shape, not an empty day, until it is here.
  if (day.isPending && mode === 'account') return <DashboardSkeleton />;

  return (
    <>
      <DashboardColumns
        day={
          <>
            <DayNavigator date={date} today={today} onChange={goTo} />
            {unknownDate ? <UnknownDateNotice value={unknownDate} /> : null}
            <DaySummary date={date} entries={entries} figures={figures} />
            <SetAsideNotice date={date} />
            <WaterCard date={date} water={day.data?.water ?? 0} />
            <ActivityCard
              date={date}
              day={day.data ?? null}
              credit={figures.activity}
              walked={figures.walked}
            />
            <StepsCard date={date} steps={day.data?.details?.steps ?? null} />
            <FastingCard
              date={date}
              today={today}
              day={day.data}
              openOnLoad={openFast}
              onLeaveLink={() => goTo(date)}
            />
            <WeightCard
              date={date}
              weight={day.data?.weight ?? null}
              openOnLoad={openWeight}
              onLeaveLink={() => goTo(date)}
            />
            <MeasuresCard date={date} measures={measuresOf(day.data?.details)} />
            <Button type="button" variant="secondary" onClick={() => setCopying({ meal: null })}>
              <Icon name="copy" className="text-lg" />
              {t('copyDay')}
            </Button>
            <NoteCard date={date} note={day.data?.details?.note ?? ''} />
          </>
        }
        meals={
          <>
            {ownMeals.ofDay(entries).map((meal) => (
              <MealSection
                key={meal}
                meal={meal}
                date={date}
                entries={entries.filter((entry) => entry.meal === meal)}
                onAdd={startAdding}
                onCopy={(copyMeal) => setCopying({ meal: copyMeal })}
              />
            ))}
            <NutrientPanel entries={entries} settings={settings.data} />
          </>
        }
      />
      {adding && addLoaded ? (
        <AddEntryDialog
          open
          onOpenChange={(open) => !open && closeAdd()}
          date={date}
          meal={adding}
          query={paletteQuery ?? (openAdd ? addQuery : '')}
        />
      ) : null}
      {copying ? (
        <CopyDialog
          open
          onOpenChange={(open) => !open && setCopying(null)}
          date={date}
          today={today}
          meal={copying.meal}
        />
      ) : null}
    </>
  );
}
