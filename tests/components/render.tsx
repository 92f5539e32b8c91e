import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { DiaryDataProvider, getQueryClient } from '@/lib/data';
import type { Locale } from '@/lib/i18n/config';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';

export const messages = { en, ru } as const;

/** The browser's language in each locale, as the e2e tier's browsers have it: metric and kcal. */
const BROWSER_LANGUAGE: Record<Locale, string> = { en: 'en-IE', ru: 'ru-RU' };

/**
 * Renders `ui` as the diary renders it for a guest: the locale's messages and the diary's data
 * (a fresh query cache over this test's localStorage); `language`, the browser's, decides the
 * units (en-US: pounds and inches). Answers Testing Library's queries and a
 * user-event session to act with.
 */
export function renderInDiary(
  ui: ReactNode,
  { locale = 'en', language = BROWSER_LANGUAGE[locale] }: { locale?: Locale; language?: string } = {},
): RenderResult & { user: ReturnType<typeof userEvent.setup> } {
  getQueryClient().clear();
  Object.defineProperty(navigator, 'languages', { value: [language], configurable: true });
  const user = userEvent.setup();
  const result = render(
    <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone="Europe/Dublin">
      <DiaryDataProvider>{ui}</DiaryDataProvider>
    </NextIntlClientProvider>,
  );
  return { ...result, user };
}

/** A message of `locale` with its {placeholders} filled, as the interface shows it. */
export function fill(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
