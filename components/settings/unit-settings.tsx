'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useUpdateSettings } from '@/lib/data';
import { useUnits } from '@/lib/hooks/use-units';
import { energyUnits, unitSystems } from '@/lib/units/units';

/**
 * The units figures are shown and typed in: metric, US or UK, and kcal or kJ. Until chosen they
 * follow the browser's locale; a choice is saved with the settings, so it travels to every device
 * of an account and with an export. Stored figures never change. In calm mode no energy is
 * shown, so neither is its unit.
 */
export function UnitSettings({ calm }: { calm: boolean }) {
  const t = useTranslations('units');
  const units = useUnits();
  const updateSettings = useUpdateSettings();

  return (
    <div className="grid gap-4" data-testid="unit-settings">
      <UnitChoice
        label={t('systemsLabel')}
        options={unitSystems}
        value={units.system}
        name={(system) => t(`systemsShort.${system}`)}
        title={(system) => t(`systems.${system}`)}
        onChoose={(unitSystem) => updateSettings.mutate({ unitSystem })}
      />
      {calm ? null : (
        <UnitChoice
          label={t('energyLabel')}
          options={energyUnits}
          value={units.energy}
          name={(energy) => t(`energies.${energy}`)}
          onChoose={(energyUnit) => updateSettings.mutate({ energyUnit })}
        />
      )}
      <p className="text-fg-muted text-sm">
        {t(`systems.${units.system}`)}. {t(calm ? 'unitsHintCalm' : 'unitsHint')}
      </p>
    </div>
  );
}

/** One labelled row of unit options; choosing one saves it. */
function UnitChoice<Option extends string>({
  label,
  options,
  value,
  name,
  title,
  onChoose,
}: {
  label: string;
  options: readonly Option[];
  value: Option;
  name: (option: Option) => string;
  title?: (option: Option) => string;
  onChoose: (option: Option) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <span className="font-medium" id={id}>
        {label}
      </span>
      <ToggleGroup
        aria-labelledby={id}
        value={value}
        onValueChange={(next) => {
          const chosen = options.find((option) => option === next);
          if (chosen) onChoose(chosen);
        }}
        size="sm"
      >
        {options.map((option) => (
          <ToggleGroupItem key={option} value={option} title={title?.(option)}>
            {name(option)}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
    </div>
  );
}
