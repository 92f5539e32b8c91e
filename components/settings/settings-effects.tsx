'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { afterLoadWhenIdle } from '@/lib/browser/idle';
import { guestStorageUsage, STORAGE_WARN_RATIO, useDataMode, useProblems, useSettings } from '@/lib/data';
import { rememberAccountProfile } from '@/lib/session/profile';
import { routes } from '@/lib/navigation/routes';
import { toast } from '@/lib/ui/toast-store';

const REPORTED_KEY = 'diary-problems-reported';

/**
 * What saved settings do outside the settings page: the menus name the account as its settings
 * do, and unreadable records or a nearly full storage are reported once per browser session.
 * The language, theme and bottom bar are not copied from here: lib/preferences writes each to
 * this browser and to the settings together (docs/decisions/0030).
 */
export function SettingsEffects() {
  const t = useTranslations('settings');
  const router = useRouter();
  const settings = useSettings().data;
  // Looking for unreadable records reads every record, so it waits until the page has loaded
  // and the browser is idle, and is skipped once this browser session has been told.
  const [lookForProblems, setLookForProblems] = useState(false);
  useEffect(
    () =>
      sessionStorage.getItem(REPORTED_KEY) ? undefined : afterLoadWhenIdle(() => setLookForProblems(true)),
    [],
  );
  const problems = useProblems({ enabled: lookForProblems }).data;
  const warnedStorage = useRef(false);

  // The menus show the account by its name and email as its settings have them now.
  const mode = useDataMode();
  useEffect(() => {
    if (mode === 'account' && settings?.email)
      rememberAccountProfile({ name: settings.name, email: settings.email });
  }, [mode, settings?.name, settings?.email]);

  useEffect(() => {
    if (!problems || problems.length === 0 || sessionStorage.getItem(REPORTED_KEY)) return;
    sessionStorage.setItem(REPORTED_KEY, '1');
    toast({
      title: t('problemsFound', { count: problems.length }),
      variant: 'error',
      duration: Infinity,
      action: { label: t('review'), onClick: () => router.push(`${routes.settings}#data`) },
    });
  }, [problems, router, t]);

  useEffect(() => {
    if (warnedStorage.current || !settings) return;
    warnedStorage.current = true;
    const usage = guestStorageUsage();
    if (usage >= STORAGE_WARN_RATIO) {
      toast({
        title: t('storageWarning', { percent: Math.round(usage * 100) }),
        variant: 'error',
        duration: Infinity,
      });
    }
  }, [settings, t]);

  return null;
}
