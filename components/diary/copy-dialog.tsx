'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { MonthCalendar } from '@/components/ui/month-calendar';
import { addDays } from '@/lib/dates';
import { useDay } from '@/lib/data/use-diary';
import { useRepository } from '@/lib/data/repository-context';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/data/keys';
import { StorageFullError } from '@/lib/data/types';
import type { Meal } from '@/lib/diary/meals';
import { toast } from '@/lib/toast-store';
import { newId } from '@/lib/uuid';
import { FormError } from '@/components/ui/form-error';

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
  const repository = useRepository();
  const queryClient = useQueryClient();
  const [source, setSource] = useState(addDays(date, -1));
  const [month, setMonth] = useState(addDays(date, -1));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sourceDay = useDay(source).data;
  const entries = (sourceDay?.entries ?? []).filter((entry) => meal === null || entry.meal === meal);

  async function copy() {
    if (!repository || entries.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const now = new Date().toISOString();
      for (const entry of entries) {
        await repository.putEntry(date, { ...entry, id: newId(), loggedAt: now, updatedAt: now });
      }
      await queryClient.invalidateQueries({ queryKey: ['day', repository.mode] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.allDays(repository.mode) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.allStats(repository.mode) });
      toast({ title: t('copied', { count: entries.length }), variant: 'success' });
      onOpenChange(false);
    } catch (failure) {
      setError(failure instanceof StorageFullError ? t('storageFull') : t('saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={meal ? t('copyMeal', { meal: t(`meals.${meal}`) }) : t('copyDay')}
      description={t('copyFrom')}
    >
      <div className="grid gap-4">
        <MonthCalendar
          month={month}
          onMonthChange={setMonth}
          selected={source}
          today={today}
          onSelect={setSource}
        />
        <p className="bg-muted rounded-xl px-4 py-3 text-sm" aria-live="polite">
          {entries.length > 0 ? entries.map((entry) => entry.name).join(', ') : t('nothingToCopy')}
        </p>
        <FormError>{error}</FormError>
        <Button type="button" size="lg" disabled={busy || entries.length === 0} onClick={() => void copy()}>
          {t('copy')}
        </Button>
      </div>
    </Dialog>
  );
}
