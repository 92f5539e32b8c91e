'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { addDays } from '@/lib/diary/dates';
import { useDayFormat } from '@/lib/hooks/use-day-format';

// The calendar popover (Radix Popover and its positioning) loads when first opened.
const DayPickerPopover = dynamic(
  () => import('./day-picker-popover').then((module) => module.DayPickerPopover),
  {
    ssr: false,
  },
);

type DayNavigatorProps = { date: string; today: string; onChange: (date: string) => void };

/** The day in the header: previous/next day chevrons and a calendar to jump anywhere. */
export function DayNavigator({ date, today, onChange }: DayNavigatorProps) {
  const t = useTranslations('diary');
  const calendar = useDayFormat();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  const relative =
    date === today
      ? t('today')
      : date === addDays(today, -1)
        ? t('yesterday')
        : date === addDays(today, 1)
          ? t('tomorrow')
          : null;
  const full = calendar.day(date, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const arrow = 'hover:bg-muted grid size-10 cursor-pointer place-items-center rounded-xl text-xl';

  return (
    <div className="border-border bg-surface flex items-center gap-1 rounded-2xl border p-1.5 shadow-sm">
      <button
        type="button"
        className={arrow}
        aria-label={t('previousDay')}
        onClick={() => onChange(addDays(date, -1))}
      >
        <Icon name="chevronLeft" />
      </button>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen((current) => !current);
        }}
        className="hover:bg-muted flex min-w-0 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl px-2 py-1.5"
      >
        <Icon name="calendar" className="text-fg-muted shrink-0 text-lg" />
        <span className="min-w-0 text-center">
          <span className="sr-only">{`${t('pickDate')}: `}</span>
          <span className="block truncate font-semibold" data-testid="day-title">
            {relative ?? calendar.day(date, { weekday: 'long' })}
          </span>
          <span className="text-fg-muted block truncate text-xs" title={full}>
            {calendar.day(date, { day: 'numeric', month: 'long', year: 'numeric' })}
          </span>
        </span>
      </button>
      {wanted ? (
        <DayPickerPopover
          key={date}
          open={open}
          onOpenChange={setOpen}
          anchorRef={trigger}
          date={date}
          today={today}
          onPick={onChange}
        />
      ) : null}
      <button
        type="button"
        className={arrow}
        aria-label={t('nextDay')}
        onClick={() => onChange(addDays(date, 1))}
      >
        <Icon name="chevronRight" />
      </button>
    </div>
  );
}
