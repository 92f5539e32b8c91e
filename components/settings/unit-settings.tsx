'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useUpdateSettings } from '@/lib/data';
import { useUnits } from '@/lib/hooks/use-units';
import { energyUnits, unitSystems, type EnergyUnit, type UnitSystem } from '@/lib/units/units';

const isSystem = (value: string): value is UnitSystem => (unitSystems as readonly string[]).includes(value);
const isEnergy = (value: string): value is EnergyUnit => (energyUnits as readonly string[]).includes(value);

/**
 * The units figures are shown and typed in: metric, US or UK, and kcal or kJ. Until chosen they
 * follow the browser's locale; a choice is saved with the settings, so it travels to every device
 * of an account and with an export. Stored figures never change.
 */
export function UnitSettings() {
  const t = useTranslations('units');
  const units = useUnits();
  const updateSettings = useUpdateSettings();
  const id = useId();

  return (
    <div className="grid gap-4" data-testid="unit-settings">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="font-medium" id={`${id}-system`}>
          {t('systemsLabel')}
        </span>
        <ToggleGroup
          aria-labelledby={`${id}-system`}
          value={units.system}
          onValueChange={(next) => isSystem(next) && updateSettings.mutate({ unitSystem: next })}
          size="sm"
        >
          {unitSystems.map((system) => (
            <ToggleGroupItem key={system} value={system} title={t(`systems.${system}`)}>
              {t(`systemsShort.${system}`)}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="font-medium" id={`${id}-energy`}>
          {t('energyLabel')}
        </span>
        <ToggleGroup
          aria-labelledby={`${id}-energy`}
          value={units.energy}
          onValueChange={(next) => isEnergy(next) && updateSettings.mutate({ energyUnit: next })}
          size="sm"
        >
          {energyUnits.map((energy) => (
            <ToggleGroupItem key={energy} value={energy}>
              {t(`energies.${energy}`)}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </div>
      <p className="text-fg-muted text-sm">
        {t(`systems.${units.system}`)}. {t('unitsHint')}
      </p>
    </div>
  );
}
