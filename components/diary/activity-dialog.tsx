'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, parseDecimal } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { Select } from '@/components/ui/select';
import { InvalidDataError, useChangeDay, useSettings } from '@/lib/data';
import {
  ACTIVITY_KINDS,
  activityKcal,
  isMetKind,
  OTHER_KIND,
  TRACKER_KIND,
} from '@/lib/diary/activity-kinds';
import { addDays } from '@/lib/diary/dates';
import { useLastLoggedWeight } from '@/lib/hooks/use-last-logged-weight';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { useCalm } from '@/lib/hooks/use-calm';
import { useTypedNumberMessage } from '@/lib/hooks/use-typed-number-message';
import { typedNumberProblem } from '@/lib/ui/typed-number';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { inRange, LIMITS } from '@/lib/limits';
import type { Activity } from '@/lib/schemas/activity';
import type { Day } from '@/lib/schemas/day';
import { toast } from '@/lib/ui/toast-store';
import { energyIn, kcalFrom } from '@/lib/units/units';

type ActivityDialogProps = { date: string; day: Day | null; adding: boolean; onClose: () => void };

/**
 * The day's activities, each with its kcal and a delete that can be undone, and the form that
 * logs one: a kind of the MET table with its minutes (the kcal worked out from the weight logged
 * last, and open to the user's own figure), a tracker's active kcal for the day, or something
 * else with a name. Opened from the card's Add button, the form has the focus. In calm mode the
 * list says minutes alone, and a kind whose kcal can be worked out asks for the minutes only.
 */
export function ActivityDialog({ date, day, adding, onClose }: ActivityDialogProps) {
  const t = useTranslations('diary.activities');
  const { energy, energyName, bodyWeight, units } = useUnitFormat();
  const refusalMessage = useRefusalMessage();
  const settings = useSettings().data;
  const changeDay = useChangeDay();
  const ids = { kind: useId(), name: useId(), minutes: useId(), kcal: useId() };
  const [kind, setKind] = useState<string>(ACTIVITY_KINDS[0].kind);
  const [name, setName] = useState('');
  const [minutes, setMinutes] = useState('');
  const [kcalText, setKcalText] = useState('');
  // Save pressed once: from then on the fields are checked as they change.
  const [checked, setChecked] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const typedNumberMessage = useTypedNumberMessage();
  const dayWeight = day?.weight ?? null;
  const last = useLastLoggedWeight(addDays(date, -1), dayWeight === null);
  const weight = dayWeight ?? last?.weight ?? settings?.weight ?? null;
  const activities = day?.activities ?? [];

  const typedMinutes = minutes.trim() === '' ? null : parseDecimal(minutes);
  // A kind of the table works its kcal out while nothing else is typed, once it has what it needs.
  const workedOut =
    isMetKind(kind) &&
    weight !== null &&
    typedMinutes !== null &&
    inRange(typedMinutes, LIMITS.activityMinutes)
      ? activityKcal(kind, typedMinutes, weight)
      : null;
  const needsMinutes = isMetKind(kind);
  const calm = useCalm();
  // The kcal field, where a figure must be typed or may replace the worked-out one.
  const asksKcal = !calm || !needsMinutes || weight === null;

  function labelOf(activity: Pick<Activity, 'kind' | 'name'>): string {
    if (activity.name) return activity.name;
    if (isMetKind(activity.kind) || activity.kind === TRACKER_KIND) return t(`kinds.${activity.kind}`);
    return t(`kinds.${OTHER_KIND}`);
  }

  function hint(): string {
    if (kind === TRACKER_KIND) return t('trackerHint');
    if (!needsMinutes) return t('otherHint');
    if (weight === null) return t('weightNeeded');
    if (calm) return t('calmWorkedOut');
    return workedOut === null
      ? t('workedOutHint', { weight: bodyWeight(weight) })
      : t('workedOut', { energy: energy(workedOut), weight: bodyWeight(weight) });
  }

  /** What the form says of the values as they are now: checked live once Save was pressed, so
   *  an error goes as soon as its value is mended rather than staying red under a valid one. */
  function check() {
    const found: { name?: string; minutes?: string; kcal?: string } = {};
    const trimmedName = name.trim();
    if (kind === OTHER_KIND && !inRange(trimmedName.length, LIMITS.nameLength))
      found.name = t('nameNeeded', { max: LIMITS.nameLength.max });
    const minutesProblem =
      kind === TRACKER_KIND
        ? null
        : typedNumberProblem(minutes, { limit: LIMITS.activityMinutes, whole: true });
    if (minutesProblem && !(minutesProblem === 'required' && !needsMinutes))
      found.minutes = typedNumberMessage(minutesProblem, {
        outOfRange: refusalMessage(new InvalidDataError('activity.minutes', 'activityMinutesRange')),
        notWhole: t('wholeMinutes'),
      });
    const toKcal = (typed: number) => Math.round(kcalFrom(typed, units.energy));
    const kcalProblem =
      kcalText.trim() === ''
        ? null
        : typedNumberProblem(kcalText, { limit: LIMITS.activityKcal, toChecked: toKcal });
    const kcal = kcalProblem ? null : kcalText.trim() !== '' ? toKcal(parseDecimal(kcalText)) : workedOut;
    if (kcalProblem)
      found.kcal = typedNumberMessage(kcalProblem, {
        outOfRange: refusalMessage(new InvalidDataError('activity.kcal', 'activityKcalRange')),
      });
    else if (kcal === null && !found.minutes)
      found.kcal = weight === null && needsMinutes ? t('weightNeeded') : t('kcalNeeded');
    return { found, kcal, trimmedName };
  }
  const shown = checked ? check().found : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    setFormError(null);
    const { found, kcal, trimmedName } = check();
    if (Object.keys(found).length > 0 || kcal === null) return;
    const activity: Activity = {
      id: crypto.randomUUID(),
      kind,
      ...(kind === OTHER_KIND ? { name: trimmedName } : {}),
      minutes: kind === TRACKER_KIND ? null : typedMinutes,
      kcal,
      loggedAt: new Date().toISOString(),
    };
    changeDay.mutate(
      { date, change: { kind: 'putActivity', activity } },
      {
        onSuccess: () => {
          toast({ title: t('added'), description: labelOf(activity) });
          onClose();
        },
        onError: (failure) => setFormError(refusalMessage(failure)),
      },
    );
  }

  // The dialog closes once the activity is gone, as the entry sheet does: the toast's Undo is
  // outside it, where an open modal would keep it out of reach.
  function remove(activity: Activity) {
    changeDay.mutate(
      { date, change: { kind: 'deleteActivity', activityId: activity.id } },
      {
        onSuccess: () => {
          toast({
            title: t('deleted'),
            description: labelOf(activity),
            action: {
              label: t('undo'),
              onClick: () => changeDay.mutate({ date, change: { kind: 'putActivity', activity } }),
            },
          });
          onClose();
        },
        onError: (failure) => toast({ title: refusalMessage(failure), variant: 'error' }),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('dialogTitle')} closeOnBack>
      <div className="grid gap-5">
        {activities.length > 0 ? (
          <ul className="divide-border grid divide-y" aria-label={t('listLabel')} data-testid="activity-list">
            {activities.map((activity) => (
              <li key={activity.id} className="flex items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{labelOf(activity)}</p>
                  {calm && activity.minutes === null ? null : (
                    <p className="text-fg-muted text-sm tabular-nums">
                      {activity.minutes === null
                        ? energy(activity.kcal)
                        : calm
                          ? t('minutesTotal', { minutes: activity.minutes })
                          : t('minutesAndEnergy', {
                              minutes: activity.minutes,
                              energy: energy(activity.kcal),
                            })}
                    </p>
                  )}
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('delete', { name: labelOf(activity) })}
                  onClick={() => remove(activity)}
                >
                  <Icon name="trash" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('formLabel')}>
          <Field id={ids.kind} label={t('kind')}>
            <Select
              id={ids.kind}
              value={kind}
              autoFocus={adding}
              onChange={(event) => {
                setKind(event.target.value);
                // Another kind asks for other fields: its errors wait for the next Save.
                setChecked(false);
              }}
            >
              {ACTIVITY_KINDS.map((option) => (
                <option key={option.kind} value={option.kind}>
                  {t(`kinds.${option.kind}`)}
                </option>
              ))}
              <option value={TRACKER_KIND}>{t(`kinds.${TRACKER_KIND}`)}</option>
              <option value={OTHER_KIND}>{t(`kinds.${OTHER_KIND}`)}</option>
            </Select>
          </Field>
          {kind === OTHER_KIND ? (
            <Field id={ids.name} label={t('name')} error={shown.name}>
              <Input
                id={ids.name}
                value={name}
                maxLength={LIMITS.nameLength.max}
                invalid={!!shown.name}
                onChange={(event) => setName(event.target.value)}
              />
            </Field>
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            {kind !== TRACKER_KIND ? (
              <Field id={ids.minutes} label={t('minutes')} error={shown.minutes}>
                <Input
                  id={ids.minutes}
                  inputMode="numeric"
                  autoComplete="off"
                  value={minutes}
                  invalid={!!shown.minutes}
                  onChange={(event) => setMinutes(event.target.value)}
                />
              </Field>
            ) : null}
            {asksKcal ? (
              <Field
                id={ids.kcal}
                label={t(kind === TRACKER_KIND ? 'activeEnergy' : 'energy', { unit: energyName })}
                error={shown.kcal}
                className={kind === TRACKER_KIND ? 'col-span-2' : undefined}
              >
                <Input
                  id={ids.kcal}
                  inputMode="decimal"
                  autoComplete="off"
                  value={kcalText}
                  placeholder={
                    workedOut === null ? undefined : String(Math.round(energyIn(workedOut, units.energy)))
                  }
                  invalid={!!shown.kcal}
                  onChange={(event) => setKcalText(event.target.value)}
                />
              </Field>
            ) : null}
          </div>
          <p className="text-fg-muted text-sm" data-testid="activity-hint">
            {hint()}
          </p>
          {formError ? (
            <p className="text-error-strong text-sm" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={changeDay.isPending}>
              {t('save')}
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
