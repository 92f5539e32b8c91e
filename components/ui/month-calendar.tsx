'use client';

import { useTranslations } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/ui/cn';
import { addDays, fromIsoDate, toIsoDate } from '@/lib/diary/dates';
import { useDayFormat } from '@/lib/hooks/use-day-format';

type MonthCalendarProps = {
  /** Any day of the month shown. */
  month: string;
  onMonthChange: (month: string) => void;
  selected?: string;
  today: string;
  onSelect?: (date: string) => void;
  /** Extra look for a day (stats shade days by goal adherence). */
  dayClassName?: (date: string) => string | undefined;
  dayLabel?: (date: string) => string | undefined;
  footer?: ReactNode;
};

function shiftMonth(iso: string, months: number): string {
  const date = fromIsoDate(iso);
  return toIsoDate(new Date(date.getFullYear(), date.getMonth() + months, 1));
}

/**
 * A month grid, weeks starting on Monday, with the seed's Previous/Next month and year
 * controls. Days are buttons when `onSelect` is given.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  selected,
  today,
  onSelect,
  dayClassName,
  dayLabel,
  footer,
}: MonthCalendarProps) {
  const t = useTranslations('ui');
  const calendar = useDayFormat();
  const first = fromIsoDate(month);
  first.setDate(1);
  const firstIso = toIsoDate(first);

  const weeks = useMemo(() => {
    const offset = (first.getDay() + 6) % 7;
    const start = addDays(firstIso, -offset);
    return Array.from({ length: 6 }, (_, week) =>
      Array.from({ length: 7 }, (_, day) => addDays(start, week * 7 + day)),
    );
    // first is derived from firstIso
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstIso]);

  const weekdays = weeks[0]!.map((date) => calendar.day(date, { weekday: 'short' }));
  const monthPrefix = firstIso.slice(0, 7);
  const navButton = 'hover:bg-muted grid size-8 cursor-pointer place-items-center rounded-lg text-lg';

  return (
    <div className="w-full select-none" data-slot="month-calendar">
      <div className="mb-2 flex items-center gap-1">
        <button
          type="button"
          className={navButton}
          aria-label={t('previousYear')}
          onClick={() => onMonthChange(shiftMonth(firstIso, -12))}
        >
          <Icon name="chevronDoubleLeft" />
        </button>
        <button
          type="button"
          className={navButton}
          aria-label={t('previousMonth')}
          onClick={() => onMonthChange(shiftMonth(firstIso, -1))}
        >
          <Icon name="chevronLeft" />
        </button>
        <p className="flex-1 text-center text-sm font-semibold first-letter:uppercase" aria-live="polite">
          {calendar.day(firstIso, { month: 'long', year: 'numeric' })}
        </p>
        <button
          type="button"
          className={navButton}
          aria-label={t('nextMonth')}
          onClick={() => onMonthChange(shiftMonth(firstIso, 1))}
        >
          <Icon name="chevronRight" />
        </button>
        <button
          type="button"
          className={navButton}
          aria-label={t('nextYear')}
          onClick={() => onMonthChange(shiftMonth(firstIso, 12))}
        >
          <Icon name="chevronDoubleRight" />
        </button>
      </div>
      <table className="w-full table-fixed border-collapse text-center text-sm">
        <thead>
          <tr>
            {weekdays.map((weekday, index) => (
              <th key={index} scope="col" className="text-fg-muted pb-1 text-xs font-medium">
                {weekday}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const inMonth = date.startsWith(monthPrefix);
                const label = `${calendar.day(date, { dateStyle: 'long' })}${dayLabel?.(date) ? `, ${dayLabel(date)}` : ''}`;
                const content = (
                  <span
                    className={cn(
                      'mx-auto grid size-9 place-items-center rounded-full tabular-nums',
                      !inMonth && 'text-fg-muted',
                      date === today && 'ring-primary ring-2',
                      dayClassName?.(date),
                      date === selected && 'bg-primary text-on-primary font-semibold',
                    )}
                  >
                    {fromIsoDate(date).getDate()}
                  </span>
                );
                return (
                  <td key={date} className="p-0.5">
                    {onSelect ? (
                      <button
                        type="button"
                        aria-label={label}
                        aria-pressed={selected === undefined ? undefined : date === selected}
                        onClick={() => onSelect(date)}
                        className="hover:bg-muted w-full cursor-pointer rounded-full"
                      >
                        {content}
                      </button>
                    ) : (
                      <span aria-label={label} role="img">
                        {content}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {footer}
    </div>
  );
}
