'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateSpan } from '@/components/ui/date-span';
import { FormError } from '@/components/ui/form-error';
import { Icon } from '@/components/ui/icon';
import { ImportSettingsPlan } from '@/components/settings/import-settings-plan';
import { dateSpan } from '@/lib/diary/dates';
import type { SettingsChoice } from '@/lib/diary/settings-merge';
import type { DiaryExport, ImportPlan } from '@/lib/schemas/export';
import type { Settings } from '@/lib/schemas/settings';
import { toast } from '@/lib/ui/toast-store';

type Offer = { data: DiaryExport; plan: ImportPlan };

// The data layer's guest import loads with the offer, not with the log-in page.
const guestImport = () => import('@/lib/data');

/**
 * After logging in or registering from guest mode (and in settings while a guest diary is still
 * in this browser): a preview of what the guest diary adds to the account, and the import. The
 * guest data stays in the browser until the server has taken all of it; then it is removed, so
 * the diary lives in one place.
 */
export function GuestImportOffer({
  onDone,
  headingLevel = 'h2',
}: {
  /** `settingsTaken`: the guest's settings, when the account took them (its language, theme...). */
  onDone: (imported: boolean, settingsTaken?: Settings) => void;
  /** h1 where the offer is the page's content (after logging in), lower inside a settings card. */
  headingLevel?: 'h1' | 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  const t = useTranslations('guestImport');
  const [offer, setOffer] = useState<Offer | null>(null);
  const [state, setState] = useState<'checking' | 'ready' | 'importing' | 'failed'>('checking');
  const [settingsChoice, setSettingsChoice] = useState<SettingsChoice>('mine');

  useEffect(() => {
    let active = true;
    guestImport()
      .then(({ prepareGuestImport }) => prepareGuestImport())
      .then(
        (prepared) => {
          if (!active) return;
          setOffer(prepared);
          setSettingsChoice(prepared.plan.settings.onlyDefaults ? 'file' : 'mine');
          setState('ready');
        },
        () => active && setState('failed'),
      );
    return () => {
      active = false;
    };
  }, []);

  async function runImport() {
    if (!offer) return;
    setState('importing');
    try {
      const { importGuestDiary } = await guestImport();
      const done = await importGuestDiary(offer.data, settingsChoice);
      toast({ title: t('imported'), variant: 'success' });
      onDone(true, done.settings.applied ? offer.data.settings : undefined);
    } catch {
      setState('failed');
    }
  }

  const plan = offer?.plan;
  const span = offer ? dateSpan(offer.data.days.map((day) => day.date)) : null;
  return (
    <section aria-labelledby="guest-import-title" className="grid gap-4" aria-busy={state === 'checking'}>
      <div className="flex items-start gap-3">
        <span className="bg-primary/12 text-primary-strong grid size-11 shrink-0 place-items-center rounded-2xl text-2xl">
          <Icon name="upload" />
        </span>
        <div>
          <Heading id="guest-import-title" className="text-lg font-semibold">
            {t('title')}
          </Heading>
          <p className="text-fg-muted mt-1 text-sm">{t('lead')}</p>
        </div>
      </div>
      {plan ? (
        <ul className="bg-muted grid gap-1 rounded-2xl px-4 py-3 text-sm" data-testid="guest-import-preview">
          {span ? (
            <li className="font-semibold text-balance" data-testid="guest-import-span">
              <DateSpan {...span} />
            </li>
          ) : null}
          <li>{t('days', { added: plan.days.added, updated: plan.days.updated })}</li>
          <li>{t('entries', { added: plan.entries.added, updated: plan.entries.updated })}</li>
          <li>{t('foods', { added: plan.foods.added, updated: plan.foods.updated })}</li>
        </ul>
      ) : null}
      {plan ? (
        <ImportSettingsPlan plan={plan.settings} choice={settingsChoice} onChoice={setSettingsChoice} />
      ) : state === 'checking' ? (
        <p className="text-fg-muted text-sm" role="status">
          {t('checking')}
        </p>
      ) : null}
      <FormError>{state === 'failed' ? t('failed') : null}</FormError>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="lg"
          className="flex-1"
          disabled={!offer || state === 'importing'}
          onClick={() => void runImport()}
        >
          {state === 'importing' ? t('importing') : t('import')}
        </Button>
        <Button
          type="button"
          size="lg"
          variant="secondary"
          className="flex-1"
          disabled={state === 'importing'}
          onClick={() => onDone(false)}
        >
          {t('notNow')}
        </Button>
      </div>
    </section>
  );
}
