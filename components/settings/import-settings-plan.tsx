'use client';

import { orderedTargets, type NutrientTargets } from '@/lib/diary/nutrient-targets';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useFormatter, useTranslations } from 'next-intl';
import { useId } from 'react';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import type { SettingChange, SettingsChoice, SettingsPlan } from '@/lib/diary/settings-merge';
import type { Settings } from '@/lib/schemas/settings';
import type { MacroTargets } from '@/lib/diary/day-summary';
import { mealPlan, type MealPlan } from '@/lib/diary/meals';

/**
 * What an import does with settings, for its preview: nothing (the same), the file's taken (this
 * diary still had the defaults), or the differences side by side with the user's choice.
 */
export function ImportSettingsPlan({
  plan,
  choice,
  onChoice,
}: {
  plan: SettingsPlan;
  choice: SettingsChoice;
  onChoice: (choice: SettingsChoice) => void;
}) {
  const t = useTranslations('settings.transfer');
  const name = useId();
  const describe = useSettingValue();
  const asks = plan.changes.length > 0 && !plan.onlyDefaults;
  const lead = plan.changes.length === 0 ? t('same') : asks ? t('differ') : t('taken');

  return (
    <section aria-labelledby={`${name}-title`} className="grid gap-2 text-sm" data-testid="import-settings">
      <h3 id={`${name}-title`} className="font-semibold">
        {t('title')}
      </h3>
      <p className="text-fg-muted">{lead}</p>
      {plan.changes.length > 0 ? (
        <table className="w-full text-left">
          <thead className="text-fg-muted text-xs">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                <span className="sr-only">{t('title')}</span>
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                {t('yours')}
              </th>
              <th scope="col" className="py-1 font-medium">
                {t('inFile')}
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.changes.map((change) => (
              <tr key={change.field} className="border-border border-t">
                <th scope="row" className="py-1.5 pr-2 font-medium">
                  {t(`fields.${change.field}`)}
                </th>
                <td className="py-1.5 pr-2 tabular-nums">{describe(change, 'current')}</td>
                <td className="py-1.5 tabular-nums">{describe(change, 'incoming')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {asks ? (
        <ToggleGroup
          aria-label={t('differ')}
          variant="options"
          value={choice}
          onValueChange={(next) => onChoice(next as SettingsChoice)}
        >
          {(['mine', 'file'] as const).map((option) => (
            <ToggleGroupItem key={option} value={option}>
              {option === 'mine' ? t('keepMine') : t('useFile')}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      ) : null}
    </section>
  );
}

/** A setting's value as the settings page words it. */
function useSettingValue() {
  const t = useTranslations('settings.transfer');
  const tSettings = useTranslations('settings');
  const tTheme = useTranslations('theme');
  const tLanguage = useTranslations('language');
  const tUnits = useTranslations('units');
  const tMeals = useTranslations('diary.meals');
  const format = useFormatter();
  const unitFormat = useUnitFormat();
  return (change: SettingChange, side: 'current' | 'incoming'): string => {
    const value = change[side];
    if (change.field === 'meals')
      return mealPlan(value as MealPlan | null)
        .filter((slot) => !slot.hidden)
        .map((slot) => slot.name ?? tMeals(slot.id))
        .join(', ');
    if (value === null) return t('notSet');
    switch (change.field) {
      case 'currentGoal':
        return unitFormat.energy(value as number);
      case 'weight':
        return unitFormat.bodyWeight(value as number);
      case 'height':
        return unitFormat.height(value as number);
      case 'age':
        return format.number(value as number);
      case 'gender':
        return tSettings(value as 'male' | 'female');
      case 'activity':
        return tSettings(`activityLevels.${value as 'light'}`).split(' (')[0]!;
      case 'theme':
        return tTheme(value as 'light');
      case 'language':
        return tLanguage(value as 'en');
      case 'bottomNav':
      case 'calmMode':
      case 'stepsInBudget':
        return value ? t('on') : t('off');
      case 'unitSystem':
        return tUnits(`systems.${value as 'metric'}`);
      case 'energyUnit':
        return tUnits(`energies.${value as 'kcal'}`);
      case 'macroTargets': {
        const targets = value as MacroTargets;
        const figure = (grams: number) =>
          targets.unit === 'percent'
            ? format.number(grams / 100, { style: 'percent' })
            : tUnits('g', { value: grams });
        return `${figure(targets.protein)} · ${figure(targets.fat)} · ${figure(targets.carbs)}`;
      }
      case 'weekdayGoals': {
        const count = Object.keys(value as Settings['weekdayGoals']).length;
        return count === 0 ? t('notSet') : t('weekdayGoalsCount', { count });
      }
      case 'waterGlass':
        return unitFormat.volume(value as number);
      case 'waterGoal':
        return unitFormat.volume(value as number);
      case 'stepsGoal':
        return format.number(value as number);
      case 'activityShare':
        return format.number((value as number) / 100, { style: 'percent' });
      case 'nutrientTargets': {
        const count = Object.keys(orderedTargets(value as NutrientTargets)).length;
        return count === 0 ? t('notSet') : t('nutrientTargetsCount', { count });
      }
      default: {
        const never: never = change.field;
        return String(never);
      }
    }
  };
}
