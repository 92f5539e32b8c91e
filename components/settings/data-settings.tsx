'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateSpan } from '@/components/ui/date-span';
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
  useImportDiary,
  usePlanImport,
  useProblems,
  useUpdateSettings,
} from '@/lib/data';
import { diaryExportSchema, type DiaryExport, type ImportPlan } from '@/lib/schemas/export';
import type { Settings } from '@/lib/schemas/settings';
import { useFollowSettings } from '@/lib/preferences/from-settings';
import { toast } from '@/lib/toast-store';
import { dateSpan, fromIsoDate, isIsoDate, todayIso } from '@/lib/dates';
import { LIMITS, megabytes } from '@/lib/limits';
import { FormError } from '@/components/ui/form-error';
import { useRefusalMessage } from '@/components/diary/use-refusal-message';
import type { SettingsChoice } from '@/lib/diary/settings-merge';
import { ForeignImport } from './foreign-import';
import { ImportSettingsPlan } from './import-settings-plan';

export const EXPORT_REMINDER_DAYS = 7;

/** Export (JSON, CSV), import with a preview, the export reminder, storage use, clearing, and data problems. */
export function DataSettings({ settings }: { settings: Settings }) {
  const t = useTranslations('settings');
  const format = useFormatter();
  const refusalMessage = useRefusalMessage();
  const mode = useDataMode();
  const queryClient = useQueryClient();
  const router = useRouter();
  const updateSettings = useUpdateSettings();
  const exportDiary = useExportDiary();
  const planImport = usePlanImport();
  const importDiary = useImportDiary();
  const followSettings = useFollowSettings();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ data: DiaryExport; plan: ImportPlan } | null>(null);
  const [settingsChoice, setSettingsChoice] = useState<SettingsChoice>('mine');
  const [importError, setImportError] = useState<string | null>(null);
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
      downloadText(`calorie-diary-entries-${stamp}.csv`, entriesCsv(data), 'text/csv;charset=utf-8');
      downloadText(`calorie-diary-days-${stamp}.csv`, daysCsv(data), 'text/csv;charset=utf-8');
    }
    await updateSettings.mutateAsync({ lastExportAt: new Date().toISOString() });
    toast({ title: t('exported'), variant: 'success' });
  }

  async function readImport(file: File) {
    setImportError(null);
    if (!mode) return;
    if (file.size > LIMITS.importBytes.max) {
      setImportError(t('importTooLarge', { max: megabytes(LIMITS.importBytes.max) }));
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      setImportError(t('importInvalid'));
      return;
    }
    const parsed = diaryExportSchema.safeParse(json);
    if (!parsed.success) {
      setImportError(t('importInvalid'));
      return;
    }
    try {
      const plan = await planImport.mutateAsync({ data: parsed.data });
      setSettingsChoice(plan.settings.onlyDefaults ? 'file' : 'mine');
      setPending({ data: parsed.data, plan });
    } catch (failure) {
      setImportError(refusalMessage(failure));
    }
  }

  async function runImport() {
    if (!pending) return;
    try {
      const done = await importDiary.mutateAsync({ data: pending.data, settings: settingsChoice });
      toast({ title: t('imported'), variant: 'success' });
      // Taken with the file's settings, its language, theme and bottom bar show from now on.
      if (done.settings.applied) followSettings(pending.data.settings);
    } catch (failure) {
      setImportError(refusalMessage(failure));
    } finally {
      setPending(null);
    }
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
        <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
          <Icon name="upload" className="text-lg" />
          {t('importJson')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('importJson')}
          data-testid="import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void readImport(file);
          }}
        />
      </div>
      <FormError>{importError}</FormError>
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
      {isGuest ? (
        <>
          <p className="text-fg-muted text-sm">{t('storageUsage', { percent: Math.round(usage * 100) })}</p>
          {usage >= STORAGE_WARN_RATIO ? (
            <Notice tone="warning">{t('storageWarning', { percent: Math.round(usage * 100) })}</Notice>
          ) : null}
          <DataProblems />
          <Button type="button" variant="danger" className="w-fit" onClick={() => setConfirmClear(true)}>
            <Icon name="trash" className="text-lg" />
            {t('clearData')}
          </Button>
        </>
      ) : null}
      <ForeignImport settings={settings} />

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('importPreview')}
        confirmLabel={t('importConfirm')}
        onConfirm={() => void runImport()}
        details={
          pending ? (
            <ImportSettingsPlan
              plan={pending.plan.settings}
              choice={settingsChoice}
              onChoice={setSettingsChoice}
            />
          ) : null
        }
      >
        {pending ? (
          <>
            <ImportSpan data={pending.data} />
            <span data-testid="import-plan">
              {t('importPlan', {
                foodsAdded: pending.plan.foods.added,
                foodsUpdated: pending.plan.foods.updated,
                daysAdded: pending.plan.days.added,
                daysUpdated: pending.plan.days.updated,
                entriesAdded: pending.plan.entries.added,
                entriesUpdated: pending.plan.entries.updated,
              })}
            </span>
          </>
        ) : null}
      </ConfirmDialog>
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

/** The period a diary file covers, on a line of its own above what importing it changes. */
function ImportSpan({ data }: { data: DiaryExport }) {
  const span = dateSpan(data.days.map((day) => day.date));
  return span ? (
    <span className="text-fg mb-1 block font-medium" data-testid="import-span">
      <DateSpan {...span} />
    </span>
  ) : null;
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
  const format = useFormatter();
  const problems = useProblems().data ?? [];
  if (problems.length === 0) return null;

  /** What the record held, in words: the stored key stays below it, for whoever reads the export. */
  function subjectOf(problem: DataProblem): string {
    if (problem.date && isIsoDate(problem.date))
      return t('problemDay', { date: format.dateTime(fromIsoDate(problem.date), { dateStyle: 'long' }) });
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
