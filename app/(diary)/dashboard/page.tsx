import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DashboardView } from '@/components/diary/lazy-views';
import { AppPage } from '@/components/layout/app-page';
import { isoDateSchema } from '@/lib/schemas/common';

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

  return (
    <AppPage title={t('title')}>
      <DashboardView requestedDate={typeof date === 'string' ? date : null} openAdd={add === '1'} />
    </AppPage>
  );
}
