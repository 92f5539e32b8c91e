'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { DiaryData } from '@/components/layout/diary-data';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useDataMode, useDays, useSettings } from '@/lib/data';
import { ReportDocument } from './report-document';
import { PrintButton } from './print-button';
import { ShareLinks } from './share-links';
import { addDays, dayNumber, isIsoDate, todayIso } from '@/lib/diary/dates';
import { LIMITS } from '@/lib/limits';
import { useCalm } from '@/lib/hooks/use-calm';

/** The periods offered at a tap, in days up to today. */
const QUICK_PERIODS = [7, 14, 30] as const;

/**
 * A period of the diary as a report to print (or save as PDF with the browser's print): what was
 * eaten each day, meal by meal, against the day's goal, with the weight, water and activity, and
 * the period's averages. Made in the browser from the diary's own data, so a guest can print one
 * too; the controls are left out of the print.
 */
export default function ReportView() {
  return (
    <DiaryData>
      <Report />
    </DiaryData>
  );
}

function Report() {
  const t = useTranslations('report');
  const mode = useDataMode();
  const settings = useSettings().data;
  const today = todayIso();
  const [from, setFrom] = useState(addDays(today, -6));
  const [to, setTo] = useState(today);
  const ids = { from: useId(), to: useId() };
  const length = isIsoDate(from) && isIsoDate(to) ? dayNumber(to) - dayNumber(from) + 1 : 0;
  const valid = length >= LIMITS.reportDays.min && length <= LIMITS.reportDays.max;
  const days = useDays(from, to, valid);
  const calm = useCalm();
  return (
    <div className="grid gap-6">
      <section className="border-border bg-surface grid gap-4 rounded-3xl border p-5 print:hidden">
        <p className="text-fg-muted text-sm">{t(mode === 'guest' ? 'leadGuest' : 'lead')}</p>
        {calm ? (
          <p className="bg-muted rounded-xl px-4 py-3 text-sm" data-testid="report-calm-note">
            {t(mode === 'guest' ? 'calmNoteGuest' : 'calmNote')}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {QUICK_PERIODS.map((count) => (
            <Button
              key={count}
              type="button"
              size="sm"
              variant={from === addDays(today, 1 - count) && to === today ? 'primary' : 'secondary'}
              onClick={() => {
                setFrom(addDays(today, 1 - count));
                setTo(today);
              }}
            >
              {t('lastDays', { count })}
            </Button>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <Field id={ids.from} label={t('from')}>
            <Input
              id={ids.from}
              type="date"
              value={from}
              max={to}
              onChange={(event) => setFrom(event.target.value)}
            />
          </Field>
          <Field id={ids.to} label={t('to')}>
            <Input
              id={ids.to}
              type="date"
              value={to}
              min={from}
              onChange={(event) => setTo(event.target.value)}
            />
          </Field>
        </div>
        {valid ? null : (
          <p className="text-error-strong text-sm" role="alert">
            {t('periodInvalid', { max: LIMITS.reportDays.max })}
          </p>
        )}
        <PrintButton disabled={!valid || !days.data} />
      </section>

      <ShareLinks from={from} to={to} valid={valid} />

      {valid && days.data ? (
        <ReportDocument owner={settings?.name ?? ''} from={from} to={to} days={days.data} calm={calm} />
      ) : null}
    </div>
  );
}
