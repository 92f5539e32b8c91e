'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useUpdateSettings } from '@/lib/data';
import type { Settings } from '@/lib/schemas/settings';
import { toast } from '@/lib/ui/toast-store';
import { SwitchRow } from './switch-row';

/** Calm mode on or off (docs/decisions/0043): the switch moves at once, the settings follow. */
export function CalmModeToggle({ settings }: { settings: Settings }) {
  const t = useTranslations('pages.settings');
  const tSettings = useTranslations('settings');
  const updateSettings = useUpdateSettings();
  // The choice being saved; the saved settings once they have it (or the save failed).
  const [choice, setChoice] = useState<boolean | null>(null);
  const checked = choice ?? settings.calmMode;
  if (choice !== null && choice === settings.calmMode) setChoice(null);

  function choose(calmMode: boolean) {
    setChoice(calmMode);
    updateSettings.mutate(
      { calmMode },
      {
        onError: () => {
          setChoice(null);
          toast({ title: tSettings('saveFailed'), variant: 'error' });
        },
      },
    );
  }

  return (
    <SwitchRow label={t('calmMode')} hint={t('calmModeHint')} checked={checked} onCheckedChange={choose} />
  );
}
