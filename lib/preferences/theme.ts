'use client';

import { useTheme } from 'next-themes';
import { isTheme, THEME_STORAGE_KEY, type Theme } from '@/lib/preferences/themes';
import { saveToSettings } from './settings';

/*
 * The colour theme. next-themes applies the seed's localStorage key before the page paints; the
 * diary's settings keep the theme to travel. A choice writes both here, and nothing copies one
 * into the other afterwards (docs/decisions/0030).
 */

/** Remembers `theme` in this browser, for the next page load. */
export function rememberTheme(theme: Theme): void {
  localStorage.setItem(THEME_STORAGE_KEY, theme);
}

/** The theme in use (unknown until the page runs in the browser), and the two ways it changes. */
export function useThemePreference() {
  const { theme, setTheme } = useTheme();
  return {
    theme: isTheme(theme) ? theme : undefined,
    /** The user's choice: applied, remembered, and kept in the settings. */
    setTheme(next: Theme) {
      setTheme(next);
      void saveToSettings({ theme: next });
    },
    /** The theme of settings that arrived (an import): applied and remembered; they hold it already. */
    showTheme: setTheme as (theme: Theme) => void,
  };
}
