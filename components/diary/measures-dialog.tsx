'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { bodyMeasures, latestMeasures, type BodyMeasure, type BodyMeasures } from '@/lib/diary/body-measures';
import { addDays } from '@/lib/diary/dates';
import { InvalidDataError, useChangeDay, useDays } from '@/lib/data';
import { useDayFormat } from '@/lib/hooks/use-day-format';
import { useMeasureFormat } from '@/lib/hooks/use-measure-format';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { useTypedNumberMessage } from '@/lib/hooks/use-typed-number-message';
import { useUnits } from '@/lib/hooks/use-units';
import { LIMITS } from '@/lib/limits';
import type { DayDetailsPatch } from '@/lib/schemas/day';
import { parseDecimal, typedNumberProblem } from '@/lib/ui/typed-number';
import { cmOfLength, lengthIn, lengthUnit } from '@/lib/units/units';

/** How far back the last measurement of each is looked for, to show under its field. */
export const LAST_MEASURES_DAYS = 365;

type Texts = Record<BodyMeasure, string>;

/**
 * The day's body measurements, each optional: the circumferences in cm or (US and UK) inches,
 * body fat in percent; "82,5" is read as 82.5. A field left empty is not measured that day, and
 * emptying one removes it. Only the measures changed here are written, so a measure another
 * device logged meanwhile stays. Under each empty field, the value it had when last measured.
 */
export function MeasuresDialog({
  date,
  measures,
  onClose,
}: {
  date: string;
  measures: BodyMeasures | null;
  onClose: () => void;
}) {
  const t = useTranslations('diary.measures');
  const tUnits = useTranslations('units.names');
  const format = useFormatter();
  const calendar = useDayFormat();
  const measureText = useMeasureFormat();
  const refusalMessage = useRefusalMessage();
  const typedNumberMessage = useTypedNumberMessage();
  const changeDay = useChangeDay();
  const unit = lengthUnit(useUnits().system);
  const formId = useId();
  const before = useDays(addDays(date, -LAST_MEASURES_DAYS), addDays(date, -1)).data;
  const last = latestMeasures(before ?? []);
  // A stored figure as the field starts with it: the locale's decimal sign, in the units shown.
  const startText = (measure: BodyMeasure, value: number | undefined) =>
    value === undefined
      ? ''
      : format.number(measure === 'bodyFat' ? value : lengthIn(value, unit), {
          maximumFractionDigits: 1,
          useGrouping: false,
        });
  // The measures as the dialog opened on them: what a field left as it was is compared with, so a
  // measure another device changes while the dialog is open is not written back over.
  const [opened] = useState(measures);
  const [texts, setTexts] = useState<Texts>(
    () =>
      Object.fromEntries(
        bodyMeasures.map((measure) => [measure, startText(measure, opened?.[measure])]),
      ) as Texts,
  );
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  /** The patch the fields make, or each field's problem. */
  function read(): { patch: DayDetailsPatch; problems: Partial<Record<BodyMeasure, string>> } {
    const patch: DayDetailsPatch = {};
    const problems: Partial<Record<BodyMeasure, string>> = {};
    for (const measure of bodyMeasures) {
      const text = texts[measure];
      // Untouched, it stays as stored: a figure shown rounded is not rewritten by its rounding.
      if (text === startText(measure, opened?.[measure])) continue;
      if (text.trim() === '') {
        if (opened?.[measure] !== undefined) patch[measure] = null;
        continue;
      }
      const circumference = measure !== 'bodyFat';
      const limit = circumference ? LIMITS.circumferenceCm : LIMITS.bodyFatPercent;
      const toChecked = circumference ? (typed: number) => cmOfLength(typed, unit) : undefined;
      const problem = typedNumberProblem(text, { limit, toChecked });
      if (problem) {
        problems[measure] = typedNumberMessage(problem, {
          outOfRange: refusalMessage(
            new InvalidDataError(measure, circumference ? 'measureRange' : 'bodyFatRange'),
          ),
        });
        continue;
      }
      const typed = parseDecimal(text);
      patch[measure] = toChecked ? toChecked(typed) : typed;
    }
    return { patch, problems };
  }
  const shownProblems = checked ? read().problems : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    setFailure(null);
    const { patch, problems } = read();
    if (Object.keys(problems).length > 0) return;
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    changeDay.mutate(
      { date, change: { kind: 'setDetails', details: patch } },
      { onSuccess: onClose, onError: (error) => setFailure(refusalMessage(error)) },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('dialogTitle')} closeOnBack>
      <form onSubmit={submit} noValidate className="grid gap-4" data-testid="measures-form">
        <p className="text-fg-muted text-sm">{t('lead')}</p>
        <div className="grid grid-cols-2 gap-3">
          {bodyMeasures.map((measure, index) => {
            const id = `${formId}-${measure}`;
            const known = last[measure];
            return (
              <Field
                key={measure}
                id={id}
                label={t('fieldLabel', {
                  name: t(`names.${measure}`),
                  unit: measure === 'bodyFat' ? '%' : tUnits(unit),
                })}
                error={shownProblems[measure]}
                hint={
                  known && texts[measure] === ''
                    ? t('last', {
                        value: measureText(measure, known.value),
                        date: calendar.day(known.date, { day: 'numeric', month: 'short' }),
                      })
                    : undefined
                }
              >
                <Input
                  id={id}
                  inputMode="decimal"
                  autoComplete="off"
                  autoFocus={index === 0}
                  invalid={!!shownProblems[measure]}
                  value={texts[measure]}
                  onChange={(event) => setTexts((current) => ({ ...current, [measure]: event.target.value }))}
                />
              </Field>
            );
          })}
        </div>
        {failure ? (
          <p role="alert" className="text-error-strong text-sm">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="submit" disabled={changeDay.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
