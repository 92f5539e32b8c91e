'use client';

import { useRouter } from 'next/navigation';
import type { Settings } from '@/lib/schemas/settings';
import { rememberBottomBar } from './bottom-bar';
import { rememberLanguage, useLanguage } from './language';
import { rememberTheme, useThemePreference } from './theme';

/*
 * Settings that arrive from outside this browser bring their language, theme and bottom bar
 * with them: an import that took a file's settings, an account logging in on this device. This
 * is the one place the browser takes them from the settings, once, as they arrive; no later read
 * of the settings changes what this browser shows (docs/decisions/0030). Settings without a
 * theme (null: never chosen) leave this browser's.
 */

type Preferences = Pick<Settings, 'language' | 'theme' | 'bottomNav'>;

/** Remembers the settings' choices in this browser, for a full page load that follows. */
export function rememberPreferences(settings: Preferences): void {
  rememberLanguage(settings.language);
  if (settings.theme) rememberTheme(settings.theme);
  rememberBottomBar(settings.bottomNav);
}

/** The same, shown at once in the page (after an import on the settings page). */
export function useFollowSettings(): (settings: Preferences) => void {
  const router = useRouter();
  const { showLanguage } = useLanguage();
  const { showTheme } = useThemePreference();
  return (settings) => {
    if (settings.theme) showTheme(settings.theme);
    if (rememberBottomBar(settings.bottomNav)) router.refresh();
    showLanguage(settings.language);
  };
}

/**
 * After logging in: this browser takes the account's choices (made on another device, or just
 * brought from the guest diary) before the diary's first page loads. Unreadable now (offline),
 * the browser keeps its own.
 */
export async function rememberAccountPreferences(): Promise<void> {
  try {
    const { loadRepository } = await import('@/lib/data');
    rememberPreferences(await (await loadRepository()).getSettings());
  } catch {
    // Nothing to take: the diary opens as this browser shows it.
  }
}
