'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, SavingInput } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import type { IconKey } from '@/lib/icons/names';
import { useSettings, useUpdateSettings } from '@/lib/data';
import {
  addOwnMeal,
  freeOwnMeal,
  hideMeal,
  isOwnMeal,
  mealPlan,
  moveMeal,
  renameMeal,
  type MealSlot,
} from '@/lib/diary/meals';
import { hasNoNul, LIMITS } from '@/lib/limits';
import { toast } from '@/lib/ui/toast-store';
import { cn } from '@/lib/ui/cn';

/** Why a typed meal name cannot be saved, as a message key; null when it can. */
function nameProblem(name: string, required: boolean): 'nameRequired' | 'nameLength' | null {
  if (name === '') return required ? 'nameRequired' : null;
  return name.length > LIMITS.mealNameLength.max || !hasNoNul(name) ? 'nameLength' : null;
}

/**
 * The user's meals (lib/diary/meals.ts): rename each (empty gives one of the four its own name
 * back), move it up or down, hide it, and add up to four of one's own. Each change is saved at
 * once, as the other settings are; a hidden meal stays on the days that hold entries in it.
 */
export function MealSettings() {
  const t = useTranslations('settings.meals');
  const tSettings = useTranslations('settings');
  const settings = useSettings().data;
  const updateSettings = useUpdateSettings();
  if (!settings) return null;
  const plan = mealPlan(settings.meals);
  const shown = plan.filter((slot) => !slot.hidden).length;

  // Worked out from the settings as the change before it left them, not as this screen last drew
  // them: a move and a hide tapped in quick succession both count (lib/data/settings-change.ts).
  function save(change: Change) {
    updateSettings.mutate(
      (latest) => {
        const meals = change(latest.meals);
        return meals === null ? null : { meals };
      },
      { onError: () => toast({ title: tSettings('saveFailed'), variant: 'error' }) },
    );
  }

  return (
    <div className="grid gap-4" data-testid="meal-settings">
      <ol className="grid gap-2">
        {plan.map((slot, index) => (
          <MealRow
            key={slot.id}
            slot={slot}
            first={index === 0}
            last={index === plan.length - 1}
            onlyShown={!slot.hidden && shown === 1}
            onSave={save}
          />
        ))}
      </ol>
      <p className="text-fg-muted text-sm">{t('hiddenHint')}</p>
      <AddMeal full={freeOwnMeal(plan) === null} onAdd={(name) => save((setUp) => addOwnMeal(setUp, name))} />
    </div>
  );
}

/** A change of the user's meals, from the meals as they are then; null: none. */
type Change = (setUp: MealSlot[] | null) => MealSlot[] | null;

function MealRow({
  slot,
  first,
  last,
  onlyShown,
  onSave,
}: {
  slot: MealSlot;
  first: boolean;
  last: boolean;
  onlyShown: boolean;
  onSave: (change: Change) => void;
}) {
  const t = useTranslations('settings.meals');
  const tMeals = useTranslations('diary.meals');
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<'nameRequired' | 'nameLength' | null>(null);
  const ownName = tMeals(slot.id);
  const name = slot.name ?? ownName;
  const own = isOwnMeal(slot.id);

  function saveName() {
    if (draft === null) return;
    const typed = draft.replace(/\s+/g, ' ').trim();
    const found = nameProblem(typed, own);
    setProblem(found);
    if (found) return;
    setDraft(null);
    // Emptied, or the meal's own name typed back: no name of one's own.
    const next = typed === '' || (!own && typed === ownName) ? null : typed;
    if (next !== slot.name) onSave((setUp) => renameMeal(setUp, slot.id, next));
  }

  return (
    <li
      className={cn('flex items-start gap-1 rounded-2xl', slot.hidden && 'bg-muted p-1.5')}
      data-testid={`meal-setting-${slot.id}`}
    >
      <Field
        id={id}
        label={t('nameOf', { meal: ownName })}
        error={problem ? t(problem, { max: LIMITS.mealNameLength.max }) : undefined}
        hint={slot.hidden ? t('hidden') : undefined}
        className="min-w-0 flex-1 [&>label]:sr-only"
      >
        <SavingInput
          id={id}
          autoComplete="off"
          maxLength={LIMITS.mealNameLength.max}
          invalid={problem !== null}
          value={draft ?? name}
          placeholder={ownName}
          onChange={(event) => setDraft(event.target.value)}
          onSave={saveName}
        />
      </Field>
      <RowButton
        icon="chevronUp"
        label={t('moveUp', { meal: name })}
        disabled={first}
        onClick={() => onSave((setUp) => moveMeal(setUp, slot.id, -1))}
      />
      <RowButton
        icon="chevronDown"
        label={t('moveDown', { meal: name })}
        disabled={last}
        onClick={() => onSave((setUp) => moveMeal(setUp, slot.id, 1))}
      />
      <RowButton
        icon={slot.hidden ? 'eyeOff' : 'eye'}
        label={t(slot.hidden ? 'show' : 'hide', { meal: name })}
        pressed={slot.hidden}
        // The last meal shown stays: a day needs one to log into.
        disabled={onlyShown}
        title={onlyShown ? t('lastShown') : undefined}
        onClick={() => onSave((setUp) => hideMeal(setUp, slot.id, !slot.hidden))}
      />
    </li>
  );
}

/** A meal row's icon button, named for what it does to the meal. */
function RowButton({
  icon,
  label,
  pressed,
  ...props
}: {
  icon: IconKey;
  label: string;
  pressed?: boolean;
  disabled: boolean;
  title?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      className="text-fg-muted hover:bg-muted hover:text-fg grid size-11 shrink-0 cursor-pointer place-items-center rounded-xl text-lg disabled:cursor-not-allowed disabled:opacity-40"
      {...props}
    >
      <Icon name={icon} />
    </button>
  );
}

/** The field that adds a meal of one's own, or a line saying a day holds no more. */
function AddMeal({ full, onAdd }: { full: boolean; onAdd: (name: string) => void }) {
  const t = useTranslations('settings.meals');
  const id = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<'nameRequired' | 'nameLength' | null>(null);
  if (full) return <p className="text-fg-muted text-sm">{t('full')}</p>;

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = name.replace(/\s+/g, ' ').trim();
    const found = nameProblem(typed, true);
    setProblem(found);
    if (found) return;
    onAdd(typed);
    setName('');
  }

  return (
    <form onSubmit={submit} noValidate>
      <Field
        id={id}
        label={t('newMeal')}
        error={problem ? t(problem, { max: LIMITS.mealNameLength.max }) : undefined}
      >
        <div className="flex gap-2">
          <Input
            id={id}
            autoComplete="off"
            maxLength={LIMITS.mealNameLength.max}
            invalid={problem !== null}
            value={name}
            placeholder={t('newPlaceholder')}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" variant="secondary" className="shrink-0">
            <Icon name="plus" className="text-lg" />
            {t('add')}
          </Button>
        </div>
      </Field>
    </form>
  );
}
