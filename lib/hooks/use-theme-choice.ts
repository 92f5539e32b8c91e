'use client';

import { useTheme } from 'next-themes';
import { useUpdateSettings } from '@/lib/queries/use-diary';
import { AUTH_STORAGE_KEY } from '@/lib/session/state';
import type { Theme } from '@/lib/theme';

/**
 * Switches the theme, and inside a session also saves it in the settings, so the saved theme
 * (applied at every start) never undoes a choice made from the menu.
 */
export function useThemeChoice(): { theme: string | undefined; chooseTheme: (theme: Theme) => void } {
  const { theme, setTheme } = useTheme();
  const updateSettings = useUpdateSettings();
  return {
    theme,
    chooseTheme(next) {
      setTheme(next);
      if (localStorage.getItem(AUTH_STORAGE_KEY)) updateSettings.mutate({ theme: next });
    },
  };
}
