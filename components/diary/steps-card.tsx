'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { inputClass } from '@/components/ui/field';
import { useChangeDay, useSettings } from '@/lib/data';
import { DEFAULT_STEPS_GOAL } from '@/lib/diary/defaults';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { LIMITS } from '@/lib/limits';
import { cn } from '@/lib/ui/cn';
import { typedNumberProblem, ungrouped } from '@/lib/ui/typed-number';
import { DayFigureCard, GoalBar } from './day-figure-card';

/**
 * The day's steps, typed from a phone or a watch: the figure against the day's goal (a setting),
 * saved when the field is left or Enter is pressed; emptied, the day has none. A figure that is
 * not a whole count within the limit stays in the field with what to change.
 */
export function StepsCard({ date, steps }: { date: string; steps: number | null }) {
  const t = useTranslations('diary.steps');
  const formatNumber = useFormatNumber();
  const refusalMessage = useRefusalMessage();
  const settings = useSettings();
  const changeDay = useChangeDay();
  const goal = settings.data ? settings.data.stepsGoal : DEFAULT_STEPS_GOAL;
  const [draft, setDraft] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const errorId = useId();
  // What the user saved shows at once, before the store has answered.
  const asked = changeDay.isPending && changeDay.variables.date === date ? changeDay.variables.change : null;
  const shown =
    asked?.kind === 'setDetails' && asked.details.steps !== undefined ? (asked.details.steps ?? null) : steps;

  function save() {
    if (draft === null) return;
    const text = ungrouped(draft);
    const problem = text === '' ? null : typedNumberProblem(text, { limit: LIMITS.daySteps, whole: true });
    if (problem) {
      setFailure(
        t(problem === 'notNumber' || problem === 'notWhole' ? 'notCount' : 'range', {
          min: formatNumber(LIMITS.daySteps.min),
          max: formatNumber(LIMITS.daySteps.max),
        }),
      );
      return;
    }
    const next = text === '' ? null : Number(text);
    setFailure(null);
    setDraft(null);
    if (next === shown) return;
    changeDay.mutate(
      { date, change: { kind: 'setDetails', details: { steps: next } } },
      { onError: (error) => setFailure(refusalMessage(error)) },
    );
  }

  return (
    <DayFigureCard
      name="steps"
      icon="steps"
      iconClassName="bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300"
      label={t('title')}
      figure={shown === null ? t('none') : t('count', { steps: shown })}
      actions={
        // The field keeps its width: the input class makes it as wide as its box.
        <div className="w-28 shrink-0">
          <input
            aria-label={t('type')}
            aria-invalid={failure !== null ? true : undefined}
            aria-describedby={failure !== null ? errorId : undefined}
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="done"
            className={cn(inputClass, 'text-right tabular-nums')}
            // As tall as the card's icon, so the card keeps the 90 px its skeleton holds.
            style={{ height: '2.5rem' }}
            placeholder={t('placeholder')}
            value={draft ?? (shown === null ? '' : String(shown))}
            onChange={(event) => {
              setDraft(event.target.value);
              setFailure(null);
            }}
            onBlur={save}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save();
              if (event.key !== 'Escape' || draft === null) return;
              // Escape puts back the saved figure; a second one closes what the card sits in.
              event.stopPropagation();
              setDraft(null);
              setFailure(null);
            }}
          />
        </div>
      }
      footer={
        failure ? (
          <p
            id={errorId}
            role="alert"
            className="text-error-strong truncate text-xs"
            data-testid="steps-error"
          >
            {failure}
          </p>
        ) : goal ? (
          <GoalBar
            name="steps"
            label={t('progress')}
            value={shown ?? 0}
            goal={goal}
            valueText={t('ofGoal', { steps: formatNumber(shown ?? 0), goal: formatNumber(goal) })}
            goalText={t('goal', { goal: formatNumber(goal) })}
            fillClassName="bg-violet-500"
          />
        ) : null
      }
    />
  );
}
