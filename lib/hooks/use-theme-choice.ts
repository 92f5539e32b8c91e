'use client';

import { useTheme } from 'next-themes';
import type { Theme } from '@/lib/theme';

/** Announced when the user picks a theme; inside the diary it is saved into the settings. */
export const THEME_CHOSEN_EVENT = 'app:theme-chosen';

/**
 * Switches the theme and announces the choice, so the diary can save it (a saved theme is
 * applied at every start and must not undo a choice made from the menu or the palette).
 */
export function useThemeChoice(): { theme: string | undefined; chooseTheme: (theme: Theme) => void } {
  const { theme, setTheme } = useTheme();
  return {
    theme,
    chooseTheme(next) {
      setTheme(next);
      window.dispatchEvent(new CustomEvent<Theme>(THEME_CHOSEN_EVENT, { detail: next }));
    },
  };
}
