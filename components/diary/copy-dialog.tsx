'use client';

import { useTranslations } from 'next-intl';
import { Fragment, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { MonthCalendar } from '@/components/ui/month-calendar';
import { addDays, calendarRange } from '@/lib/diary/dates';
import { useDay, useStats } from '@/lib/data';
import { useAddEntriesWithUndo } from './use-add-entries';
import type { Meal } from '@/lib/diary/meals';
import { useMeals } from '@/lib/hooks/use-meals';
import type { Entry } from '@/lib/schemas/entry';
import { FormError } from '@/components/ui/form-error';
import { useEntryName } from '@/lib/hooks/use-entry-name';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';

type CopyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The day copied into. */
  date: string;
  today: string;
  /** Copy one meal (into the same meal), or the whole day when null. */
  meal: Meal | null;
};

/** Copies a meal or a whole day from another date; the copies are new entries with new ids. */
export function CopyDialog({ open, onOpenChange, date, today, meal }: CopyDialogProps) {
  const t = useTranslations('diary');
  const mealName = useMeals().nameOf;
  const addEntries = useAddEntriesWithUndo();
  const refusalMessage = useRefusalMessage();
  const [source, setSource] = useState(addDays(date, -1));
  const [month, setMonth] = useState(addDays(date, -1));
  const [error, setError] = useState<string | null>(null);
  const sourceDay = useDay(source).data;
  const loggedDays = useLoggedDays(month, today);
  const entries = (sourceDay?.entries ?? []).filter((entry) => meal === null || entry.meal === meal);

  function copy() {
    if (entries.length === 0) return;
    setError(null);
    addEntries.add(date, entries, {
      title: (count) => t('copied', { count }),
      onDone: () => onOpenChange(false),
      onError: (failure) => setError(refusalMessage(failure)),
    });
  }

  return (
    <Dialog
      closeOnBack
      open={open}
      onOpenChange={onOpenChange}
      title={meal ? t('copyMeal', { meal: mealName(meal) }) : t('copyDay')}
      description={t('copyFrom')}
    >
      <div className="grid gap-4">
        <MonthCalendar
          month={month}
          onMonthChange={setMonth}
          selected={source}
          today={today}
          onSelect={setSource}
          // Days with food are marked, so finding the day to copy from takes no guessing.
          dayClassName={(day) => (loggedDays.has(day) ? LOGGED_DAY_CLASS : undefined)}
          dayLabel={(day) => (loggedDays.has(day) ? t('dayHasFood') : undefined)}
        />
        <p className="bg-muted rounded-xl px-4 py-3 text-sm" aria-live="polite">
          {entries.length > 0
            ? entries.map((entry, index) => (
                <Fragment key={entry.id}>
                  {index > 0 ? ', ' : null}
                  <EntryName entry={entry} />
                </Fragment>
              ))
            : t('nothingToCopy')}
        </p>
        <FormError>{error}</FormError>
        <Button type="button" size="lg" disabled={addEntries.pending || entries.length === 0} onClick={copy}>
          {t('copy')}
        </Button>
      </div>
    </Dialog>
  );
}

function EntryName({ entry }: { entry: Entry }) {
  return useEntryName(entry);
}

/** A dot under the day's number. */
const LOGGED_DAY_CLASS =
  'relative font-semibold after:absolute after:bottom-1 after:left-1/2 after:size-1 after:-translate-x-1/2 after:rounded-full after:bg-primary';

/** The dates around `month` that have entries, from the stats the calendar of /stats uses too. */
function useLoggedDays(month: string, today: string): Set<string> {
  const grid = calendarRange(month);
  const stats = useStats(grid.from, grid.to, today, true).data;
  return useMemo(
    () => new Set((stats?.days ?? []).filter((day) => day.logged).map((day) => day.date)),
    [stats],
  );
}
