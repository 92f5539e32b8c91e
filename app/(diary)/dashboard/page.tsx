import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { DashboardFirstPaint } from '@/components/diary/dashboard-first-paint';
import { DashboardView } from '@/components/diary/lazy-views';
import { DashboardSkeleton } from '@/components/diary/skeletons';
import { AppPage } from '@/components/layout/app-page';
import { isoDateSchema } from '@/lib/schemas/common';
import { requestNonce } from '@/lib/server/nonce';
import { parseSessionState, SESSION_STATE_COOKIE } from '@/lib/session/state';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pages.dashboard');
  return { title: t('title') };
}

/** /dashboard?date=YYYY-MM-DD: one day of the diary (today when no date is given). */
export default async function DashboardPage({
  searchParams,
}: {
  searchParams: Promise<{ date?: string | string[]; add?: string }>;
}) {
  const t = await getTranslations('pages.dashboard');
  const { date, add } = await searchParams;
  // The seed: a route whose validation fails is a 404.
  if (date !== undefined && !isoDateSchema.safeParse(date).success) notFound();
  const requestedDate = typeof date === 'string' ? date : null;
  const [cookieStore, locale, nonce] = await Promise.all([cookies(), getLocale(), requestNonce()]);
  const session = parseSessionState(cookieStore.get(SESSION_STATE_COOKIE)?.value);

  return (
    <AppPage title={t('title')}>
      <DashboardView
        requestedDate={requestedDate}
        openAdd={add === '1'}
        // A guest's figures are in this browser: the first paint shows them before the view loads.
        placeholder={
          session === 'guest' ? (
            <DashboardFirstPaint date={requestedDate} locale={locale} nonce={nonce} />
          ) : (
            <DashboardSkeleton />
          )
        }
      />
    </AppPage>
  );
}
