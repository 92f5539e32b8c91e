'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { Button } from '@/components/ui/button';
import { DateSpan } from '@/components/ui/date-span';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { ImportSettingsPlan } from './import-settings-plan';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { ImportStoppedError, StorageFullError, useImportDiary, usePlanImport } from '@/lib/data';
import type { SettingsChoice } from '@/lib/diary/settings-merge';
import { useFollowSettings } from '@/lib/preferences/from-settings';
import type { ReadExport } from '@/lib/importers/import-worker';
import type { ReadRecipes } from '@/lib/importers/read-export';
import { RecipeImport } from './import-recipes';
import { importIssueText } from '@/lib/importers/import-issue';
import { readInWorker } from '@/lib/importers/read-in-worker';
import {
  ImportFileError,
  SOURCE_APPS,
  type ImportReport,
  type Skip,
  type SkipReason,
  type SourceApp,
} from '@/lib/importers/types';
import type { ImportPlan } from '@/lib/schemas/export';
import { LIMITS, megabytes } from '@/lib/limits';
import type { Settings } from '@/lib/schemas/settings';
import { toast } from '@/lib/ui/toast-store';

type WeightUnit = 'kg' | 'lb';
type Progress = { done: number; total: number };

/** Where an import stands; the dialog shows one stage at a time. */
type Stage =
  | { kind: 'idle' }
  | { kind: 'reading'; files: File[] }
  | { kind: 'comparing'; progress: Progress | null }
  | {
      kind: 'preview';
      files: File[];
      read: ReadExport;
      plan: ImportPlan;
      weightUnit: WeightUnit | null;
      /** Whose settings win where they differ: asked of the diary's own file only. */
      settingsChoice: SettingsChoice;
    }
  /** A recipe app's export: its recipes, each reviewed and saved on its own. */
  | { kind: 'recipes'; read: ReadRecipes }
  | { kind: 'importing'; app: SourceApp; progress: Progress | null }
  | { kind: 'done'; app: SourceApp; message: string }
  | { kind: 'failed'; app?: SourceApp; message: string };

// The limit each skip reason names, from the one table of limits.
const SKIP_LIMITS: Partial<Record<SkipReason, { min: number | string; max: number | string }>> = {
  weightOutOfRange: LIMITS.weightKg,
  dayFull: LIMITS.entriesPerDay,
  dateOutOfRange: { min: LIMITS.date.min.slice(0, 4), max: LIMITS.date.max.slice(0, 4) },
};

// How many skipped lines of each reason the preview lists; the rest are counted.
const SKIPS_LISTED = 5;

/**
 * Settings > Your data: the one way in for files. The diary's own file, or another app's export
 * (MyFitnessPal, Cronometer, Waistline, OpenNutriTracker), is read in a worker, previewed (what
 * comes over, what is skipped and why, what is new to this diary, and for the diary's own file
 * whose settings win) and merged with the same idempotent import. A recipe app's export (Mealie,
 * Tandoor, Paprika, Nextcloud Cookbook) lists its recipes, each reviewed and saved on its own.
 */
export function ImportFiles({ settings }: { settings: Settings }) {
  const t = useTranslations('settings.importers');
  const refusalMessage = useRefusalMessage();
  const planImport = usePlanImport();
  const importDiary = useImportDiary();
  const followSettings = useFollowSettings();
  const fileInput = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });

  const failureMessage = (failure: unknown) =>
    failure instanceof ImportFileError && failure.issue
      ? importIssueText(
          (key, values) => t(key as 'errors.badValue', values),
          failure.file ?? '',
          failure.issue,
        )
      : failure instanceof ImportFileError
        ? t(`errors.${failure.reason}`, {
            file: failure.file ?? '',
            line: failure.line === null ? 'none' : String(failure.line),
            detail: failure.detail ?? '',
            max: megabytes(LIMITS.importBytes.max),
          })
        : failure instanceof StorageFullError
          ? t('errors.storageFull')
          : refusalMessage(failure);

  /** A fresh controller for the next step; Stop or closing the dialog aborts it. */
  function start(): AbortSignal {
    running.current?.abort();
    running.current = new AbortController();
    return running.current.signal;
  }

  async function read(files: File[], weightUnit: WeightUnit | null) {
    const signal = start();
    setStage({ kind: 'reading', files });
    try {
      const options = { goal: settings.currentGoal, weightUnit, meals: settings.meals };
      const read = await readInWorker(files, options, settings, signal);
      if (read.kind === 'recipes') return setStage({ kind: 'recipes', read });
      const ownFile = read.report.app === 'calorieDiary';
      setStage({ kind: 'comparing', progress: null });
      const plan = await planImport.mutateAsync({
        data: read.data,
        // The diary's own file: the file's settings where this diary still has the defaults.
        settings: ownFile ? undefined : 'mine',
        run: {
          signal,
          onProgress: (done, total) => setStage({ kind: 'comparing', progress: { done, total } }),
        },
      });
      const settingsChoice = ownFile && plan.settings.onlyDefaults ? 'file' : 'mine';
      setStage({ kind: 'preview', files, read, plan, weightUnit, settingsChoice });
    } catch (failure) {
      if (signal.aborted) return;
      setStage({ kind: 'failed', message: failureMessage(failure) });
    }
  }

  async function runImport(read: ReadExport, settingsChoice: SettingsChoice) {
    const signal = start();
    const app = read.report.app;
    setStage({ kind: 'importing', app, progress: null });
    try {
      const plan = await importDiary.mutateAsync({
        data: read.data,
        settings: settingsChoice,
        newMeals: read.report.newMeals,
        run: {
          signal,
          // The preview has just checked every part against the diary.
          checked: true,
          onProgress: (done, total) => setStage({ kind: 'importing', app, progress: { done, total } }),
        },
      });
      const message =
        plan.entries.added + plan.entries.updated + plan.days.added + plan.days.updated === 0
          ? t('nothingNew')
          : t('done', {
              entries: plan.entries.added + plan.entries.updated,
              weights: read.report.weights,
              days: plan.days.added + plan.days.updated,
            });
      setStage({ kind: 'done', app, message });
      toast({ title: message, variant: 'success' });
      // Taken with the file's settings, its language, theme and bottom bar show from now on.
      if (plan.settings.applied) followSettings(read.data.settings);
    } catch (failure) {
      const message =
        failure instanceof ImportStoppedError
          ? t('stopped', { stored: failure.stored, parts: failure.parts })
          : failureMessage(failure);
      setStage({ kind: 'failed', app, message });
    }
  }

  function close() {
    running.current?.abort();
    setStage({ kind: 'idle' });
  }

  // Once the files are known to be an app's, the dialog says whose until it closes.
  const app =
    stage.kind === 'preview' || stage.kind === 'recipes'
      ? stage.read.report.app
      : 'app' in stage
        ? stage.app
        : undefined;
  const busy = stage.kind === 'reading' || stage.kind === 'comparing' || stage.kind === 'importing';
  return (
    <section aria-labelledby="import-files-title" className="border-border grid gap-3 border-t pt-5">
      <h3 id="import-files-title" className="font-semibold">
        {t('title')}
      </h3>
      <p className="text-fg-muted text-sm">{t('lead')}</p>
      <div>
        <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
          <Icon name="upload" className="text-lg" />
          {t('choose')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept=".zip,.csv,.json,.paprikarecipes,.paprikarecipe,application/zip,text/csv,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('choose')}
          data-testid="import-file"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void read(files, null);
          }}
        />
      </div>
      <HowToExport />

      <Dialog
        open={stage.kind !== 'idle'}
        onOpenChange={(open) => !open && close()}
        title={
          app === 'calorieDiary'
            ? t('previewTitleDiary')
            : app
              ? t('previewTitle', { app: t(`apps.${app}`) })
              : t('title')
        }
      >
        <div className="grid gap-4" data-testid="import-dialog">
          {stage.kind === 'reading' ? (
            <ProgressBar label={t('reading', { files: stage.files.map((file) => file.name).join(', ') })} />
          ) : null}
          {stage.kind === 'comparing' ? (
            <ProgressBar
              label={t('comparing')}
              value={stage.progress ? stage.progress.done / stage.progress.total : undefined}
            />
          ) : null}
          {stage.kind === 'importing' ? (
            <ProgressBar
              label={t('importing', { done: stage.progress?.done ?? 0, total: stage.progress?.total ?? 1 })}
              value={stage.progress ? stage.progress.done / stage.progress.total : undefined}
            />
          ) : null}
          {stage.kind === 'preview' ? (
            <Preview
              report={stage.read.report}
              plan={stage.plan}
              weightUnit={stage.weightUnit}
              onWeightUnit={(unit) => void read(stage.files, unit)}
            />
          ) : null}
          {stage.kind === 'preview' && stage.read.report.app === 'calorieDiary' ? (
            <ImportSettingsPlan
              plan={stage.plan.settings}
              choice={stage.settingsChoice}
              onChoice={(settingsChoice) => setStage({ ...stage, settingsChoice })}
            />
          ) : null}
          {stage.kind === 'recipes' ? (
            <>
              <RecipeImport read={stage.read} />
              {stage.read.report.skipped.length > 0 ? (
                <SkippedList skipped={stage.read.report.skipped} />
              ) : null}
            </>
          ) : null}
          {stage.kind === 'done' ? (
            <p role="status" className="text-sm" data-testid="import-result">
              {stage.message}
            </p>
          ) : null}
          {stage.kind === 'failed' ? (
            <p role="alert" className="text-error-strong text-sm" data-testid="import-error">
              {stage.message}
            </p>
          ) : null}

          <div className="flex flex-wrap justify-end gap-2">
            {busy ? (
              <Button type="button" variant="secondary" onClick={close}>
                {t('stop')}
              </Button>
            ) : null}
            {stage.kind === 'preview' ? (
              <>
                <Button type="button" variant="secondary" onClick={close}>
                  {t('close')}
                </Button>
                <Button
                  type="button"
                  disabled={stage.read.report.weightUnitNeeded}
                  onClick={() => void runImport(stage.read, stage.settingsChoice)}
                >
                  {t('confirm')}
                </Button>
              </>
            ) : null}
            {stage.kind === 'failed' ? (
              <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
                {t('chooseOther')}
              </Button>
            ) : null}
            {stage.kind === 'done' || stage.kind === 'failed' || stage.kind === 'recipes' ? (
              <Button type="button" onClick={close}>
                {t('close')}
              </Button>
            ) : null}
          </div>
        </div>
      </Dialog>
    </section>
  );
}

/** Short directions to each app's export, folded away until asked for. */
function HowToExport() {
  const t = useTranslations('settings.importers');
  return (
    <details className="text-sm">
      <summary className="text-primary-strong w-fit cursor-pointer font-medium">{t('howTo')}</summary>
      <dl className="mt-2 grid gap-2">
        {SOURCE_APPS.map((app) => (
          <div key={app}>
            <dt className="font-medium">{t(`apps.${app}`)}</dt>
            <dd className="text-fg-muted">{t(`howToApps.${app}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** What the files hold, what of it is new to this diary, and what does not come over and why. */
function Preview({
  report,
  plan,
  weightUnit,
  onWeightUnit,
}: {
  report: ImportReport;
  plan: ImportPlan;
  weightUnit: WeightUnit | null;
  onWeightUnit: (unit: WeightUnit) => void;
}) {
  const t = useTranslations('settings.importers');
  const unitLabel = useId();
  const figures = [
    t('days', { count: report.days }),
    t('entries', { count: report.entries }),
    t('foods', { count: report.foods }),
    t('weights', { count: report.weights }),
  ];

  return (
    <div className="grid gap-3 text-sm" data-testid="import-preview">
      <FilesTakenFor app={report.app} recognised={report.recognised} />
      <div className="bg-muted grid gap-1 rounded-2xl px-4 py-3">
        <p className="text-fg-muted text-xs font-medium tracking-wide uppercase">{t('inFile')}</p>
        {report.from && report.to ? (
          <p className="font-semibold" data-testid="import-span">
            <DateSpan from={report.from} to={report.to} />
          </p>
        ) : null}
        <p data-testid="import-counts">{figures.join(' · ')}</p>
      </div>
      {report.app === 'calorieDiary' ? (
        // The diary's own file may also change what it holds already: updates are counted too.
        <p data-testid="import-plan">
          {t('planDiary', {
            foodsAdded: plan.foods.added,
            foodsUpdated: plan.foods.updated,
            daysAdded: plan.days.added,
            daysUpdated: plan.days.updated,
            entriesAdded: plan.entries.added,
            entriesUpdated: plan.entries.updated,
          })}
        </p>
      ) : (
        <p data-testid="import-plan">
          {t('plan', {
            added: plan.entries.added,
            unchanged: plan.entries.unchanged,
            foods: plan.foods.added,
          })}
        </p>
      )}
      {report.weightUnitNeeded || weightUnit !== null ? (
        <div className="grid gap-2">
          <p id={unitLabel} className="font-medium">
            {t('weightUnit')}
          </p>
          <ToggleGroup
            aria-labelledby={unitLabel}
            variant="options"
            value={weightUnit ?? ''}
            onValueChange={(next) => onWeightUnit(next as WeightUnit)}
          >
            {(['kg', 'lb'] as const).map((unit) => (
              <ToggleGroupItem key={unit} value={unit}>
                {t(unit)}
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
        </div>
      ) : null}
      {report.totals > 0 ? <Note>{t('totals', { count: report.totals })}</Note> : null}
      {report.withoutGrams > 0 ? <Note>{t('withoutGrams', { count: report.withoutGrams })}</Note> : null}
      {report.newMeals.length > 0 ? (
        <Note>
          {t('newMeals', {
            count: report.newMeals.length,
            names: report.newMeals.map((meal) => meal.name).join(', '),
          })}
        </Note>
      ) : null}
      {report.mealsAsSnacks.length > 0 ? (
        <Note>{t('mealsAsSnacks', { names: report.mealsAsSnacks.join(', ') })}</Note>
      ) : null}
      {report.skipped.length > 0 ? <SkippedList skipped={report.skipped} /> : null}
    </div>
  );
}

/**
 * Each file with what it was taken for (found by its content, not its name), so a renamed file or
 * one the diary does not read is plain to see.
 */
function FilesTakenFor({ app, recognised }: { app: SourceApp; recognised: ImportReport['recognised'] }) {
  const t = useTranslations('settings.importers');
  return (
    <ul className="text-fg-muted grid gap-0.5" data-testid="import-files">
      {recognised.map(({ file, kind }, index) => (
        <li key={index} className="wrap-anywhere">
          {kind === null
            ? t('fileNotRecognised', { file })
            : t('fileTakenFor', { file, app: t(`apps.${app}`), kind: t(`kinds.${kind}`) })}
        </li>
      ))}
    </ul>
  );
}

function Note({ children }: { children: string }) {
  return (
    <p className="flex items-start gap-2">
      <Icon name="info" className="text-fg-muted mt-0.5 shrink-0 text-base" />
      <span>{children}</span>
    </p>
  );
}

/** The skipped items by reason, with the first few of each named by file and line. */
function SkippedList({ skipped }: { skipped: Skip[] }) {
  const t = useTranslations('settings.importers');
  const formatNumber = useFormatNumber();
  const byReason = new Map<SkipReason, Skip[]>();
  for (const skip of skipped) byReason.set(skip.reason, [...(byReason.get(skip.reason) ?? []), skip]);

  return (
    <details className="border-border rounded-2xl border px-4 py-3" data-testid="import-skipped">
      <summary className="cursor-pointer font-medium">{t('skippedTitle', { count: skipped.length })}</summary>
      <ul className="mt-2 grid gap-3">
        {[...byReason].map(([reason, items]) => (
          <li key={reason}>
            <p className="font-medium">
              {t(`skip.${reason}`, SKIP_LIMITS[reason] ?? {})} ({formatNumber(items.length)})
            </p>
            <ul className="text-fg-muted mt-1 grid gap-0.5 text-xs">
              {items.slice(0, SKIPS_LISTED).map((item, index) => (
                <li key={index} className="wrap-anywhere">
                  {item.line === null ? item.file : t('skippedLine', { file: item.file, line: item.line })}
                  {item.detail ? ` — ${item.detail}` : ''}
                </li>
              ))}
              {items.length > SKIPS_LISTED ? (
                <li>{t('skippedMore', { count: items.length - SKIPS_LISTED })}</li>
              ) : null}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}
