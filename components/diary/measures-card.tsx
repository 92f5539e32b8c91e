'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { bodyMeasures, type BodyMeasures } from '@/lib/diary/body-measures';
import { useMeasureFormat } from '@/lib/hooks/use-measure-format';
import { useOnDemand } from '@/lib/hooks/use-on-demand';

// Loaded on the first tap: a tape comes out weekly or monthly, not on every visit.
const loadMeasuresDialog = () => import('./measures-dialog');
const MeasuresDialog = dynamic(() => loadMeasuresDialog().then((module) => module.MeasuresDialog), {
  ssr: false,
});

/** The day's body measurements (waist, hips, chest, neck, body fat), logged in one dialog. */
export function MeasuresCard({ date, measures }: { date: string; measures: BodyMeasures | null }) {
  const t = useTranslations('diary.measures');
  const measureText = useMeasureFormat();
  const [open, setOpen] = useState(false);
  const dialogLoaded = useOnDemand(open, loadMeasuresDialog, () => setOpen(false));
  const taken = bodyMeasures.filter((measure) => measures?.[measure] !== undefined);

  return (
    <section
      aria-labelledby="measures-title"
      className="border-border bg-surface flex items-center gap-3 rounded-2xl border px-4 py-3"
      data-testid="measures-card"
    >
      <span className="grid size-10 place-items-center rounded-xl bg-sky-100 text-xl text-sky-700 dark:bg-sky-950 dark:text-sky-300">
        <Icon name="measures" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-fg-muted text-xs" id="measures-title">
          {t('title')}
        </p>
        <p className="truncate font-semibold tabular-nums" data-testid="day-measures">
          {taken.length === 0
            ? '—'
            : taken
                .map((measure) =>
                  t('named', {
                    name: t(`names.${measure}`),
                    value: measureText(measure, measures![measure]!),
                  }),
                )
                .join(' · ')}
        </p>
      </div>
      <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {t('log')}
      </Button>
      {open && dialogLoaded ? (
        <MeasuresDialog date={date} measures={measures} onClose={() => setOpen(false)} />
      ) : null}
    </section>
  );
}
