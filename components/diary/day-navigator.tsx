'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { MonthCalendar } from '@/components/ui/month-calendar';
import { addDays, fromIsoDate } from '@/lib/dates';

type DayNavigatorProps = { date: string; today: string; onChange: (date: string) => void };

/** The day in the header: previous/next day chevrons and a calendar to jump anywhere. */
export function DayNavigator({ date, today, onChange }: DayNavigatorProps) {
  const t = useTranslations('diary');
  const format = useFormatter();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(date);

  const relative =
    date === today
      ? t('today')
      : date === addDays(today, -1)
        ? t('yesterday')
        : date === addDays(today, 1)
          ? t('tomorrow')
          : null;
  const full = format.dateTime(fromIsoDate(date), {
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
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setMonth(date);
        }}
      >
        <Popover.Trigger
          aria-label={`${t('pickDate')}: ${full}`}
          className="hover:bg-muted flex min-w-0 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl px-2 py-1.5"
        >
          <Icon name="calendar" className="text-fg-muted shrink-0 text-lg" />
          <span className="min-w-0 text-center">
            <span className="block truncate font-semibold" data-testid="day-title">
              {relative ?? format.dateTime(fromIsoDate(date), { weekday: 'long' })}
            </span>
            <span className="text-fg-muted block truncate text-xs">
              {format.dateTime(fromIsoDate(date), { day: 'numeric', month: 'long', year: 'numeric' })}
            </span>
          </span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            sideOffset={8}
            className="bg-surface border-border z-50 w-[20rem] rounded-2xl border p-3 shadow-xl outline-none"
          >
            <MonthCalendar
              month={month}
              onMonthChange={setMonth}
              selected={date}
              today={today}
              onSelect={(picked) => {
                onChange(picked);
                setOpen(false);
              }}
              footer={
                date !== today ? (
                  <button
                    type="button"
                    onClick={() => {
                      onChange(today);
                      setOpen(false);
                    }}
                    className="text-primary-strong hover:bg-muted mt-2 w-full cursor-pointer rounded-lg py-2 text-sm font-semibold"
                  >
                    {t('goToday')}
                  </button>
                ) : null
              }
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
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
