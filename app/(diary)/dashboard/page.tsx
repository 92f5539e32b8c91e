import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { AccountDashboardFirstPaint, DashboardFirstPaint } from '@/components/diary/dashboard-first-paint';
import { DashboardView } from '@/components/diary/lazy-views';
import { AppPage } from '@/components/layout/app-page';
import { isMeal } from '@/lib/diary/meals';
import { LIMITS } from '@/lib/limits';
import { isoDateSchema } from '@/lib/schemas/common';
import { requestNonce } from '@/lib/server/nonce';
import { parseSessionState, SESSION_STATE_COOKIE } from '@/lib/session/state';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages.dashboard');
  return { title: t('title') };
}

/** How much of a date that is not a day the notice repeats back. */
const UNKNOWN_DATE_SHOWN = 40;

/**
 * /dashboard?date=YYYY-MM-DD: one day of the diary (today when no date is given); ?add=1 or
 * ?add=<meal> opens the add dialog (?q= searching), ?weight=1 the weight dialog, ?fast=1 the
 * fasting dialog.
 */
export default async function DashboardPage({
  searchParams,
}: {
  searchParams: Promise<{
    date?: string | string[];
    add?: string;
    q?: string | string[];
    title?: string | string[];
    weight?: string;
    fast?: string;
  }>;
}) {
  const t = await getTranslations('pages.dashboard');
  const { date, add, q, title, weight, fast } = await searchParams;
  // Text shared to the installed app (manifest share_target: its text as ?q=, or only a title)
  // opens the add dialog searching for it, as the palette's ?add=1&q= does.
  const shared = typeof q === 'string' ? q : typeof title === 'string' ? title : '';
  // ?add=1, or ?add=lunch from a reminder or a home-screen shortcut: the add dialog on that meal.
  const addMeal = typeof add === 'string' && isMeal(add) ? add : null;
  // A date that is no day of the diary (a typo, 2026-13-45, a date twice) shows today, and says
  // so, rather than a 404 page with nowhere to go.
  const valid = date === undefined || isoDateSchema.safeParse(date).success;
  const requestedDate = valid && typeof date === 'string' ? date : null;
  const unknownDate = valid ? null : [date].flat().join(', ').slice(0, UNKNOWN_DATE_SHOWN);
  const [cookieStore, locale, nonce] = await Promise.all([cookies(), getLocale(), requestNonce()]);
  const session = parseSessionState(cookieStore.get(SESSION_STATE_COOKIE)?.value);

  return (
    <AppPage title={t('title')}>
      <DashboardView
        requestedDate={requestedDate}
        openAdd={add === '1' || addMeal !== null || shared.trim() !== ''}
        addMeal={addMeal}
        openWeight={weight === '1'}
        openFast={fast === '1'}
        // The command palette's "Log …": the add dialog opens searching for it.
        addQuery={shared.trim().slice(0, LIMITS.nameLength.max)}
        unknownDate={unknownDate}
        // The first paint shows the day's figures before the view loads: a guest's from this
        // browser's storage, an account's from the server.
        placeholder={
          session === 'guest' ? (
            <DashboardFirstPaint date={requestedDate} locale={locale} nonce={nonce} />
          ) : (
            <AccountDashboardFirstPaint date={requestedDate} />
          )
        }
      />
    </AppPage>
  );
}
