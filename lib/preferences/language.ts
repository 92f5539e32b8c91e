'use client';

import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useTransition } from 'react';
import { setBrowserCookie } from '@/lib/browser/cookies';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '@/lib/i18n/config';
import { saveToSettings } from './settings';

/*
 * The interface language. The server renders in the language of the seed's cookie
 * (lib/i18n/request.ts); the diary's settings keep it to travel. A choice writes both here, and
 * nothing copies one into the other afterwards (docs/decisions/0030).
 */

/** Remembers `locale` in this browser: the next server render uses it. */
export function rememberLanguage(locale: Locale): void {
  setBrowserCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE);
}

/**
 * A guest diary begun here keeps the language in use (the seed's default is ru, whatever the
 * interface speaks), as a new account takes it from the request (lib/server/auth/accounts.ts):
 * an export, or the account it is brought into, then carries the language it was kept in.
 */
export function startDiaryInLanguage(locale: Locale): void {
  void saveToSettings({ language: locale }, { ifChanged: true });
}

/** The language in use, and the two ways it changes: the user's choice, and settings that arrived. */
export function useLanguage() {
  const router = useRouter();
  const language = useLocale() as Locale;
  const [pending, startTransition] = useTransition();

  /** Remembers `locale` and re-renders the server components in it, without a full reload. */
  function showLanguage(locale: Locale) {
    rememberLanguage(locale);
    if (locale === language) return;
    document.documentElement.lang = locale;
    startTransition(() => router.refresh());
  }

  return {
    language,
    pending,
    /** The user's choice: shown, remembered, and kept in the settings. */
    setLanguage(locale: Locale) {
      showLanguage(locale);
      void saveToSettings({ language: locale });
    },
    /** The language of settings that arrived (an import): shown and remembered; they hold it already. */
    showLanguage,
  };
}
