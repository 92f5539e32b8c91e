'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTheme } from 'next-themes';
import { useEffect, useRef, useState } from 'react';
import { readBrowserCookie, setBrowserCookie } from '@/lib/cookies';
import { afterLoadWhenIdle } from '@/lib/idle';
import { STORAGE_WARN_RATIO, storageUsage } from '@/lib/diary/storage-usage';
import { BOTTOM_NAV_COOKIE, PREFERENCE_MAX_AGE, parseBottomNav } from '@/lib/preferences';
import { THEME_CHOSEN_EVENT } from '@/lib/hooks/use-theme-choice';
import { useDataMode, useProblems, useSettings, useUpdateSettings } from '@/lib/data';
import { rememberAccountProfile } from '@/lib/session/profile';
import type { Theme } from '@/lib/theme';
import type { Settings } from '@/lib/schemas/settings';
import { routes } from '@/lib/routes';
import { toast } from '@/lib/toast-store';

const REPORTED_KEY = 'diary-problems-reported';

/**
 * What saved settings do outside the settings page: a saved theme is applied at start and
 * whenever it changes; the bottom-bar choice reaches the cookie the server layout reads; and
 * unreadable records or a nearly full storage are reported once per browser session.
 */
export function SettingsEffects() {
  const t = useTranslations('settings');
  const router = useRouter();
  const { theme, setTheme } = useTheme();
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
  const { mutate: saveSettings } = useUpdateSettings();

  // The theme the user just picked here, until the saved settings say the same.
  const pendingTheme = useRef<Theme | null>(null);

  useEffect(() => {
    const onChosen = (event: Event) => {
      const chosen = (event as CustomEvent<Theme>).detail;
      pendingTheme.current = chosen;
      saveSettings({ theme: chosen });
    };
    window.addEventListener(THEME_CHOSEN_EVENT, onChosen);
    return () => window.removeEventListener(THEME_CHOSEN_EVENT, onChosen);
  }, [saveSettings]);

  useEffect(() => {
    const saved = settings?.theme;
    if (!saved) return;
    if (pendingTheme.current !== null) {
      // A read that started before the latest pick was saved must not undo it (Dark, then
      // Light quickly: the settings refreshed after saving Dark still say dark).
      if (saved === pendingTheme.current) pendingTheme.current = null;
      return;
    }
    if (saved !== theme) setTheme(saved);
    // Only a change of the saved theme should apply; the current theme is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings?.theme, setTheme]);

  // The menus show the account by its name and email as its settings have them now.
  const mode = useDataMode();
  useEffect(() => {
    if (mode === 'account' && settings?.email)
      rememberAccountProfile({ name: settings.name, email: settings.email });
  }, [mode, settings?.name, settings?.email]);

  // settings.language follows the language in use, however it was switched (the switcher, the
  // palette, the browser's preference on a first visit), so an export carries the real one.
  const locale = useLocale();
  useEffect(() => {
    if (settings && settings.language !== locale) saveSettings({ language: locale as Settings['language'] });
  }, [settings, locale, saveSettings]);

  useEffect(() => {
    if (!settings) return;
    if (parseBottomNav(readBrowserCookie(BOTTOM_NAV_COOKIE)) !== settings.bottomNav) {
      setBrowserCookie(BOTTOM_NAV_COOKIE, settings.bottomNav ? 'on' : 'off', PREFERENCE_MAX_AGE);
      router.refresh();
    }
  }, [settings, router]);

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
    const usage = storageUsage(window.localStorage);
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
