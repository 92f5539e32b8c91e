'use client';

import { useUnitFormat } from '@/lib/hooks/use-units';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Icon } from '@/components/ui/icon';
import { daysCsv, downloadText, entriesCsv } from '@/lib/diary/export-files';
import {
  clearGuestDiary,
  guestStorageUsage,
  STORAGE_WARN_RATIO,
  type DataProblem,
  useDataMode,
  useDeleteProblem,
  useExportDiary,
  useProblems,
  useUpdateSettings,
} from '@/lib/data';
import type { Settings } from '@/lib/schemas/settings';
import { toast } from '@/lib/ui/toast-store';
import { isIsoDate, todayIso } from '@/lib/diary/dates';
import { ImportFiles } from './import-files';
import { useDayFormat } from '@/lib/hooks/use-day-format';

export const EXPORT_REMINDER_DAYS = 7;

/** Export (JSON, CSV), import of any file with a preview, the export reminder, storage use, clearing, and data problems. */
export function DataSettings({ settings }: { settings: Settings }) {
  const t = useTranslations('settings');
  const { units } = useUnitFormat();
  const format = useFormatter();
  const mode = useDataMode();
  const queryClient = useQueryClient();
  const router = useRouter();
  const updateSettings = useUpdateSettings();
  const exportDiary = useExportDiary();
  const [confirmClear, setConfirmClear] = useState(false);
  // The page's opening time is precise enough for a reminder counted in days.
  const [openedAt] = useState(() => Date.now());

  const lastExport = settings.lastExportAt ? Date.parse(settings.lastExportAt) : null;
  const exportIsOld =
    lastExport !== null && openedAt - lastExport > EXPORT_REMINDER_DAYS * 24 * 60 * 60 * 1000;
  // Browser storage matters to a guest only: an account's diary lives on the server.
  const isGuest = mode !== 'account';
  const usage = typeof window === 'undefined' || !isGuest ? 0 : guestStorageUsage();

  async function exportAs(kind: 'json' | 'csv') {
    if (!mode) return;
    const data = await exportDiary.mutateAsync();
    const stamp = todayIso();
    if (kind === 'json') {
      downloadText(`calorie-diary-${stamp}.json`, JSON.stringify(data, null, 1), 'application/json');
    } else {
      downloadText(`calorie-diary-entries-${stamp}.csv`, entriesCsv(data, units), 'text/csv;charset=utf-8');
      downloadText(`calorie-diary-days-${stamp}.csv`, daysCsv(data, units), 'text/csv;charset=utf-8');
    }
    await updateSettings.mutateAsync({ lastExportAt: new Date().toISOString() });
    toast({ title: t('exported'), variant: 'success' });
  }

  async function clearAll() {
    if (!mode) return;
    clearGuestDiary();
    await queryClient.invalidateQueries();
    setConfirmClear(false);
    toast({ title: t('cleared') });
    router.refresh();
  }

  return (
    <div className="grid gap-4">
      <p className="text-fg-muted text-sm">{isGuest ? t('dataLead') : t('dataLeadAccount')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => void exportAs('json')}>
          <Icon name="download" className="text-lg" />
          {t('exportJson')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => void exportAs('csv')}>
          <Icon name="download" className="text-lg" />
          {t('exportCsv')}
        </Button>
      </div>
      {lastExport === null ? (
        // Never exported: one notice says so and what to do, rather than a status line and a warning.
        <Notice tone="warning">{t('exportReminderNever')}</Notice>
      ) : (
        <>
          <p className="text-sm" data-testid="last-export">
            {t('lastExport', {
              date: format.dateTime(new Date(lastExport), { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </p>
          {exportIsOld ? <Notice tone="warning">{t('exportReminder')}</Notice> : null}
        </>
      )}
      <ImportFiles settings={settings} />
      {isGuest ? (
        <div className="border-border grid gap-4 border-t pt-5">
          <p className="text-fg-muted text-sm">{t('storageUsage', { percent: Math.round(usage * 100) })}</p>
          {usage >= STORAGE_WARN_RATIO ? (
            <Notice tone="warning">{t('storageWarning', { percent: Math.round(usage * 100) })}</Notice>
          ) : null}
          <DataProblems />
          <Button type="button" variant="danger" className="w-fit" onClick={() => setConfirmClear(true)}>
            <Icon name="trash" className="text-lg" />
            {t('clearData')}
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={t('clearConfirmTitle')}
        confirmLabel={t('clearConfirm')}
        danger
        onConfirm={() => void clearAll()}
      >
        {t('clearConfirmBody')}
      </ConfirmDialog>
    </div>
  );
}

function Notice({ tone, children }: { tone: 'warning'; children: ReactNode }) {
  return (
    <p
      role="status"
      data-tone={tone}
      className="flex items-start gap-2 rounded-xl border border-amber-400/50 bg-amber-400/10 px-3.5 py-2.5 text-sm"
    >
      <Icon name="warning" className="mt-0.5 text-lg text-amber-600 dark:text-amber-400" />
      <span>{children}</span>
    </p>
  );
}

/** The records that failed to parse: kept, listed, exportable, deletable. */
function DataProblems() {
  const t = useTranslations('settings');
  const deleteProblem = useDeleteProblem();
  const calendar = useDayFormat();
  const problems = useProblems().data ?? [];
  if (problems.length === 0) return null;

  /** What the record held, in words: the stored key stays below it, for whoever reads the export. */
  function subjectOf(problem: DataProblem): string {
    if (problem.date && isIsoDate(problem.date))
      return t('problemDay', { date: calendar.day(problem.date, { dateStyle: 'long' }) });
    if (problem.key.startsWith('food-items')) return t('problemFoods');
    if (problem.key === 'user-settings') return t('problemSettings');
    return problem.key;
  }

  async function remove(key: string) {
    await deleteProblem.mutateAsync(key);
    toast({ title: t('problemDeleted') });
  }

  return (
    <section
      id="data-problems"
      aria-labelledby="data-problems-title"
      className="border-error/40 rounded-2xl border p-4"
    >
      <h3 id="data-problems-title" className="font-semibold">
        {t('problems')}
      </h3>
      <p className="text-fg-muted mt-1 text-sm">{t('problemsLead')}</p>
      <ul className="mt-3 grid gap-2">
        {problems.map((problem) => (
          <li
            key={problem.key}
            className="bg-muted flex flex-wrap items-center gap-2 rounded-xl px-3 py-2 text-sm"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{subjectOf(problem)}</span>
              <span className="text-fg-muted block">
                {t(`problemCause.${problem.cause}`, { detail: problem.reason })}
              </span>
              <code className="text-fg-muted block text-xs break-all">{problem.key}</code>
            </span>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() =>
                downloadText(
                  `${problem.key.replace(/[^\w.-]+/g, '_')}.txt`,
                  problem.raw,
                  'text/plain;charset=utf-8',
                )
              }
            >
              {t('exportProblem')}
            </Button>
            <Button type="button" size="sm" variant="danger" onClick={() => void remove(problem.key)}>
              {t('deleteProblem')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
