'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { readBrowserCookie, setBrowserCookie } from '@/lib/browser/cookies';
import { BOTTOM_NAV_COOKIE, parseBottomNav, PREFERENCE_MAX_AGE } from './cookies';
import { saveToSettings } from './settings';

/*
 * The phone's bottom navigation bar. The server renders the shell by its cookie
 * (app/(diary)/layout.tsx); the diary's settings keep it to travel. A choice writes both here,
 * and nothing copies one into the other afterwards (docs/decisions/0030).
 */

/** Remembers the choice in this browser; true when the shell drawn now shows the other one. */
export function rememberBottomBar(on: boolean): boolean {
  const changed = parseBottomNav(readBrowserCookie(BOTTOM_NAV_COOKIE)) !== on;
  setBrowserCookie(BOTTOM_NAV_COOKIE, on ? 'on' : 'off', PREFERENCE_MAX_AGE);
  return changed;
}

/** The bar's switch: `shown` is what the server rendered; the user's choice is shown at once. */
export function useBottomBar(shown: boolean) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [on, setOn] = useState(shown);
  // A new render of the server's (after an import brought the other choice) moves the switch too.
  const [rendered, setRendered] = useState(shown);
  if (rendered !== shown) {
    setRendered(shown);
    setOn(shown);
  }

  return {
    on,
    /** The user's choice: shown, remembered, and kept in the settings. */
    setBottomBar(next: boolean) {
      setOn(next);
      rememberBottomBar(next);
      void saveToSettings({ bottomNav: next });
      startTransition(() => router.refresh());
    },
  };
}
