'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import type { DayChangeOn } from '@/lib/data';
import { toIsoDate } from '@/lib/diary/dates';
import {
  cancelFastChange,
  DEFAULT_FAST_PRESET,
  deleteFastChange,
  endFastChanges,
  endFastProblem,
  fastMinutes,
  fastPresets,
  latestAt,
  startFastChange,
  type RunningFast,
} from '@/lib/diary/fasting';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { LIMITS } from '@/lib/limits';
import type { Day } from '@/lib/schemas/day';
import { parseDecimal, typedNumberProblem } from '@/lib/ui/typed-number';
import { clockTime } from './fasting-card';
import { useFastChanges } from './use-fast-changes';
import { useFastDuration } from './use-fast-duration';

type When = 'now' | 'at';
const CUSTOM = 'custom';
const MAX_HOURS = LIMITS.fastMinutes.max / 60;

/**
 * Starts a fast (a schedule or a length of one's own, now or at a time typed), ends the fast under
 * way (now or at a time typed; a fast across midnight goes to the day it ends) or cancels it, and
 * deletes a fast the day holds. A time typed is the latest such time that has passed: 20:30 typed
 * at 9:00 is last night's.
 */
export function FastingDialog({
  day,
  running,
  recentDays,
  canStart,
  onClose,
}: {
  day: Day | null;
  running: RunningFast | null;
  /** The days a fast under way may have begun on, today's included: the day a fast ends on is one. */
  recentDays: readonly Day[];
  canStart: boolean;
  onClose: () => void;
}) {
  const t = useTranslations('diary.fasting');
  const format = useFormatter();
  const duration = useFastDuration();
  const refusalMessage = useRefusalMessage();
  const makeChanges = useFastChanges();
  const formId = useId();
  const [preset, setPreset] = useState<string>(DEFAULT_FAST_PRESET);
  const [customHours, setCustomHours] = useState('');
  const [when, setWhen] = useState<When>('now');
  const [time, setTime] = useState('');
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ended = day?.details?.fasts ?? [];

  /** The day changes the form makes, in order, or the problem and the field it is shown under. */
  function read(
    now: Date,
  ): { changes: DayChangeOn[] } | { problem: string; field: 'hours' | 'time' | 'form' } {
    let minutes = 0;
    if (!running && preset === CUSTOM) {
      const range = { min: 1, max: MAX_HOURS };
      if (typedNumberProblem(customHours, { limit: range })) {
        return { problem: t('hoursRange', range), field: 'hours' };
      }
      minutes = Math.round(parseDecimal(customHours) * 60);
    } else if (!running) {
      minutes = fastPresets.find((each) => each.id === preset)!.hours * 60;
    }
    const at = when === 'now' ? now : latestAt(time, now);
    if (!at) return { problem: t('timeNeeded'), field: 'time' };
    if (!running) return { changes: [startFastChange(at, minutes)] };
    const endDay = recentDays.find((each) => each.date === toIsoDate(at)) ?? null;
    const problem = endFastProblem(running, at, endDay);
    if (problem) {
      return {
        problem: t(`problems.${problem}`, {
          max: LIMITS.fastsPerDay.max,
          days: LIMITS.fastMinutes.max / (24 * 60),
        }),
        field: 'form',
      };
    }
    return { changes: endFastChanges(running, at, endDay) };
  }

  async function apply(changes: readonly DayChangeOn[]) {
    setBusy(true);
    setFailure(null);
    try {
      await makeChanges(changes);
      onClose();
    } catch (error) {
      setFailure(refusalMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    const result = read(new Date());
    if ('problem' in result) return;
    void apply(result.changes);
  }

  const checkedResult = checked ? read(new Date()) : null;
  const problem = checkedResult && 'problem' in checkedResult ? checkedResult : null;
  const showStart = !running && canStart;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={running ? t('endTitle') : showStart ? t('startTitle') : t('title')}
      closeOnBack
    >
      <div className="grid gap-5">
        {running ? (
          <p className="text-sm" data-testid="fasting-since">
            {t('since', {
              start: format.dateTime(new Date(running.start), { weekday: 'short', ...clockTime }),
              goal: duration(running.goalMinutes),
            })}
          </p>
        ) : null}
        {running || showStart ? (
          <form onSubmit={submit} noValidate className="grid gap-4" data-testid="fasting-form">
            {showStart ? (
              <div className="grid gap-2">
                <p className="text-sm font-medium" id={`${formId}-schedule`}>
                  {t('schedule')}
                </p>
                <ToggleGroup
                  aria-labelledby={`${formId}-schedule`}
                  variant="chips"
                  value={preset}
                  onValueChange={(next) => setPreset(next)}
                >
                  {fastPresets.map((each) => (
                    <ToggleGroupItem key={each.id} value={each.id}>
                      {each.id === 'omad' ? t('omad') : each.id}
                    </ToggleGroupItem>
                  ))}
                  <ToggleGroupItem value={CUSTOM}>{t('custom')}</ToggleGroupItem>
                </ToggleGroup>
                {preset === CUSTOM ? (
                  <Field
                    id={`${formId}-hours`}
                    label={t('hours')}
                    error={problem?.field === 'hours' ? problem.problem : undefined}
                  >
                    <Input
                      id={`${formId}-hours`}
                      inputMode="decimal"
                      autoComplete="off"
                      value={customHours}
                      onChange={(event) => setCustomHours(event.target.value)}
                    />
                  </Field>
                ) : null}
              </div>
            ) : null}
            <div className="grid gap-2">
              <p className="text-sm font-medium" id={`${formId}-when`}>
                {running ? t('endedWhen') : t('startedWhen')}
              </p>
              <ToggleGroup
                aria-labelledby={`${formId}-when`}
                variant="segmented"
                value={when}
                onValueChange={(next) => setWhen(next as When)}
              >
                <ToggleGroupItem value="now">{t('now')}</ToggleGroupItem>
                <ToggleGroupItem value="at">{t('atTime')}</ToggleGroupItem>
              </ToggleGroup>
              {when === 'at' ? (
                <Field
                  id={`${formId}-time`}
                  label={t('time')}
                  hint={t('timeHint')}
                  error={problem?.field === 'time' ? problem.problem : undefined}
                >
                  <Input
                    id={`${formId}-time`}
                    type="time"
                    value={time}
                    onChange={(event) => setTime(event.target.value)}
                  />
                </Field>
              ) : null}
            </div>
            {problem?.field === 'form' || failure ? (
              <p role="alert" className="text-error-strong text-sm" data-testid="fasting-problem">
                {problem?.field === 'form' ? problem.problem : failure}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              {running ? (
                <Button
                  type="button"
                  variant="ghost"
                  disabled={busy}
                  onClick={() => void apply([cancelFastChange(running)])}
                >
                  {t('cancelFast')}
                </Button>
              ) : null}
              <Button type="submit" disabled={busy}>
                {running ? t('end') : t('start')}
              </Button>
            </div>
          </form>
        ) : null}
        {day && ended.length > 0 ? (
          <section className="grid gap-2" aria-labelledby={`${formId}-ended`}>
            <h3 className="text-sm font-medium" id={`${formId}-ended`}>
              {t('endedOn')}
            </h3>
            <ul className="grid gap-2">
              {ended.map((fast) => (
                <li
                  key={fast.start}
                  className="border-border flex items-center gap-3 rounded-xl border px-3 py-2 text-sm"
                >
                  <span className="min-w-0 flex-1 tabular-nums">
                    {t('endedLine', {
                      duration: duration(fastMinutes(fast)),
                      start: format.dateTime(new Date(fast.start), { weekday: 'short', ...clockTime }),
                      end: format.dateTime(new Date(fast.end), clockTime),
                    })}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={busy}
                    aria-label={t('deleteFast', { duration: duration(fastMinutes(fast)) })}
                    onClick={() => void apply([deleteFastChange(day, fast.start)])}
                  >
                    {t('delete')}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </Dialog>
  );
}
