'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Field, parseDecimal, SavingInput } from '@/components/ui/field';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useSettings, useUpdateSettings } from '@/lib/data';
import { inRange, LIMITS } from '@/lib/limits';
import { toast } from '@/lib/ui/toast-store';

type Choice = 'full' | 'share' | 'none';

/** A share chosen before any is typed: half, a common middle way. */
const FIRST_SHARE = 50;
/** A share is strictly between none and all, which are the other two choices. */
const SHARE = { min: LIMITS.activityShare.min + 1, max: LIMITS.activityShare.max - 1 };

const choiceOf = (share: number): Choice =>
  share >= LIMITS.activityShare.max ? 'full' : share <= LIMITS.activityShare.min ? 'none' : 'share';

/**
 * Whether the kcal of the day's activity add to its budget: all of them, a share in whole
 * percent (for those who find a tracker's or the table's figures generous), or none.
 */
export function ActivitySettings() {
  const t = useTranslations('settings.activityBudget');
  const settings = useSettings().data;
  const updateSettings = useUpdateSettings();
  const shareId = useId();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!settings) return null;
  const saved = settings.activityShare;
  const shown = choice ?? choiceOf(saved);

  function save(share: number) {
    if (share === saved) return;
    updateSettings.mutate(
      { activityShare: share },
      { onError: () => toast({ title: t('saveFailed'), variant: 'error' }) },
    );
  }

  function choose(next: Choice) {
    setChoice(next);
    setDraft(null);
    setError(null);
    if (next === 'full') save(LIMITS.activityShare.max);
    else if (next === 'none') save(LIMITS.activityShare.min);
    else save(choiceOf(saved) === 'share' ? saved : FIRST_SHARE);
  }

  function saveShare() {
    if (draft === null) return;
    const share = parseDecimal(draft.replace('%', ''));
    if (!Number.isInteger(share) || !inRange(share, SHARE)) {
      setError(t('range', SHARE));
      return;
    }
    setError(null);
    save(share);
  }

  return (
    <div className="grid gap-4" data-testid="activity-settings">
      <ToggleGroup
        aria-label={t('label')}
        value={shown}
        onValueChange={(next) => (next === 'full' || next === 'share' || next === 'none') && choose(next)}
        size="sm"
        stretch
      >
        <ToggleGroupItem value="full">{t('full')}</ToggleGroupItem>
        <ToggleGroupItem value="share">{t('share')}</ToggleGroupItem>
        <ToggleGroupItem value="none">{t('none')}</ToggleGroupItem>
      </ToggleGroup>
      {shown === 'share' ? (
        <Field id={shareId} label={t('percent')} error={error ?? undefined} className="max-w-48">
          <SavingInput
            id={shareId}
            inputMode="numeric"
            autoComplete="off"
            invalid={!!error}
            value={draft ?? String(choiceOf(saved) === 'share' ? saved : FIRST_SHARE)}
            onChange={(event) => setDraft(event.target.value)}
            onSave={saveShare}
          />
        </Field>
      ) : null}
      <p className="text-fg-muted text-sm" data-testid="activity-settings-hint">
        {t(`${shown}Hint`, { share: choiceOf(saved) === 'share' ? saved : FIRST_SHARE })}
      </p>
    </div>
  );
}
