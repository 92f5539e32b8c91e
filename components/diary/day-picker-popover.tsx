'use client';

import { useTranslations } from 'next-intl';
import { Popover } from 'radix-ui';
import { useState, type RefObject } from 'react';
import { MonthCalendar } from '@/components/ui/month-calendar';

type DayPickerPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchorRef: RefObject<HTMLButtonElement | null>;
  date: string;
  today: string;
  onPick: (date: string) => void;
};

/** The calendar under the day's title; loaded when it is first opened. */
export function DayPickerPopover({
  open,
  onOpenChange,
  anchorRef,
  date,
  today,
  onPick,
}: DayPickerPopoverProps) {
  const t = useTranslations('diary');
  const [month, setMonth] = useState(date);

  function pick(picked: string) {
    onPick(picked);
    onOpenChange(false);
  }

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchorRef as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchorRef.current?.focus();
          }}
          aria-label={t('pickDate')}
          className="bg-surface border-border z-50 w-[20rem] rounded-2xl border p-3 shadow-xl outline-none"
        >
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            selected={date}
            today={today}
            onSelect={pick}
            footer={
              date !== today ? (
                <button
                  type="button"
                  onClick={() => pick(today)}
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
  );
}
